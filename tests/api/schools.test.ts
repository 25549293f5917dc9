// Schools: CRUD, list search/ordering/pagination, delete refusal, spec §5 validation, CALLS per role,
// and tenant isolation.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { schools } from '../../src/server/db/schema/tables'
import { MESSAGES } from '../../src/server/lib/messages'
import { SCHOOL_MESSAGES } from '../../src/server/areas/schools/schools.messages'
import { PAGE_SIZE } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertInstitution, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let institutionId: number
let sampleSchoolId: number
const tokens = {} as Record<Role, string>
let n = 0

const school = (over: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
  identifier: `SCH${++n}X`,
  display_name: `School number ${n}`,
  arabic_display_name: `مدرسة رقم ${n}`,
  phone_number: '+971 2 555 0101',
  school_address: { country: 'AE', state: 'Dubai', city: 'Dubai', street: 'Main street', zipcode: '12345', ...address },
  ...over,
})

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const list = await h.request('GET', '/api/school/?identifier=ALNOOR', { token: tokens.institution_admin })
  sampleSchoolId = list.body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

describe('CRUD', () => {
  it('creates, reads, updates and deletes a school', async () => {
    const token = tokens.institution_admin
    const body = school({ identifier: 'CRUD1', display_name: 'Crud Academy' })
    const created = await h.request('POST', '/api/school/', { token, json: body })
    expect(created.status).toBe(201)
    const id = created.body.payload.id
    expect(created.body.payload).toMatchObject({ identifier: 'CRUD1', display_name: 'Crud Academy', is_deletable: true, school_address: body.school_address })

    const read = await h.request('GET', `/api/school/${id}/`, { token })
    expect(read.status).toBe(200)
    expect(read.body.payload).toMatchObject({ id, identifier: 'CRUD1', phone_number: '+971 2 555 0101' })

    const updated = await h.request('PUT', `/api/school/${id}/`, { token, json: { ...body, display_name: 'Crud Academy Two', school_address: { country: 'SA' } } })
    expect(updated.status).toBe(200)
    expect(updated.body.payload.display_name).toBe('Crud Academy Two')
    expect(updated.body.payload.school_address).toEqual({ country: 'SA', state: '', city: '', street: '', zipcode: '' })

    const deleted = await h.request('DELETE', `/api/school/${id}/`, { token })
    expect(deleted.status).toBe(200)
    expect((await h.request('GET', `/api/school/${id}/`, { token })).status).toBe(404)
  })

  it('refuses a duplicate identifier (409, case-insensitive)', async () => {
    const res = await h.request('POST', '/api/school/', { token: tokens.institution_admin, json: school({ identifier: 'alnoor' }) })
    expect(res.status).toBe(409)
    expect(res.body.message.codes).toEqual({ identifier: 'duplicate' })
    expect(res.body.message.errors).toEqual([SCHOOL_MESSAGES.duplicate.en])
  })

  it('refuses to delete a school with classes (is_deletable false, 409)', async () => {
    const token = tokens.institution_admin
    const read = await h.request('GET', `/api/school/${sampleSchoolId}/`, { token })
    expect(read.body.payload.is_deletable).toBe(false)
    const res = await h.request('DELETE', `/api/school/${sampleSchoolId}/`, { token })
    expect(res.status).toBe(409)
    expect(res.body.message.errors).toEqual([SCHOOL_MESSAGES.inUse.en])
    const ar = await h.request('DELETE', `/api/school/${sampleSchoolId}/`, { token, lang: 'ar' })
    expect(ar.body.message.errors).toEqual([SCHOOL_MESSAGES.inUse.ar])
    expect((await h.request('GET', `/api/school/${sampleSchoolId}/`, { token })).status).toBe(200)
  })
})

