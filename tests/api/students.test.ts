// Students of a school and year: CRUD, list search/ordering/pagination, spec §5 validation including the
// institution's student-ID rule, CALLS per role, school mapping, tenant isolation, the work-flow (licence)
// messages, stale-edit conflicts, enrolment history and the .xlsx download.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { eq } from 'drizzle-orm'
import * as XLSX from 'xlsx'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { grades, licences, studentClassRelations, students } from '../../src/server/db/schema/tables'
import { MESSAGES } from '../../src/server/lib/messages'
import { LICENCE_BLOCK_MESSAGES } from '../../src/server/domain/licences'
import { STUDENT_MESSAGES } from '../../src/server/areas/students/students.messages'
import { PAGE_SIZE, api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertClass, insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let institutionId: number
let schoolId: number
let yearId: number
let oldYearId: number
let class1A: number
let class1B: number
let otherSchoolId: number
let otherClassId: number
const tokens = {} as Record<Role, string>
let n = 0

const list = (s = schoolId, y = yearId) => `/api/school/${s}/year/${y}/student/`
const one = (id: number, s = schoolId, y = yearId) => `/api/school/${s}/year/${y}/student/${id}/`
const code = () => `SMPL-${String(30000 + ++n)}`
const body = (over: Record<string, unknown> = {}) => ({
  first_name: 'Test',
  last_name: 'Pupil',
  arabic_name: 'طالب تجربة',
  enrollment_code: code(),
  gender: 'f',
  user_field_1: 'note',
  class_relation: class1A,
  ...over,
})

/** Luhn check digit computed here, independently of the server's implementation. */
function emiratesId(body14: string): string {
  let sum = 0
  for (let i = 0; i < body14.length; i++) {
    let d = Number(body14[body14.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  const check = (10 - (sum % 10)) % 10
  return `${body14.slice(0, 3)}-${body14.slice(3, 7)}-${body14.slice(7, 14)}-${check}`
}

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const token = tokens.institution_admin
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  const years = (await h.request('GET', api.academicYears, { token })).body.payload.results
  yearId = years.find((y: { display_name: string }) => y.display_name === '2026-2027').id
  oldYearId = years.find((y: { display_name: string }) => y.display_name === '2025-2026').id
  class1A = (await h.request('GET', `/api/school/${schoolId}/class/?identifier=1A`, { token })).body.payload.results[0].id
  const [g1] = await h.db.select().from(grades).where(eq(grades.school_id, schoolId))
  class1B = await insertClass(h, { institutionId, schoolId, gradeId: g1!.id, identifier: '1B' })
  otherSchoolId = await insertSchool(h, institutionId, 'SECOND')
  const [g] = await h.db.insert(grades).values({ institution_id: institutionId, school_id: otherSchoolId, identifier: 'G1', display_name: 'Grade 1' }).returning()
  otherClassId = await insertClass(h, { institutionId, schoolId: otherSchoolId, gradeId: g!.id, identifier: 'S1' })
})
afterAll(async () => {
  await h?.close()
})

describe('CRUD', () => {
  it('lists the five seeded students of class 1A', async () => {
    const res = await h.request('GET', list(), { token: tokens.teacher })
    expect(res.status).toBe(200)
    expect(res.body.payload.count).toBe(5)
    expect(res.body.payload.results[0]).toMatchObject({ first_name: 'Adam', class_relation: [class1A], class_name: 'Grade 1 A' })
    const byClass = await h.request('GET', `/api/school/${schoolId}/class/${class1A}/year/${yearId}/student/`, { token: tokens.teacher })
    expect(byClass.body.payload.count).toBe(5)
    expect((await h.request('GET', `/api/school/${schoolId}/class/${class1B}/year/${yearId}/student/`, { token: tokens.teacher })).body.payload.count).toBe(0)
    // Nobody is enrolled in the older year.
    expect((await h.request('GET', list(schoolId, oldYearId), { token: tokens.teacher })).body.payload.count).toBe(0)
  })

  it('creates, reads, updates and deletes a student', async () => {
    const token = tokens.school_admin
    const created = await h.request('POST', list(), { token, json: body({ first_name: 'Rana', enrollment_code: 'SMPL-40001' }) })
    expect(created.status).toBe(201)
    const id = created.body.payload.id
    expect(created.body.payload).toMatchObject({
      first_name: 'Rana', last_name: 'Pupil', name: 'Rana Pupil', arabic_name: 'طالب تجربة', gender: 'f', enrollment_code: 'SMPL-40001',
      user_field_1: 'note', user_field_2: '', class_relation: [class1A], class_name: 'Grade 1 A', is_active: true,
      studentclassrelation_set: [{ class_name: 'Grade 1 A', is_active: true, academic_year_name: '2026-2027' }],
    })
    const read = await h.request('GET', one(id), { token })
    expect(read.body.payload).toEqual(created.body.payload)

    const updated = await h.request('PUT', one(id), { token, json: body({ first_name: 'Rania', enrollment_code: 'SMPL-40001', gender: '', class_relation: class1B }) })
    expect(updated.status).toBe(200)
    expect(updated.body.payload).toMatchObject({ first_name: 'Rania', gender: '', class_relation: [class1B], class_name: 'Class 1B' })
    // Moving class within the year replaces the enrolment rather than adding one.
    expect(updated.body.payload.studentclassrelation_set).toHaveLength(1)

    expect((await h.request('DELETE', one(id), { token })).status).toBe(200)
    expect((await h.request('GET', one(id), { token })).status).toBe(404)
  })

  it('accepts class_relation_set: [id] in place of class_relation', async () => {
    const { class_relation: _, ...rest } = body()
    const res = await h.request('POST', list(), { token: tokens.institution_admin, json: { ...rest, class_relation_set: [class1B] } })
    expect(res.status).toBe(201)
    expect(res.body.payload.class_relation).toEqual([class1B])
  })

  it('refuses a duplicate enrollment code (409, case-insensitive)', async () => {
    const res = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ enrollment_code: 'smpl-10001' }) })
    expect(res.status).toBe(400) // lower-case acronym is not the institution's format
    const dup = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ enrollment_code: 'SMPL-10001' }) })
    expect(dup.status).toBe(409)
    expect(dup.body.message.codes).toEqual({ enrollment_code: 'duplicate' })
    expect(dup.body.message.errors).toEqual([STUDENT_MESSAGES.duplicate.en])
    // Also on update, against another student.
    const mine = await h.request('POST', list(), { token: tokens.institution_admin, json: body() })
    const put = await h.request('PUT', one(mine.body.payload.id), { token: tokens.institution_admin, json: body({ enrollment_code: 'SMPL-10002' }) })
    expect(put.status).toBe(409)
  })
})

