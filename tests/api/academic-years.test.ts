// Academic years: CRUD, list search/ordering/pagination, the name format (23-24 / 2023-2024), duplicates,
// delete refusal when students are enrolled, CALLS per role, tenant isolation.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { academicYears } from '../../src/server/db/schema/tables'
import { MESSAGES } from '../../src/server/lib/messages'
import { YEAR_MESSAGES } from '../../src/server/areas/academic-years/academic-years.service'
import { PAGE_SIZE, api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertInstitution, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let institutionId: number
let activeYearId: number
const tokens = {} as Record<Role, string>
const URL_ = api.academicYears

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const list = await h.request('GET', `${URL_}?display_name=2026-2027`, { token: tokens.institution_admin })
  activeYearId = list.body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

describe('CRUD and format', () => {
  it('lists the seeded years newest first', async () => {
    const res = await h.request('GET', URL_, { token: tokens.viewer })
    expect(res.status).toBe(200)
    expect(res.body.payload.count).toBe(2)
    expect(res.body.payload.results.map((y: { display_name: string; is_active: boolean }) => [y.display_name, y.is_active]))
      .toEqual([['2026-2027', true], ['2025-2026', false]])
  })

  it.each(['23-24', '2023-2024', '99-00'])('accepts %s', async (name) => {
    const res = await h.request('POST', URL_, { token: tokens.institution_admin, json: { display_name: name, is_active: false } })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ display_name: name, is_active: false, is_deletable: true })
  })

  it.each(['23-25', '2023-24', 'abc', '2023-2025', '', '2023/2024'])('refuses %j (400)', async (name) => {
    const res = await h.request('POST', URL_, { token: tokens.institution_admin, json: { display_name: name } })
    expect(res.status).toBe(400)
    expect(res.body.message.codes.display_name).toBe(name === '' ? CODES.required : CODES.invalidAcademicYear)
    expect(res.body.message.fields.display_name).toHaveLength(1)
  })

  it('refuses a missing display_name and a non-boolean is_active', async () => {
    const missing = await h.request('POST', URL_, { token: tokens.institution_admin, json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.message.codes).toEqual({ display_name: CODES.required })
    const active = await h.request('POST', URL_, { token: tokens.institution_admin, json: { display_name: '2030-2031', is_active: 'yes' } })
    expect(active.status).toBe(400)
    expect(active.body.message.codes).toEqual({ is_active: CODES.invalidChoice })
  })

  it('refuses a duplicate (409)', async () => {
    const res = await h.request('POST', URL_, { token: tokens.institution_admin, json: { display_name: '2026-2027' } })
    expect(res.status).toBe(409)
    expect(res.body.message.codes).toEqual({ display_name: 'duplicate' })
    expect(res.body.message.errors).toEqual([YEAR_MESSAGES.duplicate.en])
  })

  it('reads, updates (rename, deactivate) and deletes a year', async () => {
    const token = tokens.institution_admin
    const created = await h.request('POST', URL_, { token, json: { display_name: '2040-2041' } })
    expect(created.status).toBe(201)
    expect(created.body.payload.is_active).toBe(true) // default on
    const id = created.body.payload.id
    const read = await h.request('GET', `${URL_}${id}/`, { token })
    expect(read.status).toBe(200)
    expect(read.body.payload).toMatchObject({ id, display_name: '2040-2041', is_active: true, is_deletable: true })

    const updated = await h.request('PUT', `${URL_}${id}/`, { token, json: { display_name: '41-42', is_active: false } })
    expect(updated.status).toBe(200)
    expect(updated.body.payload).toMatchObject({ display_name: '41-42', is_active: false })
    const clash = await h.request('PUT', `${URL_}${id}/`, { token, json: { display_name: '2025-2026' } })
    expect(clash.status).toBe(409)
    const bad = await h.request('PUT', `${URL_}${id}/`, { token, json: { display_name: '41-43' } })
    expect(bad.status).toBe(400)
    // Renaming to its own name is not a duplicate.
    expect((await h.request('PUT', `${URL_}${id}/`, { token, json: { display_name: '41-42', is_active: false } })).status).toBe(200)

    expect((await h.request('DELETE', `${URL_}${id}/`, { token })).status).toBe(200)
    expect((await h.request('GET', `${URL_}${id}/`, { token })).status).toBe(404)
  })

  it('refuses to delete a year with enrolments (is_deletable false, 409)', async () => {
    const token = tokens.institution_admin
    const read = await h.request('GET', `${URL_}${activeYearId}/`, { token })
    expect(read.body.payload.is_deletable).toBe(false)
    const res = await h.request('DELETE', `${URL_}${activeYearId}/`, { token })
    expect(res.status).toBe(409)
    expect(res.body.message.errors).toEqual([YEAR_MESSAGES.inUse.en])
    expect((await h.request('GET', `${URL_}${activeYearId}/`, { token })).status).toBe(200)
  })
})

