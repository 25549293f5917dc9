import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, SAMPLE_PASSWORD, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { MESSAGES } from '../../src/server/lib/messages'
import { CREATE_ROLES, LANDING_URL, MENU, seesAllSchools } from '../../src/shared/permissions'
import { insertInstitution, insertUser, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let other: Awaited<ReturnType<typeof insertInstitution>>
let sampleId: number

const loginForm = (username: string, password: string, extra: Record<string, string> = {}) => ({
  username,
  password,
  client_id: 'miscue-web',
  client_secret: '',
  grant_type: 'password',
  ...extra,
})

beforeAll(async () => {
  h = await createHarness()
  sampleId = await sampleInstitutionId(h)
  other = await insertInstitution(h, 'other')
})
afterAll(async () => {
  await h?.close()
})

describe('login', () => {
  it.each(SAMPLE_USERS)('signs in $role on the institution host with its profile, menu and access flags', async (u) => {
    const res = await h.request('POST', '/api/login/', { host: SAMPLE_HOST, form: loginForm(u.email, SAMPLE_PASSWORD) })
    expect(res.status).toBe(200)
    const p = res.body.payload
    expect(p.access_token).toEqual(expect.any(String))
    expect(p.access_token.length).toBeGreaterThanOrEqual(32)
    expect(p.token_type).toBe('Bearer')
    expect(p.expires_in).toBeGreaterThan(0)
    expect(p.profile).toMatchObject({ first_name: u.first_name, last_name: u.last_name, role: u.role, email: u.email })
    expect(p.profile.institution).toMatchObject({ id: sampleId, subdomain: 'sample' })
    expect(p.menu).toEqual([...MENU[u.role]])
    expect(p.create_roles).toEqual([...CREATE_ROLES[u.role]])
    expect(p.access).toEqual({
      has_access_to_multiple_tenant: false,
      has_multiple_school_access: seesAllSchools(u.role),
      has_school_selection: false, // the sample institution has a single school
      has_year_selection: true,
      landing_url: LANDING_URL,
    })
  })

  it('signs in the platform admin by username on the platform host', async () => {
    const res = await h.request('POST', '/api/login/', { host: PLATFORM_HOST, form: loginForm('admin', ADMIN_PASSWORD) })
    expect(res.status).toBe(200)
    const p = res.body.payload
    expect(p.access_token).toEqual(expect.any(String))
    expect(p.profile).toMatchObject({ first_name: 'Platform', last_name: 'Administrator', role: 'platform_admin', institution: null })
    expect(p.menu).toEqual([...MENU.platform_admin])
    expect(p.create_roles).toEqual([...CREATE_ROLES.platform_admin])
    expect(p.access).toMatchObject({ has_access_to_multiple_tenant: true, has_year_selection: false, has_school_selection: false })
  })

  it('lets the platform admin work on an institution host with the institution admin menu', async () => {
    const res = await h.request('POST', '/api/login/', { host: SAMPLE_HOST, form: loginForm('admin', ADMIN_PASSWORD) })
    expect(res.status).toBe(200)
    expect(res.body.payload.profile.role).toBe('platform_admin')
    expect(res.body.payload.menu).toEqual([...MENU.institution_admin])
    expect(res.body.payload.access.has_access_to_multiple_tenant).toBe(true)
  })

  it('accepts the email in any letter case', async () => {
    const res = await h.request('POST', '/api/login/', { form: loginForm('TEACHER@Sample.Test', SAMPLE_PASSWORD) })
    expect(res.status).toBe(200)
    expect(res.body.payload.profile.role).toBe('teacher')
  })

  it('does not sign institution users in on the platform host or on another institution host', async () => {
    const onPlatform = await h.request('POST', '/api/login/', { host: PLATFORM_HOST, form: loginForm('viewer@sample.test', SAMPLE_PASSWORD) })
    expect(onPlatform.status).toBe(400)
    expect(onPlatform.body.error).toBe('invalid_grant')
    const onOther = await h.request('POST', '/api/login/', { host: other.host, form: loginForm('viewer@sample.test', SAMPLE_PASSWORD) })
    expect(onOther.status).toBe(400)
  })

  it('refuses a wrong password with 400 and an error_description in English or Arabic', async () => {
    const en = await h.request('POST', '/api/login/', { form: loginForm('viewer@sample.test', 'Wrong$1pass') })
    expect(en.status).toBe(400)
    expect(en.body).toEqual({ error: 'invalid_grant', error_description: MESSAGES.badCredentials.en })
    expect(en.body.payload).toBeUndefined()

    const ar = await h.request('POST', '/api/login/', { lang: 'ar', form: loginForm('viewer@sample.test', 'Wrong$1pass') })
    expect(ar.status).toBe(400)
    expect(ar.body.error_description).toBe(MESSAGES.badCredentials.ar)
    expect(ar.body.error_description).toMatch(/[\u0600-\u06FF]/)
  })

  it('gives an unknown user the same answer as a wrong password', async () => {
    const res = await h.request('POST', '/api/login/', { form: loginForm('nobody@sample.test', 'Wrong$1pass') })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'invalid_grant', error_description: MESSAGES.badCredentials.en })
  })

  it('refuses a wrong client_id or client_secret with 401 invalid_client', async () => {
    const id = await h.request('POST', '/api/login/', { form: loginForm('teacher@sample.test', SAMPLE_PASSWORD, { client_id: 'evil' }) })
    expect(id.status).toBe(401)
    expect(id.body.error).toBe('invalid_client')
    expect(id.body.error_description).toEqual(expect.any(String))
    const secret = await h.request('POST', '/api/login/', { form: loginForm('teacher@sample.test', SAMPLE_PASSWORD, { client_secret: 'x' }) })
    expect(secret.status).toBe(401)
    expect(secret.body.error).toBe('invalid_client')
  })

  it('refuses a grant type other than password with 400', async () => {
    const res = await h.request('POST', '/api/login/', { form: loginForm('teacher@sample.test', SAMPLE_PASSWORD, { grant_type: 'client_credentials' }) })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('unsupported_grant_type')
    expect(res.body.payload).toBeUndefined()
  })

  it('refuses a missing username with a field error', async () => {
    const res = await h.request('POST', '/api/login/', { form: loginForm('', SAMPLE_PASSWORD) })
    expect(res.status).toBe(400)
    expect(res.body.message.codes.username).toBe('required')
  })

  it('locks a username after 5 failures from one address, even for the right password, but not other users', async () => {
    const email = 'locked.out@sample.test'
    const password = 'Locked$1pass'
    await insertUser(h, { institutionId: sampleId, email, role: 'viewer', password })
    for (let i = 0; i < 5; i++) {
      const res = await h.request('POST', '/api/login/', { form: loginForm(email, `Wrong$${i}pass`) })
      expect(res.status, `failure ${i + 1}`).toBe(400)
    }
    const locked = await h.request('POST', '/api/login/', { form: loginForm(email, password) })
    expect(locked.status).toBe(429)
    expect(locked.body.error).toBe('too_many_attempts')
    expect(locked.body.error_description).toMatch(/too many.*try again in 1 minute/i)
    const lockedAr = await h.request('POST', '/api/login/', { lang: 'ar', form: loginForm(email.toUpperCase(), password) })
    expect(lockedAr.status).toBe(429)
    expect(lockedAr.body.error_description).toMatch(/[\u0600-\u06FF]/)

    const someoneElse = await h.request('POST', '/api/login/', { form: loginForm('teacher@sample.test', SAMPLE_PASSWORD) })
    expect(someoneElse.status).toBe(200)
  })

  it('clears the failure count after a successful sign-in', async () => {
    const email = 'clears@sample.test'
    const password = 'Clears$1pass'
    await insertUser(h, { institutionId: sampleId, email, role: 'viewer', password })
    for (let i = 0; i < 4; i++) expect((await h.request('POST', '/api/login/', { form: loginForm(email, 'Wrong$1pass') })).status).toBe(400)
    expect((await h.request('POST', '/api/login/', { form: loginForm(email, password) })).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await h.request('POST', '/api/login/', { form: loginForm(email, 'Wrong$1pass') })).status).toBe(400)
    expect((await h.request('POST', '/api/login/', { form: loginForm(email, password) })).status).toBe(200)
  })
})

