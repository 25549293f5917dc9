// Classes of a school: CRUD with grade/section/subjects/teachers, list search/ordering/pagination, delete
// refusal with students, spec §5 validation, CALLS per role, school mapping, tenant isolation, work-flow.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { eq } from 'drizzle-orm'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { grades, users } from '../../src/server/db/schema/tables'
import { MESSAGES } from '../../src/server/lib/messages'
import { CLASS_MESSAGES } from '../../src/server/areas/classes/classes.messages'
import { PAGE_SIZE, api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertClass, insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let institutionId: number
let schoolId: number
let yearId: number
let class1A: number
let gradeIds: number[]
let sectionIds: number[]
let subjectIds: number[]
let teacherId: number
/** A second school of the sample institution that no sample user is mapped to, with one grade. */
let otherSchoolId: number
let otherGradeId: number
const tokens = {} as Record<Role, string>
let n = 0

const classes = (s = schoolId) => `/api/school/${s}/class/`
const one = (id: number, s = schoolId) => `/api/school/${s}/class/${id}/`
const body = (over: Record<string, unknown> = {}) => ({
  identifier: `C${++n}`,
  class_name: `Class ${n}`,
  grade: gradeIds[1],
  section: sectionIds[1],
  subjects: [subjectIds[0]],
  teachers: [teacherId],
  academic_year: yearId,
  ...over,
})

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const token = tokens.institution_admin
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  yearId = (await h.request('GET', `${api.academicYears}?display_name=2026-2027`, { token })).body.payload.results[0].id
  gradeIds = (await h.request('GET', `/api/school/${schoolId}/all-grades/`, { token })).body.payload.results.map((g: { id: number }) => g.id)
  sectionIds = (await h.request('GET', `/api/school/${schoolId}/all-sections/`, { token })).body.payload.results.map((g: { id: number }) => g.id)
  subjectIds = (await h.request('GET', '/api/subject/', { token })).body.payload.results.map((g: { id: number }) => g.id)
  const teachers = (await h.request('GET', `/api/school/${schoolId}/teacher/`, { token })).body.payload.results
  expect(teachers.map((t: { email: string }) => t.email)).toEqual(['teacher@sample.test'])
  teacherId = teachers[0].id
  class1A = (await h.request('GET', `${classes()}?identifier=1A`, { token })).body.payload.results[0].id
  otherSchoolId = await insertSchool(h, institutionId, 'SECOND')
  const [g] = await h.db.insert(grades).values({ institution_id: institutionId, school_id: otherSchoolId, identifier: 'G1', display_name: 'Grade 1' }).returning()
  otherGradeId = g!.id
})
afterAll(async () => {
  await h?.close()
})