describe('list', () => {
  beforeAll(async () => {
    await h.db.insert(academicYears).values(Array.from({ length: 15 }, (_, i) => ({
      institution_id: institutionId, display_name: `${2100 + i}-${2101 + i}`, is_active: false,
    })))
  })

  it('paginates with the total count', async () => {
    const token = tokens.institution_admin
    const all = await h.request('GET', URL_, { token })
    const total = all.body.payload.count
    expect(total).toBeGreaterThan(PAGE_SIZE)
    expect(all.body.payload.results).toHaveLength(PAGE_SIZE)
    const p2 = await h.request('GET', `${URL_}?page=2`, { token })
    expect(p2.body.payload.count).toBe(total)
    expect(p2.body.payload.results).toHaveLength(total - PAGE_SIZE)
  })

  it('searches by display_name', async () => {
    const res = await h.request('GET', `${URL_}?display_name=210`, { token: tokens.institution_admin })
    expect(res.body.payload.count).toBe(10) // 2100-2101 .. 2109-2110
    const none = await h.request('GET', `${URL_}?display_name=1999`, { token: tokens.institution_admin })
    expect(none.body.payload.count).toBe(0)
  })

  it('orders ascending and descending', async () => {
    const token = tokens.institution_admin
    const asc = (await h.request('GET', `${URL_}?display_name=21&ordering=display_name`, { token })).body.payload.results.map((y: { display_name: string }) => y.display_name)
    const desc = (await h.request('GET', `${URL_}?display_name=21&ordering=-display_name`, { token })).body.payload.results.map((y: { display_name: string }) => y.display_name)
    expect(asc[0]).toBe('2100-2101')
    expect(desc[0]).toBe('2114-2115')
    expect(asc).toEqual([...asc].sort())
    expect(desc).toEqual([...asc].reverse())
    const active = (await h.request('GET', `${URL_}?ordering=-is_active`, { token })).body.payload.results[0]
    expect(active.is_active).toBe(true)
  })
})

describe('permissions (CALLS[academic-year])', () => {
  it.each(ROLES)('%s: read', async (role) => {
    const expected = can(role, 'academic-year', 'read') ? 200 : 403
    expect((await h.request('GET', URL_, { token: tokens[role] })).status).toBe(expected)
    expect((await h.request('GET', `${URL_}${activeYearId}/`, { token: tokens[role] })).status).toBe(expected)
  })

  it.each(ROLES)('%s: create, update, delete', async (role) => {
    const token = tokens[role]
    const allowed = can(role, 'academic-year', 'write')
    const name = `${3000 + ROLES.indexOf(role)}-${3001 + ROLES.indexOf(role)}`
    const created = await h.request('POST', URL_, { token, json: { display_name: name } })
    expect(created.status).toBe(allowed ? 201 : 403)
    const target = allowed ? created.body.payload.id : activeYearId
    const updated = await h.request('PUT', `${URL_}${target}/`, { token, json: { display_name: allowed ? name : '2026-2027', is_active: false } })
    expect(updated.status).toBe(allowed ? 200 : 403)
    const deleted = await h.request('DELETE', `${URL_}${target}/`, { token })
    expect(deleted.status).toBe(allowed ? 200 : 403)
    if (!allowed) {
      expect(deleted.body.message.errors).toEqual([MESSAGES.forbidden.en])
      const read = await h.request('GET', `${URL_}${activeYearId}/`, { token: tokens.institution_admin })
      expect(read.body.payload.is_active).toBe(true)
    }
    const workflow = await h.request('GET', '/api/work-flow/academic-year/', { token })
    expect(workflow.body.payload.message).toBe(allowed ? null : YEAR_MESSAGES.readOnly.en)
  })

  it('refuses calls without a token (401)', async () => {
    expect((await h.request('GET', URL_)).status).toBe(401)
    expect((await h.request('POST', URL_, { json: { display_name: '2050-2051' } })).status).toBe(401)
  })
})

describe('tenant isolation', () => {
  it('keeps each institution\'s years apart', async () => {
    const other = await insertInstitution(h, 'otheryears')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const o = { host: other.host, token: otherToken }
    expect((await h.request('GET', URL_, { token: otherToken })).status).toBe(401)
    expect((await h.request('GET', URL_, o)).body.payload).toEqual({ results: [], count: 0 })
    expect((await h.request('GET', `${URL_}${activeYearId}/`, o)).status).toBe(404)
    expect((await h.request('PUT', `${URL_}${activeYearId}/`, { ...o, json: { display_name: '2026-2027' } })).status).toBe(404)
    expect((await h.request('DELETE', `${URL_}${activeYearId}/`, o)).status).toBe(404)
    // The same name is free in the other institution.
    expect((await h.request('POST', URL_, { ...o, json: { display_name: '2026-2027' } })).status).toBe(201)
  })
})
