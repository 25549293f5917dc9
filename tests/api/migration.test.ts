// Student migration between classes and academic years: the class-scope call and the five-field form,
// per-student errors, the same-year refusal and CALLS['migrate-students'].
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { eq } from 'drizzle-orm'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { grades } from '../../src/server/db/schema/tables'
import { MESSAGES } from '../../src/server/lib/messages'
import { STUDENT_MESSAGES } from '../../src/server/areas/students/students.messages'
import { api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertClass, insertInstitution, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let schoolId: number
let srcYear: number
let destYear: number
let srcClass: number
let destClass: number
let otherClass: number
/** The five seeded students of class 1A in 2026-2027, in first-name order. */
let kids: { id: number; first_name: string }[]
/** A student of another class in the source year. */
let outsider: number
const tokens = {} as Record<Role, string>

const classScope = (cls: number, year: number) => `/api/student/class/${cls}/year/${year}/migrate/`
const students = (cls: number, year: number) => `/api/school/${schoolId}/class/${cls}/year/${year}/student/`

beforeAll(async () => {
  h = await createHarness()
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const token = tokens.institution_admin
  const institutionId = await sampleInstitutionId(h)
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  srcYear = (await h.request('GET', `${api.academicYears}?display_name=2026-2027`, { token })).body.payload.results[0].id
  destYear = (await h.request('POST', api.academicYears, { token, json: { display_name: '2027-2028', is_active: false } })).body.payload.id
  srcClass = (await h.request('GET', `/api/school/${schoolId}/class/?identifier=1A`, { token })).body.payload.results[0].id
  const gs = await h.db.select().from(grades).where(eq(grades.school_id, schoolId))
  destClass = await insertClass(h, { institutionId, schoolId, gradeId: gs.find((g) => g.identifier === 'G2')!.id, identifier: '2A' })
  otherClass = await insertClass(h, { institutionId, schoolId, gradeId: gs.find((g) => g.identifier === 'G2')!.id, identifier: '2B' })
  kids = (await h.request('GET', students(srcClass, srcYear), { token })).body.payload.results
  expect(kids.map((k) => k.first_name)).toEqual(['Adam', 'Huda', 'Khalid', 'Noor', 'Sara'])
  const made = await h.request('POST', `/api/school/${schoolId}/year/${srcYear}/student/`, {
    token, json: { first_name: 'Outside', last_name: 'Pupil', arabic_name: 'طالب خارج', enrollment_code: 'SMPL-70001', class_relation: otherClass },
  })
  expect(made.status).toBe(201)
  outsider = made.body.payload.id
})
afterAll(async () => {
  await h?.close()
})

describe('class-scope migration', () => {
  it('moves the students of the source class and reports the one that is not in it', async () => {
    const res = await h.request('POST', classScope(destClass, destYear), {
      token: tokens.school_admin, json: { students: [kids[0]!.id, kids[1]!.id, outsider], src_class: srcClass, src_year: srcYear },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({
      success_count: 2,
      total: 3,
      errors: [{ student_id: outsider, name: 'Outside Pupil', errors: [STUDENT_MESSAGES.notInSource.en] }],
    })
    const moved = (await h.request('GET', students(destClass, destYear), { token: tokens.school_admin })).body.payload
    expect(moved.results.map((s: { id: number }) => s.id).sort()).toEqual([kids[0]!.id, kids[1]!.id].sort())
    // The history keeps the source year, now inactive.
    expect(moved.results[0].studentclassrelation_set).toMatchObject([
      { class_name: 'Class 2A', is_active: true, academic_year_name: '2027-2028' },
      { class_name: 'Grade 1 A', is_active: false, academic_year_name: '2026-2027' },
    ])
    expect((await h.request('GET', students(otherClass, destYear), { token: tokens.school_admin })).body.payload.count).toBe(0)
  })

  it('gives the per-student errors in Arabic', async () => {
    const res = await h.request('POST', classScope(destClass, destYear), {
      token: tokens.institution_admin, json: { students: [outsider, 999999], src_class: srcClass, src_year: srcYear }, lang: 'ar',
    })
    expect(res.body.payload.success_count).toBe(0)
    expect(res.body.payload.errors).toEqual([
      { student_id: outsider, name: 'Outside Pupil', errors: [STUDENT_MESSAGES.notInSource.ar] },
      { student_id: 999999, name: '#999999', errors: [STUDENT_MESSAGES.unknownStudent.ar] },
    ])
  })

  it('refuses a student already in another class of the destination year', async () => {
    const res = await h.request('POST', classScope(otherClass, destYear), {
      token: tokens.institution_admin, json: { students: [kids[0]!.id], src_class: srcClass, src_year: srcYear },
    })
    expect(res.body.payload).toMatchObject({ success_count: 0, total: 1 })
    expect(res.body.payload.errors[0].errors).toEqual([STUDENT_MESSAGES.alreadyEnrolled('2027-2028').en])
  })

  it('refuses a student already in the destination class for the destination year, saying so in both languages', async () => {
    const json = { students: [kids[0]!.id], src_class: srcClass, src_year: srcYear }
    const res = await h.request('POST', classScope(destClass, destYear), { token: tokens.institution_admin, json })
    expect(res.body.payload).toEqual({
      success_count: 0, total: 1, errors: [{ student_id: kids[0]!.id, name: 'Adam Youssef', errors: [STUDENT_MESSAGES.alreadyThere('Class 2A', '2027-2028').en] }],
    })
    const ar = await h.request('POST', classScope(destClass, destYear), { token: tokens.institution_admin, json, lang: 'ar' })
    expect(ar.body.payload.errors[0].errors).toEqual(['موجود بالفعل في Class 2A في 2027-2028'])
  })

  it('refuses the same source and destination year (400)', async () => {
    const res = await h.request('POST', classScope(destClass, srcYear), {
      token: tokens.institution_admin, json: { students: [kids[2]!.id], src_class: srcClass, src_year: srcYear },
    })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([STUDENT_MESSAGES.sameYear.en])
    expect((await h.request('GET', students(srcClass, srcYear), { token: tokens.institution_admin })).body.payload.results.map((s: { id: number }) => s.id)).toContain(kids[2]!.id)
  })

  it('requires at least one student', async () => {
    for (const json of [{}, { students: [] }]) {
      const res = await h.request('POST', classScope(destClass, destYear), { token: tokens.institution_admin, json })
      expect(res.status).toBe(400)
      expect(res.body.message.codes.students).toBe(json.students ? CODES.requireOne : CODES.required)
    }
  })
})

describe('form migration (five fields)', () => {
  it('moves students with src_class, des_class, src_year, des_year and students', async () => {
    const res = await h.request('POST', '/api/student/migrate/', {
      token: tokens.institution_admin,
      json: { src_class: srcClass, des_class: destClass, src_year: srcYear, des_year: destYear, students: [kids[2]!.id, kids[3]!.id] },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ success_count: 2, total: 2, errors: [] })
    expect((await h.request('GET', students(destClass, destYear), { token: tokens.institution_admin })).body.payload.count).toBe(4)
  })

  it.each(['src_class', 'des_class', 'src_year', 'des_year', 'students'])('requires %s', async (field) => {
    const json: Record<string, unknown> = { src_class: srcClass, des_class: destClass, src_year: srcYear, des_year: destYear, students: [kids[4]!.id] }
    delete json[field]
    const res = await h.request('POST', '/api/student/migrate/', { token: tokens.institution_admin, json })
    expect(res.status).toBe(400)
    expect(res.body.message.codes).toEqual({ [field]: CODES.required })
  })

  it('refuses the same source and destination year (400) and moves nobody', async () => {
    const res = await h.request('POST', '/api/student/migrate/', {
      token: tokens.institution_admin,
      json: { src_class: srcClass, des_class: otherClass, src_year: srcYear, des_year: srcYear, students: [kids[4]!.id] },
    })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([STUDENT_MESSAGES.sameYear.en])
    expect(res.body.message.fields).toHaveProperty('des_year')
    expect((await h.request('GET', students(otherClass, srcYear), { token: tokens.institution_admin })).body.payload.count).toBe(1)
  })

  it('answers 404 for an unknown destination class or year', async () => {
    const base = { src_class: srcClass, src_year: srcYear, students: [kids[4]!.id] }
    expect((await h.request('POST', '/api/student/migrate/', { token: tokens.institution_admin, json: { ...base, des_class: 999999, des_year: destYear } })).status).toBe(404)
    expect((await h.request('POST', '/api/student/migrate/', { token: tokens.institution_admin, json: { ...base, des_class: destClass, des_year: 999999 } })).status).toBe(404)
  })
})

describe('permissions (CALLS[migrate-students])', () => {
  it.each(ROLES)('%s', async (role) => {
    const allowed = can(role, 'migrate-students', 'write')
    // A student already in the destination class and year: allowed calls succeed without changing anything.
    const json = { students: [kids[0]!.id], src_class: destClass, src_year: destYear }
    const res = await h.request('POST', classScope(destClass, srcYear), { token: tokens[role], json: { students: [kids[4]!.id] } })
    expect(res.status).toBe(allowed ? 200 : 403)
    if (!allowed) expect(res.body.message.errors).toEqual([MESSAGES.forbidden.en])
    const form = await h.request('POST', '/api/student/migrate/', { token: tokens[role], json: { ...json, des_class: otherClass, des_year: srcYear } })
    expect(form.status).toBe(allowed ? 200 : 403)
  })

  it('refuses without a token (401) and across institutions', async () => {
    expect((await h.request('POST', '/api/student/migrate/', { json: {} })).status).toBe(401)
    const other = await insertInstitution(h, 'othermigrate')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const json = { src_class: srcClass, des_class: destClass, src_year: srcYear, des_year: destYear, students: [kids[4]!.id] }
    expect((await h.request('POST', '/api/student/migrate/', { token: otherToken, json })).status).toBe(401)
    expect((await h.request('POST', '/api/student/migrate/', { host: other.host, token: otherToken, json })).status).toBe(404)
    expect((await h.request('POST', classScope(destClass, destYear), { host: other.host, token: otherToken, json })).status).toBe(404)
    // Sara is still in 1A for 2026-2027.
    expect((await h.request('GET', students(srcClass, srcYear), { token: tokens.institution_admin })).body.payload.results.map((s: { id: number }) => s.id)).toContain(kids[4]!.id)
  })
})