describe('list', () => {
  beforeAll(async () => {
    // 16 more schools straight in the database: with ALNOOR that is 17, more than one page.
    await h.db.insert(schools).values(Array.from({ length: 16 }, (_, i) => ({
      institution_id: institutionId,
      identifier: `LIST${String(i).padStart(2, '0')}`,
      display_name: `Listed ${String.fromCharCode(65 + i)} School`,
      arabic_display_name: `مدرسة ${i}`,
      city: i % 2 ? 'Sharjah' : 'Ajman',
    })))
  })

  it('paginates with the total count', async () => {
    const token = tokens.institution_admin
    const p1 = await h.request('GET', '/api/school/', { token })
    expect(p1.status).toBe(200)
    expect(p1.body.payload.count).toBe(17)
    expect(p1.body.payload.results).toHaveLength(PAGE_SIZE)
    const p2 = await h.request('GET', '/api/school/?page=2', { token })
    expect(p2.body.payload.count).toBe(17)
    expect(p2.body.payload.results).toHaveLength(2)
    const ids = new Set([...p1.body.payload.results, ...p2.body.payload.results].map((s: { id: number }) => s.id))
    expect(ids.size).toBe(17)
    expect((await h.request('GET', '/api/school/?page=0', { token })).status).toBe(400)
  })

  it('searches by field (case-insensitive contains)', async () => {
    const token = tokens.institution_admin
    const byIdentifier = await h.request('GET', '/api/school/?identifier=list1', { token })
    expect(byIdentifier.body.payload.count).toBe(6) // LIST10..LIST15
    const byCity = await h.request('GET', '/api/school/?city=sharj', { token })
    expect(byCity.body.payload.count).toBe(8)
    expect(byCity.body.payload.results.every((s: { school_address: { city: string } }) => s.school_address.city === 'Sharjah')).toBe(true)
    const byName = await h.request('GET', `/api/school/?display_name=${encodeURIComponent('al noor')}`, { token })
    expect(byName.body.payload.results.map((s: { id: number }) => s.id)).toEqual([sampleSchoolId])
    const none = await h.request('GET', '/api/school/?display_name=zzzz', { token })
    expect(none.body.payload).toEqual({ results: [], count: 0 })
  })

  it('orders ascending and descending', async () => {
    const token = tokens.institution_admin
    const asc = await h.request('GET', '/api/school/?identifier=LIST&ordering=identifier', { token })
    const desc = await h.request('GET', '/api/school/?identifier=LIST&ordering=-identifier', { token })
    const a = asc.body.payload.results.map((s: { identifier: string }) => s.identifier)
    const d = desc.body.payload.results.map((s: { identifier: string }) => s.identifier)
    expect(a[0]).toBe('LIST00')
    expect(d[0]).toBe('LIST15')
    expect(a).toEqual([...a].sort())
    expect(d).toEqual([...d].sort().reverse())
    expect((await h.request('GET', '/api/school/?ordering=password', { token })).status).toBe(400)
  })
})

describe('validation (spec §5)', () => {
  // [field path in the error body, body with an accepted value, body with a refused value, code of the refusal]
  const long = (k: number) => 'a'.repeat(k)
  const cases: [string, () => object, () => object, string][] = [
    ['identifier', () => school({ identifier: `ID${++n}Z` }), () => school({ identifier: 'ABC' }), CODES.tooShort],
    ['identifier', () => school(), () => school({ identifier: '   ' }), CODES.required],
    ['display_name', () => school({ display_name: 'Abcd' }), () => school({ display_name: 'Abc' }), CODES.tooShort],
    ['arabic_display_name', () => school({ arabic_display_name: 'مدرسة' }), () => school({ arabic_display_name: 'مدر' }), CODES.tooShort],
    ['school_address.country', () => school({}, { country: 'AE' }), () => school({}, { country: undefined }), CODES.required],
    ['school_address.street', () => school({}, { street: long(100) }), () => school({}, { street: long(101) }), CODES.tooLong],
    ['school_address.street', () => school({}, { street: '5 Corniche Road' }), () => school({}, { street: '-Corniche Road' }), CODES.invalidAddress],
    ['school_address.city', () => school({}, { city: 'العين' }), () => school({}, { city: '1Dubai' }), CODES.invalidAddress],
    ['school_address.state', () => school({}, { state: 'Abu Dhabi' }), () => school({}, { state: '-Dubai' }), CODES.invalidAddress],
    ['school_address.zipcode', () => school({}, { zipcode: 'AB 12-34' }), () => school({}, { zipcode: '12#45' }), CODES.invalidZipcode],
    ['school_address.zipcode', () => school({}, { zipcode: '1234567890' }), () => school({}, { zipcode: '12345678901' }), CODES.tooLong],
    ['phone_number', () => school({ phone_number: '1234' }), () => school({ phone_number: '123' }), CODES.tooShort],
    ['phone_number', () => school({ phone_number: '+971-2-555-01010000' }), () => school({ phone_number: '+971 2 555 0101 00000' }), CODES.tooLong],
    ['phone_number', () => school({ phone_number: '+971 2 555' }), () => school({ phone_number: '02 555 abc' }), CODES.invalidPhone],
  ]

  it.each(cases)('%s: accepts one value and refuses another', async (field, ok, bad, code) => {
    const token = tokens.institution_admin
    const accepted = await h.request('POST', '/api/school/', { token, json: ok() })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201)
    const refused = await h.request('POST', '/api/school/', { token, json: bad() })
    expect(refused.status).toBe(400)
    expect(refused.body.message.fields[field]).toHaveLength(1)
    expect(refused.body.message.codes[field]).toBe(code)
  })

  it('validates PUT like POST and leaves the school unchanged', async () => {
    const token = tokens.institution_admin
    const res = await h.request('PUT', `/api/school/${sampleSchoolId}/`, { token, json: school({ identifier: 'ALNOOR', display_name: 'X' }) })
    expect(res.status).toBe(400)
    expect(res.body.message.codes).toEqual({ display_name: CODES.tooShort })
    const read = await h.request('GET', `/api/school/${sampleSchoolId}/`, { token })
    expect(read.body.payload.display_name).toBe('Al Noor Primary School')
  })
})

