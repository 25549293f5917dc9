import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { CODES } from '../../src/shared/schemas/codes'
import { CREATE_ROLES, can } from '../../src/shared/permissions'
import { ROLES } from '../../src/shared/roles'
import { OTHER_PASSWORD, insertInstitution, insertSchool, insertUser, mailText, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let sampleId: number
let alnoor: number // the seeded school; school.admin, teacher and viewer are mapped to it
let second: number // a second sample school nobody is mapped to
let other: Awaited<ReturnType<typeof insertInstitution>>
const tokens: Record<string, string> = {}
let ids: Record<string, number> = {}

const person = (over: Record<string, unknown> = {}) => ({
  first_name: 'Noura', last_name: 'Salem', email: 'noura@sample.test', role: 'teacher', userprofile: { phone_number: '+971 50 111 2222', known_languages: 'Arabic, English' },
  is_active: true, schools: [alnoor], ...over,
})

beforeAll(async () => {
  h = await createHarness()
  sampleId = await sampleInstitutionId(h)
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  const list = await h.request('GET', '/api/user/', { token: tokens.institution_admin })
  ids = Object.fromEntries(list.body.payload.results.map((u: { role: string; id: number }) => [u.role, u.id]))
  const schools = await h.request('GET', '/api/myschools/', { token: tokens.institution_admin })
  alnoor = schools.body.payload.results[0].id
  second = await insertSchool(h, sampleId, 'SECOND')
  other = await insertInstitution(h, 'otheru')
})
afterAll(async () => {
  await h?.close()
})

describe('creating users', () => {
  let created: number
  it('creates a user without a password and mails an invitation whose link sets a password that signs in', async () => {
    const before = h.mails().length
    const res = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person() })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({
      first_name: 'Noura', last_name: 'Salem', name: 'Noura Salem', email: 'noura@sample.test', role: 'teacher', role_name: 'Teacher',
      userprofile: { phone_number: '+971 50 111 2222', known_languages: 'Arabic, English' }, is_active: true, schools: [alnoor],
      school_names: ['Al Noor Primary School'], required_school_mapping: true,
    })
    created = res.body.payload.id
    expect(h.mails().length).toBe(before + 1)
    expect(h.mails().at(-1)).toMatch(/^To: noura@sample\.test$/m)
    const key = /http:\/\/sample\.localhost:8080\/reset-password\/([A-Za-z0-9_-]+)/.exec(mailText(h.mails().at(-1)!))?.[1]
    expect(key).toBeDefined()
    await expect(h.login('noura@sample.test', 'Noura$1pass')).rejects.toThrow()
    const reset = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'Noura$1pass', confirm_new_password: 'Noura$1pass' } })
    expect(reset.status).toBe(200)
    const token = await h.login('noura@sample.test', 'Noura$1pass')
    expect((await h.request('GET', '/api/myprofile/', { token })).body.payload.profile.role).toBe('teacher')
  })

  it('refuses a duplicate email in any letter case (409 on the field)', async () => {
    const res = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'NOURA@sample.test' }) })
    expect(res.status).toBe(409)
    expect(res.body.message.codes).toEqual({ email: 'duplicate' })
  })

  it('lets the same email exist in another institution', async () => {
    const token = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const res = await h.request('POST', '/api/user/', { host: other.host, token, json: person({ schools: [other.schoolId] }) })
    expect(res.status).toBe(201)
  })

  it('refuses a role outside the creator’s create_roles (403)', async () => {
    const schoolAdmin = await h.request('POST', '/api/user/', { token: tokens.school_admin, json: person({ email: 'x1@sample.test', role: 'institution_admin' }) })
    expect(schoolAdmin.status).toBe(403)
    const platform = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'x2@sample.test', role: 'platform_admin' }) })
    expect(platform.status).toBe(403)
    expect(CREATE_ROLES.school_admin).not.toContain('institution_admin')
  })

  it('needs at least one school of this institution, reachable by the creator, for roles mapped to schools', async () => {
    const none = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'x3@sample.test', schools: [] }) })
    expect(none.status).toBe(400)
    expect(none.body.message.codes).toEqual({ schools: CODES.requireOne })
    const foreign = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'x4@sample.test', schools: [other.schoolId] }) })
    expect(foreign.status).toBe(400)
    expect(foreign.body.message.fields.schools).toBeDefined()
    const unreachable = await h.request('POST', '/api/user/', { token: tokens.school_admin, json: person({ email: 'x5@sample.test', schools: [second] }) })
    expect(unreachable.status).toBe(403)
    const ok = await h.request('POST', '/api/user/', { token: tokens.school_admin, json: person({ email: 'x6@sample.test', role: 'viewer' }) })
    expect(ok.status).toBe(201)
    const admin = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'x7@sample.test', role: 'institution_admin', schools: undefined }) })
    expect(admin.status).toBe(201)
    expect(admin.body.payload).toMatchObject({ schools: [], required_school_mapping: false })
  })

  it('lets a platform admin on the institution host create as the institution admin', async () => {
    const token = await h.login('admin', ADMIN_PASSWORD)
    const res = await h.request('POST', '/api/user/', { token, json: person({ email: 'x8@sample.test', role: 'school_admin', schools: [second] }) })
    expect(res.status).toBe(201)
  })

  it('reads and edits a user, including role and schools', async () => {
    const got = await h.request('GET', `/api/user/${created}/`, { token: tokens.institution_admin })
    expect(got.body.payload.email).toBe('noura@sample.test')
    const put = await h.request('PUT', `/api/user/${created}/`, {
      token: tokens.institution_admin, json: person({ first_name: 'Nour', role: 'school_admin', schools: [alnoor, second] }),
    })
    expect(put.status).toBe(200)
    expect(put.body.payload).toMatchObject({ first_name: 'Nour', role: 'school_admin', schools: expect.arrayContaining([alnoor, second]) })
    const toAdmin = await h.request('PUT', `/api/user/${created}/`, { token: tokens.institution_admin, json: person({ role: 'institution_admin' }) })
    expect(toAdmin.body.payload.schools).toEqual([])
    const back = await h.request('PUT', `/api/user/${created}/`, { token: tokens.institution_admin, json: person({ schools: undefined }) })
    expect(back.status).toBe(400) // a teacher again, but with no school
    expect(back.body.message.codes).toEqual({ schools: CODES.requireOne })
  })

  it('reads and sets the schools of a user (payload.schools)', async () => {
    const viewer = ids.viewer!
    const set = await h.request('POST', `/api/user/${viewer}/school/`, { token: tokens.institution_admin, json: { schools: [alnoor, second] } })
    expect(set.status).toBe(200)
    expect([...set.body.payload.schools].sort()).toEqual([alnoor, second].sort())
    // a school admin who only reaches Al Noor keeps the mapping to the school it cannot see
    const narrowed = await h.request('POST', `/api/user/${viewer}/school/`, { token: tokens.school_admin, json: { schools: [alnoor] } })
    expect([...narrowed.body.payload.schools].sort()).toEqual([alnoor, second].sort())
    const reset = await h.request('POST', `/api/user/${viewer}/school/`, { token: tokens.institution_admin, json: { schools: [alnoor] } })
    expect(reset.body.payload.schools).toEqual([alnoor])
    const got = await h.request('GET', `/api/user/${viewer}/school/`, { token: tokens.institution_admin })
    expect(got.body.payload.schools).toEqual([alnoor])
    const empty = await h.request('POST', `/api/user/${viewer}/school/`, { token: tokens.institution_admin, json: { schools: [] } })
    expect(empty.status).toBe(400)
    const bad = await h.request('POST', `/api/user/${viewer}/school/`, { token: tokens.institution_admin, json: { schools: ['a'] } })
    expect(bad.status).toBe(400)
  })
})