describe('CRUD', () => {
  it('reads the seeded class with its grade, section, subject and teacher for the year', async () => {
    const res = await h.request('GET', `${one(class1A)}?year=${yearId}`, { token: tokens.teacher })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({
      id: class1A, school_id: schoolId, identifier: '1A', display_name: 'Grade 1 A', grade_id: gradeIds[0], grade_name: 'Grade 1',
      section_id: sectionIds[0], section_name: 'Section A', subjects: [subjectIds[0]], teachers: [teacherId], is_deletable: false,
    })
    // Teachers are per year: none without a year, none in the other year.
    expect((await h.request('GET', one(class1A), { token: tokens.teacher })).body.payload.teachers).toEqual([])
    const teacherCall = await h.request('GET', `/api/class/${class1A}/year/${yearId}/teacher/`, { token: tokens.teacher })
    expect(teacherCall.body.payload).toEqual({ teacher: [teacherId] })
  })

  it('creates, reads, updates and deletes a class', async () => {
    const token = tokens.school_admin
    const created = await h.request('POST', classes(), { token, json: body({ identifier: '2B', class_name: 'Grade 2 B', subjects: subjectIds }) })
    expect(created.status).toBe(201)
    const id = created.body.payload.id
    expect(created.body.payload).toMatchObject({
      identifier: '2B', display_name: 'Grade 2 B', grade_id: gradeIds[1], section_id: sectionIds[1], subjects: subjectIds, teachers: [teacherId], is_deletable: true,
    })
    const read = await h.request('GET', `${one(id)}?year=${yearId}`, { token })
    expect(read.body.payload).toEqual(created.body.payload)

    const updated = await h.request('PUT', one(id), { token, json: body({ identifier: '2B', class_name: 'Grade 2 Blue', grade: gradeIds[2], section: null, subjects: [subjectIds[1]] }) })
    expect(updated.status).toBe(200)
    expect(updated.body.payload).toMatchObject({ display_name: 'Grade 2 Blue', grade_id: gradeIds[2], section_id: null, section_name: null, subjects: [subjectIds[1]] })

    // A stale updated_at is refused with the current values.
    const stale = await h.request('PUT', one(id), { token, json: body({ identifier: '2B', updated_at: created.body.payload.updated_at }) })
    expect(stale.status).toBe(409)
    expect(stale.body.message.current).toMatchObject({ id, display_name: 'Grade 2 Blue' })

    expect((await h.request('DELETE', one(id), { token })).status).toBe(200)
    expect((await h.request('GET', one(id), { token })).status).toBe(404)
  })

  it('refuses a duplicate identifier in the same school (409) but allows it in another school', async () => {
    const res = await h.request('POST', classes(), { token: tokens.institution_admin, json: body({ identifier: '1a' }) })
    expect(res.status).toBe(409)
    expect(res.body.message.codes).toEqual({ identifier: 'duplicate' })
    const elsewhere = await h.request('POST', classes(otherSchoolId), { token: tokens.institution_admin, json: body({ identifier: '1A', grade: otherGradeId, section: null, teachers: [] }) })
    // teachers are required; the duplicate check itself does not look at other schools
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.message.codes).toEqual({ teachers: CODES.requireOne })
  })

  it('refuses to delete a class with students (is_deletable false, 409)', async () => {
    const res = await h.request('DELETE', one(class1A), { token: tokens.institution_admin })
    expect(res.status).toBe(409)
    expect(res.body.message.errors).toEqual([CLASS_MESSAGES.inUse.en])
    expect((await h.request('GET', one(class1A), { token: tokens.institution_admin })).status).toBe(200)
  })
})

describe('list', () => {
  beforeAll(async () => {
    for (let i = 0; i < 16; i++) {
      await insertClass(h, { institutionId, schoolId, gradeId: gradeIds[2]!, identifier: `L${String(i).padStart(2, '0')}` })
    }
  })

  it('paginates with the total count', async () => {
    const token = tokens.institution_admin
    const p1 = await h.request('GET', classes(), { token })
    const total = p1.body.payload.count
    expect(total).toBeGreaterThanOrEqual(17)
    expect(p1.body.payload.results).toHaveLength(PAGE_SIZE)
    const p2 = await h.request('GET', `${classes()}?page=2`, { token })
    expect(p2.body.payload.count).toBe(total)
    expect(p2.body.payload.results).toHaveLength(total - PAGE_SIZE)
  })

  it('searches by identifier and display_name', async () => {
    const token = tokens.institution_admin
    expect((await h.request('GET', `${classes()}?identifier=l1`, { token })).body.payload.count).toBe(6)
    const byName = await h.request('GET', `${classes()}?display_name=${encodeURIComponent('grade 1')}`, { token })
    expect(byName.body.payload.results.map((c: { id: number }) => c.id)).toEqual([class1A])
  })

  it('orders ascending and descending', async () => {
    const token = tokens.institution_admin
    const ids = async (o: string) => (await h.request('GET', `${classes()}?identifier=L&ordering=${o}`, { token })).body.payload.results.map((c: { identifier: string }) => c.identifier)
    const asc = await ids('identifier')
    const desc = await ids('-identifier')
    expect(asc[0]).toBe('L00')
    expect(desc[0]).toBe('L15')
    expect(asc).toEqual([...asc].sort())
    expect(desc).toEqual([...desc].sort().reverse())
    expect((await h.request('GET', `${classes()}?ordering=grade_secret`, { token })).status).toBe(400)
  })
})