describe('list', () => {
  beforeAll(async () => {
    const made = await h.db.insert(students).values(Array.from({ length: 12 }, (_, i) => ({
      institution_id: institutionId, school_id: schoolId, first_name: `Zed${String(i).padStart(2, '0')}`, last_name: 'Listed',
      arabic_name: 'طالب', enrollment_code: `SMPL-${50000 + i}`,
    }))).returning({ id: students.id })
    await h.db.insert(studentClassRelations).values(made.map((s) => ({ student_id: s.id, class_id: class1B, academic_year_id: yearId })))
  })

  it('paginates with the total count', async () => {
    const token = tokens.institution_admin
    const p1 = await h.request('GET', list(), { token })
    const total = p1.body.payload.count
    expect(total).toBeGreaterThan(PAGE_SIZE)
    expect(p1.body.payload.results).toHaveLength(PAGE_SIZE)
    const p2 = await h.request('GET', `${list()}?page=2`, { token })
    expect(p2.body.payload.count).toBe(total)
    expect(p2.body.payload.results).toHaveLength(total - PAGE_SIZE)
  })

  it('searches by field', async () => {
    const token = tokens.institution_admin
    const q = async (s: string) => (await h.request('GET', `${list()}?${s}`, { token })).body.payload
    expect((await q('first_name=sar')).results.map((s: { first_name: string }) => s.first_name)).toEqual(['Sara'])
    expect((await q('last_name=listed')).count).toBe(12)
    expect((await q(`name=${encodeURIComponent('khalid ali')}`)).results.map((s: { enrollment_code: string }) => s.enrollment_code)).toEqual(['SMPL-10002'])
    expect((await q(`arabic_name=${encodeURIComponent('نور')}`)).count).toBe(1)
    expect((await q('enrollment_code=5000')).count).toBe(10)
    const inA = await q(`class_name=${encodeURIComponent('grade 1 a')}`)
    expect(inA.count).toBe((await h.request('GET', `/api/school/${schoolId}/class/${class1A}/year/${yearId}/student/`, { token })).body.payload.count)
    expect(inA.results.every((s: { class_name: string }) => s.class_name === 'Grade 1 A')).toBe(true)
    expect((await q('first_name=nobody')).count).toBe(0)
  })

  it('orders ascending and descending', async () => {
    const token = tokens.institution_admin
    const names = async (o: string) => (await h.request('GET', `${list()}?last_name=listed&ordering=${o}`, { token })).body.payload.results.map((s: { first_name: string }) => s.first_name)
    const asc = await names('first_name')
    const desc = await names('-first_name')
    expect(asc[0]).toBe('Zed00')
    expect(desc[0]).toBe('Zed11')
    expect(desc).toEqual([...asc].reverse())
    const codes = (await h.request('GET', `${list()}?ordering=-enrollment_code`, { token })).body.payload.results.map((s: { enrollment_code: string }) => s.enrollment_code)
    expect(codes).toEqual([...codes].sort().reverse())
    expect((await h.request('GET', `${list()}?ordering=password`, { token })).status).toBe(400)
  })
})