describe('validation (spec §5)', () => {
  it.each([
    ['first_name required', { first_name: '' }, 'first_name', CODES.required],
    ['first_name min 3', { first_name: 'No' }, 'first_name', CODES.tooShort],
    ['first_name name rule', { first_name: 'No@ra' }, 'first_name', CODES.invalidName],
    ['first_name leading space', { first_name: ' Noura' }, 'first_name', CODES.invalidName],
    ['last_name not numeric', { last_name: '12345' }, 'last_name', CODES.invalidName],
    ['last_name min 3', { last_name: 'Sa' }, 'last_name', CODES.tooShort],
    ['email required', { email: '' }, 'email', CODES.required],
    ['email valid', { email: 'noura-at-sample' }, 'email', CODES.invalidEmail],
    ['role required', { role: '' }, 'role', CODES.required],
    ['role known', { role: 'principal' }, 'role', CODES.invalidChoice],
    ['phone min 4', { userprofile: { phone_number: '123' } }, 'userprofile.phone_number', CODES.tooShort],
    ['phone max 30', { userprofile: { phone_number: '1'.repeat(31) } }, 'userprofile.phone_number', CODES.tooLong],
    ['phone pattern', { userprofile: { phone_number: '050-ABCD' } }, 'userprofile.phone_number', CODES.invalidPhone],
    ['is_active boolean', { is_active: 'yes' }, 'is_active', CODES.invalidChoice],
    ['schools ids', { schools: [0] }, 'schools.0', CODES.invalidNumber],
  ])('refuses %s', async (_n, over, field, code) => {
    const res = await h.request('POST', '/api/user/', { token: tokens.institution_admin, json: person({ email: 'v@sample.test', ...over }) })
    expect(res.status).toBe(400)
    expect(res.body.message.codes[field]).toBe(code)
  })

  it('accepts the boundary values', async () => {
    const res = await h.request('POST', '/api/user/', {
      token: tokens.institution_admin,
      json: person({ first_name: 'Ali', last_name: 'Abu Bakr', email: 'v@sample.test', userprofile: { phone_number: '1234' }, is_active: false }),
    })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ first_name: 'Ali', is_active: false, userprofile: { phone_number: '1234', known_languages: '' } })
  })
})

