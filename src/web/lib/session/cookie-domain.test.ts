// @vitest-environment-options { "url": "http://miscue.example.org/" }
// The platform admin's token stays on the platform host: on miscue.example.org the auth_info cookie is for that
// host alone (a token works only where it was issued), never for every *.example.org site; institution_url is
// shared with the product's institutions and no wider.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, saveAuth, saveInstitutionUrl } from './session'
import { currentSubdomain } from './subdomain'

let written: string[] = []
beforeEach(() => {
  document.head.innerHTML = '<meta name="miscue-base-domain" content="miscue.example.org" />'
  written = []
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value)
    cookie.set!.call(document, value)
  })
})
afterEach(() => {
  clearSession()
  vi.restoreAllMocks()
})

describe('session cookies under a three-label platform domain', () => {
  it('keeps auth_info on this host and institution_url on the base domain the server wrote into the page', () => {
    saveAuth('platform-token', 3600, 1)
    saveInstitutionUrl('http://sample.miscue.example.org')
    const auth = written.find((c) => c.startsWith('auth_info='))!
    expect(auth).toContain('platform-token')
    expect(auth).not.toMatch(/domain=/i)
    const institution = written.find((c) => c.startsWith('institution_url='))!
    expect(institution).toContain('; domain=miscue.example.org')
    expect(institution).not.toMatch(/domain=\.?example\.org/)
  })

  it('takes the platform host for the platform, not for an institution called "miscue"', () => {
    expect(currentSubdomain()).toBeNull()
    expect(currentSubdomain('sample.miscue.example.org')).toBe('sample')
  })
})