describe('profile and logout', () => {
  it('returns the profile with a token and 401 without one', async () => {
    const token = await h.login('school.admin@sample.test')
    const res = await h.request('GET', '/api/myprofile/', { token })
    expect(res.status).toBe(200)
    expect(res.body.payload.profile).toMatchObject({ email: 'school.admin@sample.test', role: 'school_admin', first_name: 'Omar' })
    expect(res.body.payload.menu).toEqual([...MENU.school_admin])

    const anonymous = await h.request('GET', '/api/myprofile/')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error_description).toEqual(expect.any(String))
    const garbage = await h.request('GET', '/api/myprofile/', { token: 'not-a-real-token' })
    expect(garbage.status).toBe(401)
    const badScheme = await h.request('GET', '/api/myprofile/', { headers: { authorization: `Basic ${token}` } })
    expect(badScheme.status).toBe(401)
  })

  it('logout revokes that token only', async () => {
    const first = await h.login('teacher@sample.test')
    const second = await h.login('teacher@sample.test')
    const out = await h.request('POST', '/api/logout/', { token: first })
    expect(out.status).toBe(200)
    expect((await h.request('GET', '/api/myprofile/', { token: first })).status).toBe(401)
    expect((await h.request('POST', '/api/logout/', { token: first })).status).toBe(401)
    expect((await h.request('GET', '/api/myprofile/', { token: second })).status).toBe(200)
  })
})