describe('validation (spec §5)', () => {
  const cases: [string, () => object, () => object, string][] = [
    ['identifier', () => body({ identifier: `X${++n}` }), () => body({ identifier: ' ' }), CODES.required],
    ['class_name', () => body({ class_name: 'Z' }), () => body({ class_name: '' }), CODES.required],
    ['grade', () => body({ grade: gradeIds[0] }), () => body({ grade: undefined }), CODES.required],
    ['grade', () => body({ grade: gradeIds[2] }), () => body({ grade: otherGradeId }), 'invalid'],
    ['section', () => body({ section: undefined }), () => body({ section: 999999 }), 'invalid'],
    ['section', () => body({ section: null }), () => body({ section: 0 }), CODES.invalidChoice],
    ['subjects', () => body({ subjects: [subjectIds[1]] }), () => body({ subjects: [] }), CODES.requireOne],
    ['subjects', () => body({ subjects: subjectIds }), () => body({ subjects: undefined }), CODES.required],
    ['teachers', () => body({ teachers: [teacherId] }), () => body({ teachers: [] }), CODES.requireOne],
    ['teachers', () => body(), () => body({ teachers: [999999] }), 'invalid'],
  ]

  it.each(cases)('%s: accepts one value and refuses another', async (field, ok, bad, code) => {
    const token = tokens.institution_admin
    const accepted = await h.request('POST', classes(), { token, json: ok() })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201)
    const refused = await h.request('POST', classes(), { token, json: bad() })
    expect(refused.status).toBe(400)
    expect(refused.body.message.fields[field]).toHaveLength(1)
    expect(refused.body.message.codes[field]).toBe(code)
  })

  it('refuses a grade of another school with the badGrade message', async () => {
    const res = await h.request('POST', classes(), { token: tokens.institution_admin, json: body({ grade: otherGradeId }) })
    expect(res.body.message.errors).toEqual([CLASS_MESSAGES.badGrade.en])
    const ar = await h.request('POST', classes(), { token: tokens.institution_admin, json: body({ grade: otherGradeId }), lang: 'ar' })
    expect(ar.body.message.errors).toEqual([CLASS_MESSAGES.badGrade.ar])
  })

  it('refuses a teacher who is not a teacher of this school', async () => {
    const [admin] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'school.admin@sample.test'))
    const res = await h.request('POST', classes(), { token: tokens.institution_admin, json: body({ teachers: [admin!.id] }) })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([CLASS_MESSAGES.badTeacher.en])
  })
})

describe('work-flow', () => {
  it('says when the school has no grade, and nothing when it has one', async () => {
    const token = tokens.institution_admin
    const empty = await insertSchool(h, institutionId, 'NOGRADE')
    const none = await h.request('GET', `/api/work-flow/school/${empty}/class/`, { token })
    expect(none.status).toBe(200)
    expect(none.body.payload.message).toBe(CLASS_MESSAGES.needGrade.en)
    expect((await h.request('GET', `/api/work-flow/school/${empty}/class/`, { token, lang: 'ar' })).body.payload.message).toBe(CLASS_MESSAGES.needGrade.ar)
    expect((await h.request('GET', `/api/work-flow/school/${schoolId}/class/`, { token })).body.payload.message).toBeNull()
  })

  it.each(ROLES)('%s: read-only message unless the role may write classes', async (role) => {
    const res = await h.request('GET', `/api/work-flow/school/${schoolId}/class/`, { token: tokens[role] })
    expect(res.body.payload.message).toBe(can(role, 'class', 'write') ? null : CLASS_MESSAGES.readOnly.en)
  })
})

