// Links in mail lead to the configured public address, whatever Host a caller sends, and a mailed key opens
// only its own account, once, on its own institution's host (ADR 0114).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createHarness, PLATFORM_HOST, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { insertInstitution, mailText } from '../factories/tenants'
import { MESSAGES } from '../../src/server/lib/messages'

const DOMAIN = 'miscue.example.org'
const SAMPLE = `sample.${DOMAIN}`
let h: Harness
let deployed: Harness

beforeAll(async () => {
  h = await createHarness()
  // The usual real deployment: a three-label platform domain behind TLS.
  deployed = await createHarness({ env: { BASE_DOMAIN: DOMAIN, PUBLIC_PROTOCOL: 'https', PORT: '8080' } })
})
afterAll(async () => {
  await h?.close()
  await deployed?.close()
})

/** The one new mail a call writes, decoded. */
async function mailOf(of: Harness, call: () => Promise<{ status: number }>, status = 200): Promise<string> {
  const before = of.mails().length
  expect((await call()).status).toBe(status)
  const mails = of.mails()
  expect(mails).toHaveLength(before + 1)
  return mailText(mails.at(-1)!)
}

/** The distinct addresses in a mail (its text and HTML parts name the same link). */
const links = (text: string) => [...new Set([...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]))]
const keyOf = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1]!

describe('links in mail', () => {
  it('a forged Host on the platform never reaches the reset mail: the link is the configured platform address', async () => {
    const text = await mailOf(h, () => h.request('POST', '/api/forgot-password/', {
      host: 'attacker.example', headers: { 'x-forwarded-host': 'attacker.example' }, json: { email: 'admin@platform.local' },
    }))
    expect(text).not.toContain('attacker')
    expect(links(text).every((l) => l.startsWith('http://localhost:8080/reset-password/'))).toBe(true)
  })

  it('a forged port on an institution host never reaches the mail', async () => {
    const text = await mailOf(h, () => h.request('POST', '/api/forgot-password/', { host: 'sample.localhost:6666', json: { email: 'viewer@sample.test' } }))
    expect(text).not.toContain('6666')
    expect(links(text).every((l) => l.startsWith('http://sample.localhost:8080/reset-password/'))).toBe(true)
  })

  it('under a three-label domain behind TLS, reset and invitation links use BASE_DOMAIN and PUBLIC_PROTOCOL, no port', async () => {
    const reset = await mailOf(deployed, () => deployed.request('POST', '/api/forgot-password/', { host: `${SAMPLE}:9999`, json: { email: 'teacher@sample.test' } }))
    expect(links(reset)).toEqual([expect.stringMatching(new RegExp(`^https://${SAMPLE}/reset-password/`))])

    const admin = await deployed.login('institution.admin@sample.test', undefined, `${SAMPLE}:9999`)
    const invite = await mailOf(deployed, () => deployed.request('POST', '/api/user/', {
      host: `${SAMPLE}:9999`, token: admin,
      json: { first_name: 'Nour', last_name: 'Aziz', email: 'nour@sample.test', role: 'institution_admin', userprofile: { phone_number: '' }, is_active: true },
    }), 201)
    expect(links(invite).filter((l) => l.includes('/reset-password/'))).toEqual([expect.stringMatching(new RegExp(`^https://${SAMPLE}/reset-password/`))])
  })

  it('a new institution\'s administrator is invited at its configured address, not at the Host of the platform call', async () => {
    const platform = await deployed.login('admin', ADMIN_PASSWORD, DOMAIN)
    const text = await mailOf(deployed, () => deployed.request('POST', '/api/client/', {
      host: 'evil.test:4444', token: platform,
      json: {
        organization_name: 'Cedar Schools', subdomain_name: 'cedar', acronym: 'CS', account_number: 'C-1',
        address: { country: 'AE', city: 'Dubai', state: 'Dubai', zipcode: '00000', street: '' },
        student_id_validation_type: 'EMIRATES_ID_OR_TEMPORARY', has_multiple_school: true,
        admin: { first_name: 'Rana', last_name: 'Saad', email: 'rana@cedar.test', userprofile: { phone_number: '' } },
      },
    }), 201)
    expect(text).not.toMatch(/evil|4444/)
    expect(links(text).filter((l) => l.includes('/reset-password/'))).toEqual([expect.stringMatching(new RegExp(`^https://cedar\\.${DOMAIN.replace(/\./g, '\\.')}/reset-password/`))])
  })
})

describe('reset keys', () => {
  const reset = (key: string, host = SAMPLE_HOST, password = 'Fresh$9pass') =>
    h.request('POST', '/api/reset-password/', { host, json: { key, new_password: password, confirm_new_password: password } })
  const ask = async (email: string, host = SAMPLE_HOST) => keyOf(await mailOf(h, () => h.request('POST', '/api/forgot-password/', { host, json: { email } })))

  it('a reset refuses every older key of the same user', async () => {
    const older = await ask('school.admin@sample.test')
    const newer = await ask('school.admin@sample.test')
    expect((await reset(newer)).status).toBe(200)
    const again = await reset(older, SAMPLE_HOST, 'Other$9pass')
    expect(again.status).toBe(400)
    expect(again.body.message.errors).toEqual([MESSAGES.resetKeyInvalid.en])
    // The password is the one set with the newer key.
    await expect(h.login('school.admin@sample.test', 'Fresh$9pass')).resolves.toBeTruthy()
  })

  it('a key works only on its own institution\'s host, not on the platform or another host', async () => {
    await insertInstitution(h, 'other')
    const key = await ask('institution.admin@sample.test')
    for (const host of [PLATFORM_HOST, 'other.localhost:8080', 'attacker.example']) {
      const res = await reset(key, host)
      expect(res.status, host).toBe(400)
      expect(res.body.message.errors).toEqual([MESSAGES.resetKeyInvalid.en])
    }
    // Refused tries did not use it up.
    expect((await reset(key)).status).toBe(200)
  })

  it('a platform admin\'s key works only on the platform host', async () => {
    const key = await ask('admin@platform.local', PLATFORM_HOST)
    expect((await reset(key, SAMPLE_HOST, ADMIN_PASSWORD.replace('1', '2'))).status).toBe(400)
    expect((await reset(key, PLATFORM_HOST, ADMIN_PASSWORD.replace('1', '2'))).status).toBe(200)
  })
})