describe('lists', () => {
  it('lists the institution’s users with search and ordering', async () => {
    const all = await h.request('GET', '/api/user/', { token: tokens.institution_admin })
    expect(all.status).toBe(200)
    expect(all.body.payload.results.length).toBeLessThanOrEqual(15)
    expect(all.body.payload.results.every((u: { email: string }) => u.email.endsWith('@sample.test'))).toBe(true)
    const byName = await h.request('GET', '/api/user/?first_name=mari', { token: tokens.institution_admin })
    expect(byName.body.payload.results.map((u: { email: string }) => u.email)).toEqual(['institution.admin@sample.test'])
    const byRole = await h.request('GET', '/api/user/?role=viewer', { token: tokens.institution_admin })
    expect(byRole.body.payload.results.every((u: { role: string }) => u.role === 'viewer')).toBe(true)
    const byEmail = await h.request('GET', '/api/user/?email=TEACHER@', { token: tokens.institution_admin })
    expect(byEmail.body.payload.count).toBe(1)
    const desc = await h.request('GET', '/api/user/?ordering=-email', { token: tokens.institution_admin })
    const emails = desc.body.payload.results.map((u: { email: string }) => u.email)
    expect(emails).toEqual([...emails].sort().reverse())
    expect((await h.request('GET', '/api/user/?ordering=password_hash', { token: tokens.institution_admin })).status).toBe(400)
  })

  it('shows a school admin only users mapped to their schools, plus themselves', async () => {
    const res = await h.request('GET', '/api/user/?ordering=email', { token: tokens.school_admin })
    const emails: string[] = res.body.payload.results.map((u: { email: string }) => u.email)
    expect(emails).toContain('school.admin@sample.test')
    expect(emails).toContain('teacher@sample.test')
    expect(emails).not.toContain('institution.admin@sample.test')
    expect(emails).not.toContain('x8@sample.test') // mapped to the second school only
    expect((await h.request('GET', `/api/user/${ids.institution_admin}/`, { token: tokens.school_admin })).status).toBe(404)
  })
})