describe('validation (spec §5)', () => {
  const validEid = () => emiratesId(`7842015${String(10000000 + ++n).slice(1)}`)
  const badEid = () => {
    const good = validEid()
    return `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`
  }
  const cases: [string, () => object, () => object, string][] = [
    ['first_name', () => body({ first_name: 'Abc' }), () => body({ first_name: 'Ab' }), CODES.tooShort],
    ['last_name', () => body({ last_name: 'Abc' }), () => body({ last_name: '  Ab ' }), CODES.tooShort],
    ['last_name', () => body(), () => body({ last_name: undefined }), CODES.required],
    ['arabic_name', () => body({ arabic_name: 'سار' }), () => body({ arabic_name: 'سا' }), CODES.tooShort],
    ['enrollment_code', () => body(), () => body({ enrollment_code: 'SMP' }), CODES.tooShort],
    ['enrollment_code', () => body({ enrollment_code: `SMPL-${60000 + ++n}` }), () => body({ enrollment_code: 'SMPL-1234' }), CODES.invalidTemporaryId],
    ['enrollment_code', () => body({ enrollment_code: validEid() }), () => body({ enrollment_code: badEid() }), CODES.invalidTemporaryId],
    ['enrollment_code', () => body({ enrollment_code: validEid().replace(/-/g, '') }), () => body({ enrollment_code: 'OTH-12345' }), CODES.invalidTemporaryId],
    ['gender', () => body({ gender: 'm' }), () => body({ gender: 'x' }), CODES.invalidChoice],
    ['gender', () => body({ gender: '' }), () => body({ gender: 'M' }), CODES.invalidChoice],
    ['gender', () => body({ gender: undefined }), () => body({ gender: 'male' }), CODES.invalidChoice],
    ['class_relation', () => body({ class_relation: class1B }), () => body({ class_relation: undefined }), CODES.required],
    ['class_relation', () => body({ class_relation: class1A }), () => body({ class_relation: otherClassId }), 'invalid'],
  ]

  it.each(cases)('%s: accepts one value and refuses another', async (field, ok, bad, c) => {
    const token = tokens.institution_admin
    const accepted = await h.request('POST', list(), { token, json: ok() })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201)
    const refused = await h.request('POST', list(), { token, json: bad() })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.message.fields[field]).toHaveLength(1)
    expect(refused.body.message.codes[field]).toBe(c)
  })

  it('the accepted Emirates ID is stored as given and the SMPL-12345 temporary code works', async () => {
    const eid = validEid()
    const res = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ enrollment_code: eid }) })
    expect(res.body.payload.enrollment_code).toBe(eid)
    const temp = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ enrollment_code: 'SMPL-12345' }) })
    expect(temp.status).toBe(201)
  })

  it('refuses a class of another school with the badClass message, in Arabic too', async () => {
    const ar = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ class_relation: otherClassId }), lang: 'ar' })
    expect(ar.body.message.errors).toEqual([STUDENT_MESSAGES.badClass.ar])
  })
})

