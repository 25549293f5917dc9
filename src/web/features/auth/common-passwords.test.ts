// The password forms fetch the common-password list as a gzipped asset; once it is in, the shared rule refuses
// a common password in the form as the server does.
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CODES } from '../../../shared/schemas/codes'

// The file the build ships (tests run from the repository's root).
const gzipped = readFileSync('src/shared/rules/common-passwords.txt.gz')
const asset = (body: BodyInit, status = 200) => () => Promise.resolve(new Response(body, { status }))

/** A fresh page: the list module and the rule without a list. */
async function freshPage() {
  vi.resetModules()
  const loader = await import('./common-passwords')
  const rule = await import('../../../shared/rules/password')
  const codeOf = (pw: string) => {
    const result = v.safeParse(rule.newPassword, pw)
    return result.success ? null : result.issues[0].message
  }
  return { ...loader, ...rule, codeOf }
}

describe('the common-password list in the web', () => {
  beforeEach(() => vi.resetModules())

  it('refuses "Password1!" once the gzipped list is in, and not before', async () => {
    const page = await freshPage()
    expect(page.codeOf('Password1!')).toBeNull()
    await page.loadCommonPasswords(asset(new Uint8Array(gzipped)))
    expect(page.codeOf('Password1!')).toBe(CODES.commonPassword)
    expect(page.codeOf('Dragon2024!')).toBe(CODES.commonPassword)
    expect(page.codeOf('Sample$1pass')).toBeNull()
  })

  it('takes the list already un-gzipped by the server or a proxy', async () => {
    const page = await freshPage()
    await page.loadCommonPasswords(asset('123456\npassword\ndragon'))
    expect(page.codeOf('P@ssw0rd1')).toBe(CODES.commonPassword)
  })

  it('a failed fetch leaves the refusal to the server, and the next form tries again', async () => {
    const page = await freshPage()
    await page.loadCommonPasswords(asset('gone', 503))
    expect(page.hasCommonPasswords()).toBe(false)
    await page.loadCommonPasswords(() => Promise.reject(new TypeError('offline')))
    expect(page.hasCommonPasswords()).toBe(false)
    await page.loadCommonPasswords(asset(new Uint8Array(gzipped)))
    expect(page.codeOf('Password1!')).toBe(CODES.commonPassword)
  })
})