describe('own account, deactivation and deletion', () => {
  it('refuses demoting, deactivating or deleting yourself', async () => {
    const me = ids.institution_admin!
    const self = { first_name: 'Mariam', last_name: 'Haddad', email: 'institution.admin@sample.test', role: 'institution_admin' }
    const demote = await h.request('PUT', `/api/user/${me}/`, { token: tokens.institution_admin, json: { ...self, role: 'viewer', schools: [alnoor] } })
    expect(demote.status).toBe(400)
    expect(demote.body.message.codes).toEqual({ role: 'own_account' })
    const off = await h.request('PUT', `/api/user/${me}/`, { token: tokens.institution_admin, json: { ...self, is_active: false } })
    expect(off.status).toBe(400)
    expect(off.body.message.codes).toEqual({ is_active: 'own_account' })
    expect((await h.request('DELETE', `/api/user/${me}/`, { token: tokens.institution_admin })).status).toBe(400)
    const rename = await h.request('PUT', `/api/user/${me}/`, { token: tokens.institution_admin, json: { ...self, userprofile: { phone_number: '0501234' } } })
    expect(rename.status).toBe(200)
  })

  it('refuses a school admin changing a user of a role it cannot create', async () => {
    const peer = await insertUser(h, { institutionId: sampleId, email: 'peer@sample.test', role: 'school_admin', schoolIds: [alnoor] })
    const res = await h.request('PUT', `/api/user/${peer}/`, { token: tokens.school_admin, json: person({ email: 'peer@sample.test', role: 'teacher' }) })
    expect(res.status).toBe(403)
    expect((await h.request('DELETE', `/api/user/${peer}/`, { token: tokens.school_admin })).status).toBe(403)
  })

  it('revokes every token of a user who is deactivated', async () => {
    const id = await insertUser(h, { institutionId: sampleId, email: 'leaving@sample.test', role: 'teacher', schoolIds: [alnoor] })
    const token = await h.login('leaving@sample.test', OTHER_PASSWORD)
    expect((await h.request('GET', '/api/myprofile/', { token })).status).toBe(200)
    const res = await h.request('PUT', `/api/user/${id}/`, { token: tokens.institution_admin, json: person({ email: 'leaving@sample.test', is_active: false }) })
    expect(res.status).toBe(200)
    expect(res.body.payload.is_active).toBe(false)
    expect((await h.request('GET', '/api/myprofile/', { token })).status).toBe(401)
    await h.request('PUT', `/api/user/${id}/`, { token: tokens.institution_admin, json: person({ email: 'leaving@sample.test', is_active: true }) })
    expect((await h.request('GET', '/api/myprofile/', { token })).status).toBe(401) // reactivation does not revive old tokens
  })

  it('deletes a user', async () => {
    const id = await insertUser(h, { institutionId: sampleId, email: 'gone@sample.test', role: 'viewer', schoolIds: [alnoor] })
    expect((await h.request('DELETE', `/api/user/${id}/`, { token: tokens.school_admin })).status).toBe(200)
    expect((await h.request('GET', `/api/user/${id}/`, { token: tokens.institution_admin })).status).toBe(404)
  })
})

describe('tenancy and permissions', () => {
  it('keeps users inside their institution', async () => {
    const token = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const list = await h.request('GET', '/api/user/', { host: other.host, token })
    const seen = list.body.payload.results.map((u: { id: number }) => u.id)
    for (const id of Object.values(ids)) expect(seen).not.toContain(id)
    expect(list.body.payload.results.map((u: { email: string }) => u.email)).toContain(other.adminEmail)
    for (const [method, json] of [['GET', undefined], ['PUT', person()], ['DELETE', undefined]] as const) {
      expect((await h.request(method, `/api/user/${ids.teacher}/`, { host: other.host, token, json })).status).toBe(404)
    }
    expect((await h.request('GET', `/api/user/${ids.teacher}/school/`, { host: other.host, token })).status).toBe(404)
    expect((await h.request('GET', '/api/user/', { host: other.host, token: tokens.institution_admin })).status).toBe(401)
  })

  it('has no user calls on the platform host', async () => {
    const token = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
    expect((await h.request('GET', '/api/user/', { host: PLATFORM_HOST, token })).status).toBe(404)
    expect((await h.request('GET', '/api/work-flow/user/', { host: PLATFORM_HOST, token })).status).toBe(404)
  })

  it.each(SAMPLE_USERS)('gives $role exactly the user calls of the permission table', async (u) => {
    const token = tokens[u.role]!
    const read = can(u.role, 'user', 'read') ? 200 : 403
    expect((await h.request('GET', '/api/user/', { token })).status).toBe(read)
    expect((await h.request('GET', `/api/user/${ids[u.role]}/`, { token })).status).toBe(read)
    const write = await h.request('POST', '/api/user/', { token, json: { first_name: 'x' } })
    expect(write.status).toBe(can(u.role, 'user', 'write') ? 400 : 403)
    const flow = await h.request('GET', '/api/work-flow/user/', { token })
    expect(flow.status).toBe(read)
    if (read === 200) expect(flow.body.payload.message).toBe(CREATE_ROLES[u.role].length ? null : expect.any(String))
  })

  it('needs a sign-in', async () => {
    expect((await h.request('GET', '/api/user/')).status).toBe(401)
    expect(ROLES.length).toBe(5)
  })
})