describe('permissions (CALLS.school)', () => {
  it.each(ROLES)('%s: read', async (role) => {
    const expected = can(role, 'school', 'read') ? 200 : 403
    expect((await h.request('GET', '/api/school/', { token: tokens[role] })).status).toBe(expected)
    expect((await h.request('GET', `/api/school/${sampleSchoolId}/`, { token: tokens[role] })).status).toBe(expected)
  })

  it.each(ROLES)('%s: create, update, delete', async (role) => {
    const token = tokens[role]
    const allowed = can(role, 'school', 'write')
    const created = await h.request('POST', '/api/school/', { token, json: school({ identifier: `PERM-${role}` }) })
    expect(created.status).toBe(allowed ? 201 : 403)
    const target = allowed ? created.body.payload.id : sampleSchoolId
    const updated = await h.request('PUT', `/api/school/${target}/`, { token, json: school({ identifier: allowed ? `PERM-${role}` : 'ALNOOR', display_name: `by ${role}` }) })
    expect(updated.status).toBe(allowed ? 200 : 403)
    const deleted = await h.request('DELETE', `/api/school/${target}/`, { token })
    expect(deleted.status).toBe(allowed ? 200 : 403)
    if (!allowed) {
      expect(created.body.message.errors).toEqual([MESSAGES.forbidden.en])
      const read = await h.request('GET', `/api/school/${sampleSchoolId}/`, { token: tokens.institution_admin })
      expect(read.body.payload.display_name).toBe('Al Noor Primary School')
    }
    const workflow = await h.request('GET', '/api/work-flow/school/', { token })
    expect(workflow.body.payload.message).toBe(allowed ? null : SCHOOL_MESSAGES.readOnly.en)
  })

  it('refuses calls without a token (401)', async () => {
    expect((await h.request('GET', '/api/school/')).status).toBe(401)
    expect((await h.request('POST', '/api/school/', { json: school() })).status).toBe(401)
  })

  it('shows mapped users only their schools', async () => {
    const res = await h.request('GET', '/api/school/?page=1', { token: tokens.teacher })
    expect(res.body.payload.results.map((s: { id: number }) => s.id)).toEqual([sampleSchoolId])
    const all = await h.request('GET', '/api/school/', { token: tokens.institution_admin })
    expect(all.body.payload.count).toBeGreaterThan(1)
  })
})

describe('tenant isolation', () => {
  let other: Awaited<ReturnType<typeof insertInstitution>>
  let otherToken: string

  beforeAll(async () => {
    other = await insertInstitution(h, 'otherschools')
    otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
  })

  it('does not accept the other institution\'s token on the sample host (401)', async () => {
    expect((await h.request('GET', '/api/school/', { token: otherToken })).status).toBe(401)
    expect((await h.request('GET', `/api/school/${sampleSchoolId}/`, { token: otherToken })).status).toBe(401)
  })

  it('answers 404 for sample schools on the other host and lists only its own', async () => {
    const o = { host: other.host, token: otherToken }
    expect((await h.request('GET', `/api/school/${sampleSchoolId}/`, o)).status).toBe(404)
    expect((await h.request('PUT', `/api/school/${sampleSchoolId}/`, { ...o, json: school({ identifier: 'HIJACK' }) })).status).toBe(404)
    expect((await h.request('DELETE', `/api/school/${sampleSchoolId}/`, o)).status).toBe(404)
    const list = await h.request('GET', '/api/school/', o)
    expect(list.body.payload.results.map((s: { id: number }) => s.id)).toEqual([other.schoolId])
    // The same identifier is free in another institution.
    expect((await h.request('POST', '/api/school/', { ...o, json: school({ identifier: 'ALNOOR' }) })).status).toBe(201)
    // The sample admin does not see the other school.
    expect((await h.request('GET', `/api/school/${other.schoolId}/`, { token: tokens.institution_admin })).status).toBe(404)
  })
})
