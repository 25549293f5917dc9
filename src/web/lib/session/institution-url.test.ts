import { afterEach, describe, expect, it } from 'vitest'
import { clearSession, readInstitutionUrl, saveAuth, saveInstitutionUrl } from './session'

afterEach(() => clearSession())

describe('cookie institution_url (spec §3 "Session data")', () => {
  it('is written with the institution address, path / and the sign-in lifetime, and read back', () => {
    saveAuth('token', 3600, 7)
    saveInstitutionUrl('http://sample.localhost:8080')
    expect(document.cookie).toContain(`institution_url=${encodeURIComponent('http://sample.localhost:8080')}`)
    expect(readInstitutionUrl()).toBe('http://sample.localhost:8080')
  })

  it('is cleared with the session (logout)', () => {
    saveInstitutionUrl('http://sample.localhost:8080')
    clearSession()
    expect(readInstitutionUrl()).toBeNull()
  })
})