describe('tokens are tied to the host that issued them', () => {
  it('refuses a sample token on the platform host and on another institution host', async () => {
    const token = await h.login('institution.admin@sample.test')
    expect((await h.request('GET', '/api/myprofile/', { token })).status).toBe(200)
    const onPlatform = await h.request('GET', '/api/myprofile/', { token, host: PLATFORM_HOST })
    expect(onPlatform.status).toBe(401)
    expect(onPlatform.body.error).toBe('invalid_token')
    const onOther = await h.request('GET', '/api/myprofile/', { token, host: other.host })
    expect(onOther.status).toBe(401)
    expect(onOther.body.error_description).toBe(MESSAGES.tokenOtherInstitution.en)
  })

  it('refuses a platform-host token on an institution host', async () => {
    const token = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
    expect((await h.request('GET', '/api/myprofile/', { token, host: PLATFORM_HOST })).status).toBe(200)
    expect((await h.request('GET', '/api/myprofile/', { token, host: SAMPLE_HOST })).status).toBe(401)
  })

  it('signs in the second institution admin on its own host only', async () => {
    const token = await h.login(other.adminEmail, 'Other$1pass', other.host)
    const me = await h.request('GET', '/api/myprofile/', { token, host: other.host })
    expect(me.status).toBe(200)
    expect(me.body.payload.profile.institution).toMatchObject({ id: other.institutionId, subdomain: 'other' })
    expect((await h.request('GET', '/api/myprofile/', { token, host: SAMPLE_HOST })).status).toBe(401)
  })
})

describe('sub-domains', () => {
  it('tells whether a sub-domain names an active institution, from any host', async () => {
    const yes = await h.request('GET', '/api/valid-subdomain/sample/', { host: PLATFORM_HOST })
    expect(yes.status).toBe(200)
    expect(yes.body).toEqual({ payload: { is_valid_client: true } })
    expect((await h.request('GET', '/api/valid-subdomain/SAMPLE/')).body.payload.is_valid_client).toBe(true)
    expect((await h.request('GET', '/api/valid-subdomain/other/')).body.payload.is_valid_client).toBe(true)
    const no = await h.request('GET', '/api/valid-subdomain/nowhere/', { host: 'nowhere.localhost:8080' })
    expect(no.status).toBe(200)
    expect(no.body).toEqual({ payload: { is_valid_client: false } })
  })

  it('answers 404 on an unknown sub-domain host for every other call', async () => {
    const host = 'nowhere.localhost:8080'
    const login = await h.request('POST', '/api/login/', { host, form: loginForm('teacher@sample.test', SAMPLE_PASSWORD) })
    expect(login.status).toBe(404)
    expect(login.body.message.errors).toEqual([MESSAGES.unknownInstitution.en])
    expect((await h.request('GET', '/api/myprofile/', { host })).status).toBe(404)
    expect((await h.request('POST', '/api/forgot-password/', { host, json: { email: 'teacher@sample.test' } })).status).toBe(404)
  })
})
