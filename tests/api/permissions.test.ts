import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { MESSAGES } from '../../src/server/lib/messages'
import { api } from '../../src/shared/api'
import { CALLS, can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { OTHER_PASSWORD, insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let schoolId: number
let unmappedSchoolId: number
let other: Awaited<ReturnType<typeof insertInstitution>>
let otherToken: string
/** A token per role, all on the sample host (the platform admin signs in there too). */
const tokens = {} as Record<Role, string>

beforeAll(async () => {
  h = await createHarness()
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  schoolId = (await h.request('GET', api.mySchools, { token: tokens.institution_admin })).body.payload.results[0].id
  unmappedSchoolId = await insertSchool(h, await sampleInstitutionId(h), 'UNMAPPED')
  other = await insertInstitution(h, 'other')
  otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
})
afterAll(async () => {
  await h?.close()
})

it('covers every role', () => {
  expect(Object.keys(tokens).sort()).toEqual([...ROLES].sort())
})

const RESOURCES = [
  { resource: 'grade', list: api.grades, one: api.grade },
  { resource: 'section', list: api.sections, one: api.section },
] as const

describe.each(RESOURCES)('$resource calls follow CALLS', ({ resource, list, one }) => {
  let target: { id: number; identifier: string; display_name: string }

  beforeAll(async () => {
    const res = await h.request('POST', list(schoolId), { token: tokens.institution_admin, json: { identifier: `T-${resource}`, display_name: 'Target' } })
    expect(res.status).toBe(201)
    target = res.body.payload
  })

  it.each(ROLES)('%s: read', async (role) => {
    const expected = can(role, resource, 'read') ? 200 : 403
    expect((await h.request('GET', list(schoolId), { token: tokens[role] })).status).toBe(expected)
    expect((await h.request('GET', one(schoolId, target.id), { token: tokens[role] })).status).toBe(expected)
  })

  it.each(ROLES)('%s: create, update and delete', async (role) => {
    const token = tokens[role]
    const allowed = CALLS[resource].write.includes(role)
    const created = await h.request('POST', list(schoolId), { token, json: { identifier: `W-${role}`, display_name: role } })
    const updated = await h.request('PUT', one(schoolId, target.id), { token, json: { identifier: target.identifier, display_name: `by ${role}` } })
    if (allowed) {
      expect(created.status).toBe(201)
      expect(updated.status).toBe(200)
      const deleted = await h.request('DELETE', one(schoolId, created.body.payload.id), { token })
      expect(deleted.status).toBe(200)
    } else {
      for (const res of [created, updated]) {
        expect(res.status).toBe(403)
        expect(res.body.message.errors).toEqual([MESSAGES.forbidden.en])
      }
      const deleted = await h.request('DELETE', one(schoolId, target.id), { token })
      expect(deleted.status).toBe(403)
      // The permission check comes before validation: an invalid body is still 403, not 400.
      expect((await h.request('POST', list(schoolId), { token, json: {} })).status).toBe(403)
      // Nothing changed.
      const after = await h.request('GET', one(schoolId, target.id), { token: tokens.institution_admin })
      expect(after.status).toBe(200)
      expect(after.body.payload.display_name).not.toBe(`by ${role}`)
      const rows = await h.request('GET', `${list(schoolId)}?identifier=W-${role}`, { token: tokens.institution_admin })
      expect(rows.body.payload.count).toBe(0)
    }
  })

  it('refuses every call without a token (401)', async () => {
    expect((await h.request('GET', list(schoolId))).status).toBe(401)
    expect((await h.request('POST', list(schoolId), { json: { identifier: 'anon', display_name: 'anon' } })).status).toBe(401)
    expect((await h.request('DELETE', one(schoolId, target.id))).status).toBe(401)
  })
})

describe('school mapping', () => {
  // Roles that see every school of the institution, and the sample users mapped to the sample school only.
  const reach: Record<Role, boolean> = { platform_admin: true, institution_admin: true, school_admin: false, teacher: false, viewer: false }

  it.each(ROLES)('%s reaches the mapped school, and an unmapped one only if it sees all schools', async (role) => {
    const token = tokens[role]
    expect((await h.request('GET', api.grades(schoolId), { token })).status).toBe(200)
    expect((await h.request('GET', api.gradeWorkflow(schoolId), { token })).status).toBe(200)
    const status = reach[role] ? 200 : 403
    for (const path of [api.grades(unmappedSchoolId), api.sections(unmappedSchoolId), api.gradeWorkflow(unmappedSchoolId)]) {
      const res = await h.request('GET', path, { token })
      expect(res.status, path).toBe(status)
      if (status === 403) expect(res.body.message.errors).toEqual([MESSAGES.schoolForbidden.en])
    }
    const ids = (await h.request('GET', api.mySchools, { token })).body.payload.results.map((s: { id: number }) => s.id).sort()
    expect(ids).toEqual(reach[role] ? [schoolId, unmappedSchoolId].sort() : [schoolId])
  })

  it('refuses a school admin writing in an unmapped school (403) and creates nothing', async () => {
    const res = await h.request('POST', api.grades(unmappedSchoolId), { token: tokens.school_admin, json: { identifier: 'SNEAK', display_name: 'x' } })
    expect(res.status).toBe(403)
    const list = await h.request('GET', api.grades(unmappedSchoolId), { token: tokens.institution_admin })
    expect(list.body.payload.count).toBe(0)
  })
})

describe('tenant isolation', () => {
  let theirGrade: number

  beforeAll(async () => {
    const res = await h.request('POST', api.grades(other.schoolId), { host: other.host, token: otherToken, json: { identifier: 'OG1', display_name: 'Their grade' } })
    expect(res.status).toBe(201)
    theirGrade = res.body.payload.id
  })

  it('answers 404 for another institution\'s school requested from sample.localhost', async () => {
    for (const role of ['institution_admin', 'platform_admin'] as const) {
      const token = tokens[role]
      for (const path of [api.grades(other.schoolId), api.grade(other.schoolId, theirGrade), api.sections(other.schoolId), api.gradeWorkflow(other.schoolId)]) {
        const res = await h.request('GET', path, { token })
        expect(res.status, `${role} ${path}`).toBe(404)
        expect(res.body.message.errors).toEqual([MESSAGES.notFound.en])
      }
      expect((await h.request('POST', api.grades(other.schoolId), { token, json: { identifier: 'X', display_name: 'x' } })).status).toBe(404)
      expect((await h.request('DELETE', api.grade(other.schoolId, theirGrade), { token })).status).toBe(404)
      // Their grade id through our school is not found either.
      expect((await h.request('PUT', api.grade(schoolId, theirGrade), { token, json: { identifier: 'OG1', display_name: 'hijacked' } })).status).toBe(404)
    }
    const theirs = await h.request('GET', api.grade(other.schoolId, theirGrade), { host: other.host, token: otherToken })
    expect(theirs.status).toBe(200)
    expect(theirs.body.payload.display_name).toBe('Their grade')
  })

  it('does not let a token of the second institution read sample data', async () => {
    const onSample = await h.request('GET', api.grades(schoolId), { host: SAMPLE_HOST, token: otherToken })
    expect(onSample.status).toBe(401)
    const onOwnHost = await h.request('GET', api.grades(schoolId), { host: other.host, token: otherToken })
    expect(onOwnHost.status).toBe(404)
    const schools = await h.request('GET', api.mySchools, { host: other.host, token: otherToken })
    expect(schools.body.payload.results.map((s: { id: number }) => s.id)).toEqual([other.schoolId])
  })
})