describe('conflict detection and history', () => {
  it('refuses a stale updated_at with the current values, and accepts the current one', async () => {
    const token = tokens.institution_admin
    const created = await h.request('POST', list(), { token, json: body({ first_name: 'Maya' }) })
    const id = created.body.payload.id
    const code_ = created.body.payload.enrollment_code
    const v1 = created.body.payload.updated_at
    const ok = await h.request('PUT', one(id), { token, json: body({ first_name: 'Maya Two', enrollment_code: code_, updated_at: v1 }) })
    expect(ok.status).toBe(200)
    expect(ok.body.payload.updated_at).not.toBe(v1)
    const stale = await h.request('PUT', one(id), { token, json: body({ first_name: 'Maya Three', enrollment_code: code_, updated_at: v1 }) })
    expect(stale.status).toBe(409)
    expect(stale.body.message.codes).toEqual({ _: 'conflict' })
    expect(stale.body.message.errors).toHaveLength(1)
    expect(stale.body.message.current).toEqual(ok.body.payload)
    expect((await h.request('GET', one(id), { token })).body.payload.first_name).toBe('Maya Two')
    const again = await h.request('PUT', one(id), { token, json: body({ first_name: 'Maya Three', enrollment_code: code_, updated_at: stale.body.message.current.updated_at }) })
    expect(again.status).toBe(200)
    expect(again.body.payload.first_name).toBe('Maya Three')
  })

  it('keeps the enrolment history across years', async () => {
    const token = tokens.institution_admin
    const created = await h.request('POST', list(), { token, json: body({ first_name: 'Hist', class_relation: class1A }) })
    const id = created.body.payload.id
    const enrolled = await h.request('PUT', one(id, schoolId, oldYearId), { token, json: body({ first_name: 'Hist', enrollment_code: created.body.payload.enrollment_code, class_relation: class1B }) })
    expect(enrolled.status).toBe(200)
    expect(enrolled.body.payload.class_relation).toEqual([class1B])
    const now = await h.request('GET', one(id), { token })
    expect(now.body.payload.class_relation).toEqual([class1A])
    expect(now.body.payload.studentclassrelation_set).toMatchObject([
      { class_name: 'Grade 1 A', is_active: true, academic_year_name: '2026-2027' },
      { class_name: 'Class 1B', is_active: true, academic_year_name: '2025-2026' },
    ])
    expect((await h.request('GET', `${list(schoolId, oldYearId)}?first_name=hist`, { token })).body.payload.count).toBe(1)
  })
})