describe('permissions (CALLS.class)', () => {
  it.each(ROLES)('%s: read', async (role) => {
    const expected = can(role, 'class', 'read') ? 200 : 403
    expect((await h.request('GET', classes(), { token: tokens[role] })).status).toBe(expected)
    expect((await h.request('GET', one(class1A), { token: tokens[role] })).status).toBe(expected)
  })

  it.each(ROLES)('%s: create, update, delete', async (role) => {
    const token = tokens[role]
    const allowed = can(role, 'class', 'write')
    const created = await h.request('POST', classes(), { token, json: body({ identifier: `P-${role}` }) })
    expect(created.status).toBe(allowed ? 201 : 403)
    const target = allowed ? created.body.payload.id : class1A
    const updated = await h.request('PUT', one(target), { token, json: body({ identifier: allowed ? `P-${role}` : '1A', class_name: `by ${role}` }) })
    expect(updated.status).toBe(allowed ? 200 : 403)
    const deleted = await h.request('DELETE', one(target), { token })
    expect(deleted.status).toBe(allowed ? 200 : 403)
    const mapping = await h.request('POST', `/api/class/${class1A}/year/${yearId}/teacher/`, { token, json: { teacher: [teacherId] } })
    expect(mapping.status).toBe(allowed ? 200 : 403)
    if (!allowed) {
      expect(created.body.message.errors).toEqual([MESSAGES.forbidden.en])
      expect((await h.request('GET', one(class1A), { token: tokens.institution_admin })).body.payload.display_name).toBe('Grade 1 A')
    }
  })

  it('refuses calls without a token (401)', async () => {
    expect((await h.request('GET', classes())).status).toBe(401)
    expect((await h.request('POST', classes(), { json: body() })).status).toBe(401)
  })
})

describe('school mapping', () => {
  it.each(['teacher', 'school_admin', 'viewer'] as const)('%s: 403 on a school of the institution it is not mapped to', async (role) => {
    const token = tokens[role]
    const otherClass = await insertClass(h, { institutionId, schoolId: otherSchoolId, gradeId: otherGradeId, identifier: `M-${role}` })
    for (const path of [classes(otherSchoolId), one(otherClass, otherSchoolId), `/api/school/${otherSchoolId}/all_classes/`, `/api/work-flow/school/${otherSchoolId}/class/`]) {
      const res = await h.request('GET', path, { token })
      expect(res.status, path).toBe(403)
      expect(res.body.message.errors).toEqual([MESSAGES.schoolForbidden.en])
    }
    expect((await h.request('GET', `/api/class/${otherClass}/year/${yearId}/teacher/`, { token })).status).toBe(403)
    if (can(role, 'class', 'write')) {
      expect((await h.request('POST', classes(otherSchoolId), { token, json: body({ grade: otherGradeId, section: null }) })).status).toBe(403)
      expect((await h.request('DELETE', one(otherClass, otherSchoolId), { token })).status).toBe(403)
    }
    // The institution admin sees every school.
    expect((await h.request('GET', one(otherClass, otherSchoolId), { token: tokens.institution_admin })).status).toBe(200)
  })

  it('does not reach a class through a school it does not belong to', async () => {
    expect((await h.request('GET', one(class1A, otherSchoolId), { token: tokens.institution_admin })).status).toBe(404)
  })
})

describe('tenant isolation', () => {
  it('answers 401 for the other institution\'s token here and 404 for sample classes on its host', async () => {
    const other = await insertInstitution(h, 'otherclasses')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    expect((await h.request('GET', classes(), { token: otherToken })).status).toBe(401)
    const o = { host: other.host, token: otherToken }
    for (const path of [classes(), one(class1A), `/api/class/${class1A}/year/${yearId}/teacher/`]) {
      expect((await h.request('GET', path, o)).status, path).toBe(404)
    }
    expect((await h.request('PUT', one(class1A), { ...o, json: body({ identifier: '1A' }) })).status).toBe(404)
    expect((await h.request('DELETE', one(class1A), o)).status).toBe(404)
    expect((await h.request('GET', classes(other.schoolId), o)).body.payload).toEqual({ results: [], count: 0 })
    // The sample admin does not reach the other institution's school either.
    expect((await h.request('GET', classes(other.schoolId), { token: tokens.institution_admin })).status).toBe(404)
  })
})