describe('work-flow and licence', () => {
  const wf = (s = schoolId, lang: 'en' | 'ar' = 'en', role: Role = 'institution_admin') =>
    h.request('GET', `/api/work-flow/school/${s}/student/`, { token: tokens[role], lang })

  it('says nothing while a licence with places covers today, and gives the ID settings', async () => {
    const res = await wf()
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ message: null, student_id_validation: { type: 'EMIRATES_ID_OR_TEMPORARY', acronym: 'SMPL', regex: null, description: null } })
  })

  it.each(ROLES)('%s: read-only message unless the role may write students', async (role) => {
    const res = await wf(schoolId, 'en', role)
    expect(res.body.payload.message).toBe(can(role, 'student', 'write') ? null : STUDENT_MESSAGES.readOnly.en)
  })

  it('says when the school has no class', async () => {
    const empty = await insertSchool(h, institutionId, 'NOCLASS')
    expect((await wf(empty)).body.payload.message).toBe(STUDENT_MESSAGES.needClass.en)
  })

  it('blocks adding students when no licence covers today (message and 409 on create)', async () => {
    await h.db.update(licences).set({ from_date: '2090-01-01', to_date: '2090-12-31' }).where(eq(licences.institution_id, institutionId))
    try {
      expect((await wf()).body.payload.message).toBe(LICENCE_BLOCK_MESSAGES.noLicence.en)
      expect((await wf(schoolId, 'ar')).body.payload.message).toBe(LICENCE_BLOCK_MESSAGES.noLicence.ar)
      const res = await h.request('POST', list(), { token: tokens.institution_admin, json: body({ first_name: 'Blocked' }) })
      expect(res.status).toBe(409)
      expect(res.body.message.errors).toEqual([LICENCE_BLOCK_MESSAGES.noLicence.en])
      expect((await h.request('GET', `${list()}?first_name=blocked`, { token: tokens.institution_admin })).body.payload.count).toBe(0)
    } finally {
      await h.db.update(licences).set({ from_date: '2026-08-01', to_date: '2027-07-31' }).where(eq(licences.institution_id, institutionId))
    }
  })

  it('blocks adding students when the licence is used up (message and 409 on create)', async () => {
    const active = (await h.db.select().from(students).where(eq(students.institution_id, institutionId))).filter((s) => s.is_active).length
    await h.db.update(licences).set({ purchase_quantity: active }).where(eq(licences.institution_id, institutionId))
    try {
      const message = LICENCE_BLOCK_MESSAGES.full(active).en
      expect((await wf()).body.payload.message).toBe(message)
      const res = await h.request('POST', list(), { token: tokens.school_admin, json: body({ first_name: 'Blocked' }) })
      expect(res.status).toBe(409)
      expect(res.body.message.errors).toEqual([message])
      // Editing an existing student is still allowed.
      const [first] = (await h.request('GET', list(), { token: tokens.school_admin })).body.payload.results
      const put = await h.request('PUT', one(first.id), { token: tokens.school_admin, json: { ...body(), ...first, class_relation: first.class_relation[0], updated_at: undefined } })
      expect(put.status).toBe(200)
    } finally {
      await h.db.update(licences).set({ purchase_quantity: 500 }).where(eq(licences.institution_id, institutionId))
    }
    expect((await wf()).body.payload.message).toBeNull()
  })
})

describe('download', () => {
  const download = async (lang: 'en' | 'ar', query = `school=${schoolId}&year=${yearId}`, token = tokens.viewer) => {
    const res = await h.app.request(`http://${SAMPLE_HOST}/api/student/download/?${query}`, {
      headers: { host: SAMPLE_HOST, authorization: `Bearer ${token}`, 'accept-language': lang },
    })
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
  }

  it('returns an English .xlsx of the year\'s students', async () => {
    const res = await download('en')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="students-2026-2027\.xlsx"/)
    const book = XLSX.read(res.bytes, { type: 'array' })
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })
    expect(rows[0]).toEqual(['First name', 'Last name', 'Arabic name', 'Enrollment code', 'Gender', 'Class', 'Field 1', 'Field 2', 'Field 3', 'Field 4'])
    const listed = (await h.request('GET', list(), { token: tokens.viewer })).body.payload.count
    expect(rows.length - 1).toBe(listed)
    expect(rows.slice(1).find((r) => r[3] === 'SMPL-10001')?.slice(0, 6)).toEqual(['Sara', 'Ahmed', 'سارة أحمد', 'SMPL-10001', 'Female', 'Grade 1 A'])
    expect(book.Workbook?.Views?.[0]?.RTL ?? false).toBe(false)
  })

  it('returns Arabic headers and a right-to-left workbook with lang ar', async () => {
    const res = await download('ar')
    expect(res.status).toBe(200)
    const disposition = res.headers.get('content-disposition')!
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('الطلاب-2026-2027.xlsx')}`)
    const book = XLSX.read(res.bytes, { type: 'array' })
    expect(book.SheetNames[0]).toBe('الطلاب')
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })
    expect(rows[0]![0]).toBe('الاسم الأول')
    expect(rows[0]![3]).toBe('رقم القيد')
    expect(book.Workbook?.Views?.[0]?.RTL).toBe(true)
  })

  it('refuses a bad query (400), an unmapped school (403) and no token (401)', async () => {
    expect((await download('en', 'school=abc&year=1')).status).toBe(400)
    expect((await download('en', `school=${otherSchoolId}&year=${yearId}`, tokens.teacher)).status).toBe(403)
    expect((await download('en', `school=${schoolId}&year=999999`)).status).toBe(404)
    expect((await h.request('GET', `/api/student/download/?school=${schoolId}&year=${yearId}`)).status).toBe(401)
  })
})

describe('permissions (CALLS.student)', () => {
  let target: { id: number; enrollment_code: string }
  beforeAll(async () => {
    target = (await h.request('POST', list(), { token: tokens.institution_admin, json: body({ first_name: 'Target' }) })).body.payload
  })

  it.each(ROLES)('%s: read', async (role) => {
    const expected = can(role, 'student', 'read') ? 200 : 403
    expect((await h.request('GET', list(), { token: tokens[role] })).status).toBe(expected)
    expect((await h.request('GET', one(target.id), { token: tokens[role] })).status).toBe(expected)
  })

  it.each(ROLES)('%s: create, update, delete', async (role) => {
    const token = tokens[role]
    const allowed = can(role, 'student', 'write')
    const created = await h.request('POST', list(), { token, json: body({ first_name: `By ${role}` }) })
    expect(created.status).toBe(allowed ? 201 : 403)
    const updated = await h.request('PUT', one(target.id), { token, json: body({ first_name: `Edit ${role}`, enrollment_code: target.enrollment_code }) })
    expect(updated.status).toBe(allowed ? 200 : 403)
    const deleted = await h.request('DELETE', one(allowed ? created.body.payload.id : target.id), { token })
    expect(deleted.status).toBe(allowed ? 200 : 403)
    if (!allowed) {
      expect(created.body.message.errors).toEqual([MESSAGES.forbidden.en])
      expect((await h.request('GET', one(target.id), { token: tokens.institution_admin })).body.payload.first_name).not.toBe(`Edit ${role}`)
    }
  })

  it('refuses calls without a token (401)', async () => {
    expect((await h.request('GET', list())).status).toBe(401)
    expect((await h.request('POST', list(), { json: body() })).status).toBe(401)
  })

  it.each(['teacher', 'school_admin', 'viewer'] as const)('%s: 403 on the students of a school it is not mapped to', async (role) => {
    const token = tokens[role]
    for (const path of [list(otherSchoolId), `/api/school/${otherSchoolId}/class/${otherClassId}/year/${yearId}/student/`, `/api/work-flow/school/${otherSchoolId}/student/`]) {
      const res = await h.request('GET', path, { token })
      expect(res.status, path).toBe(403)
      expect(res.body.message.errors).toEqual([MESSAGES.schoolForbidden.en])
    }
    expect((await h.request('POST', list(otherSchoolId), { token, json: body({ class_relation: otherClassId }) })).status).toBe(403)
    // The institution admin may.
    expect((await h.request('GET', list(otherSchoolId), { token: tokens.institution_admin })).status).toBe(200)
  })

  it('does not reach a student through another school of the institution', async () => {
    expect((await h.request('GET', one(target.id, otherSchoolId), { token: tokens.institution_admin })).status).toBe(404)
  })
})

describe('tenant isolation', () => {
  it('answers 401 for the other institution\'s token here and 404 for sample students on its host', async () => {
    const other = await insertInstitution(h, 'otherstudents')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const [sara] = await h.db.select().from(students).where(eq(students.enrollment_code, 'SMPL-10001'))
    expect((await h.request('GET', list(), { token: otherToken })).status).toBe(401)
    const o = { host: other.host, token: otherToken }
    expect((await h.request('GET', list(), o)).status).toBe(404)
    expect((await h.request('GET', one(sara!.id), o)).status).toBe(404)
    expect((await h.request('PUT', one(sara!.id), { ...o, json: body({ enrollment_code: 'SMPL-10001' }) })).status).toBe(404)
    expect((await h.request('DELETE', one(sara!.id), o)).status).toBe(404)
    expect((await h.request('GET', `/api/student/download/?school=${schoolId}&year=${yearId}`, o)).status).toBe(404)
    // Its own school with a sample year: the year is not found.
    expect((await h.request('GET', list(other.schoolId, yearId), o)).status).toBe(404)
    expect((await h.request('GET', one(sara!.id), { token: tokens.institution_admin })).body.payload.first_name).toBe('Sara')
  })
})
