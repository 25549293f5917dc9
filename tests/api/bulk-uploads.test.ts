// The six bulk upload calls on a real app and database: the LibreOffice fixtures (clean and messy, .xlsx and
// .xls) give mixed valid and refused rows with their row numbers; duplicates within a file and with existing
// records are refused; a non-spreadsheet, an oversized file and a zip bomb are refused before any parsing; a
// repeated Idempotency-Key imports nothing twice; a large file becomes a background job; templates download
// with the exact header row and come back filled; every call checks role, school and institution.
import { and, eq, sql } from 'drizzle-orm'
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { getBytes, multipart } from '../factories/assessments'
import { fixture, sheetRows, workbook, workbookOfSheets, zip } from '../factories/spreadsheets'
import { OTHER_PASSWORD, insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'
import {
  assessmentLibraries, bulkUploadRows, bulkUploads, classSubjects, classTeachers, classes, grades, institutions, licences, reportTemplates, schools, sections,
  students, subjects, userSchools, users,
} from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'
import { UPLOAD_FIELD, type UploadKind } from '../../src/shared/bulk/upload-kinds'
import { pruneStoredKeysJob } from '../../src/server/jobs/prune-stored-keys.job'

let h: Harness
let admin: string
let schoolAdmin: string
let platform: string
let schoolId: number
let yearId: number
let classId: number
let fixSchoolId: number

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Where each kind is uploaded, and on which host. */
function target(kind: UploadKind): { path: string; host: string; token: () => string; fields?: Record<string, string> } {
  switch (kind) {
    case 'teacher': return { path: `/api/school/${fixSchoolId}/upload-teacher/`, host: SAMPLE_HOST, token: () => admin }
    case 'school': return { path: '/api/school/upload-school/', host: SAMPLE_HOST, token: () => admin }
    case 'class': return { path: '/api/upload-class/', host: SAMPLE_HOST, token: () => admin, fields: { year: String(yearId) } }
    case 'student': return { path: `/api/school/${schoolId}/year/${yearId}/upload-student/`, host: SAMPLE_HOST, token: () => admin, fields: { class: String(classId) } }
    case 'assessment-library': return { path: '/api/upload-assessment-library/', host: PLATFORM_HOST, token: () => platform }
    case 'report-template': return { path: '/api/reporttemplate/upload/', host: PLATFORM_HOST, token: () => platform }
  }
}

function upload(kind: UploadKind, bytes: Uint8Array, o: { name?: string; token?: string; host?: string; lang?: 'en' | 'ar'; key?: string; path?: string; fields?: Record<string, string> } = {}) {
  const t = target(kind)
  return multipart(h, 'POST', o.path ?? t.path, {
    host: o.host ?? t.host,
    token: o.token ?? t.token(),
    lang: o.lang,
    fields: o.fields ?? t.fields,
    headers: o.key ? { 'idempotency-key': o.key } : undefined,
    files: { [UPLOAD_FIELD[kind]]: { name: o.name ?? 'rows.xlsx', type: XLSX_TYPE, bytes } },
  })
}

/** The result rows as [row, status, the field names with a message] — what a user reads in the panel. */
const summary = (rows: any[]) => rows.map((r) => [r.row, r.status, Object.keys(r.errors ?? {}).sort().join(',') || (r.error ? 'error' : '')])

beforeAll(async () => {
  h = await createHarness()
  admin = await h.login('institution.admin@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  schoolId = (await h.request('GET', api.mySchools, { token: admin })).body.payload.results[0].id
  yearId = (await h.request('GET', api.academicYears, { token: admin })).body.payload.results.find((y: any) => y.is_active).id
  classId = (await h.request('GET', api.classes(schoolId), { token: admin })).body.payload.results[0].id
  // The class fixtures name subjects "English" and "Arabic" (README: use the names of your seeded subjects).
  await h.db.insert(subjects).values([
    { code: 'english', display_name: 'English', arabic_display_name: 'الإنجليزية' },
    { code: 'arabic', display_name: 'Arabic', arabic_display_name: 'العربية' },
  ])
}, 60_000)
afterAll(async () => {
  await h?.close()
})

describe('template-URL call', () => {
  it('answers the spec keys, with the templates each caller may use here', async () => {
    const mine = (await h.request('GET', '/api/bulk-upload/template-url/', { token: admin })).body.payload
    expect(Object.keys(mine).sort()).toEqual(['assessment-library-upload-url', 'class-upload-url', 'report-template-upload-url', 'school-upload-url', 'student-upload-url', 'teacher-upload-url'])
    expect(mine['student-upload-url']).toBe('/api/bulk-upload/template/student/')
    expect(mine['assessment-library-upload-url']).toBeNull()
    const theirs = (await h.request('GET', '/api/bulk-upload/template-url/', { token: schoolAdmin })).body.payload
    expect(theirs['school-upload-url']).toBeNull()
    expect(theirs['class-upload-url']).not.toBeNull()
    const platformUrls = (await h.request('GET', '/api/bulk-upload/template-url/', { token: platform, host: PLATFORM_HOST })).body.payload
    expect(platformUrls['report-template-upload-url']).toBe('/api/bulk-upload/template/report-template/')
    expect(platformUrls['student-upload-url']).toBeNull()
  })
})

describe('schools', () => {
  it('imports the clean fixture, and refuses the same schools from the .xls as existing', async () => {
    const res = await upload('school', fixture('schools_clean.xlsx'))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'success', '']])
    expect(res.body.payload[0]).toMatchObject({ identifier: 'SCH-FIX-01', error: null, errors: null, id: expect.any(Number) })
    const [first] = await h.db.select().from(schools).where(eq(schools.identifier, 'SCH-FIX-01'))
    expect(first).toMatchObject({ zipcode: '00000', country: 'AE', arabic_display_name: 'مدرسة النور الابتدائية' })
    fixSchoolId = first!.id

    const again = await upload('school', fixture('schools_clean.xls'), { name: 'schools.xls' })
    expect(again.status).toBe(200)
    expect(again.body.payload.map((r: any) => [r.row, r.status, r.errors?.identifier])).toEqual([
      [2, 'error', 'A record with this value exists already'], [3, 'error', 'A record with this value exists already'], [4, 'error', 'A record with this value exists already'],
    ])
  })

  it('imports the valid rows of the messy fixture and lists the others with their row and reason', async () => {
    const res = await upload('school', fixture('schools_messy.xlsx'))
    expect(summary(res.body.payload)).toEqual([
      [2, 'success', ''], [3, 'success', ''], [4, 'error', 'identifier'], [5, 'error', 'phone_number'], [6, 'success', ''], [7, 'error', 'identifier'],
    ])
    expect(res.body.payload[5].errors.identifier).toBe('The same value is already on row 3 of this file')
    const byId = Object.fromEntries((await h.db.select().from(schools).where(sql`${schools.identifier} like 'SCH-FIX-1%'`)).map((s) => [s.identifier, s]))
    expect(byId['SCH-FIX-11']).toMatchObject({ phone_number: '97142000011', country: 'AE', zipcode: '01234' })
    expect(byId['SCH-FIX-12']).toMatchObject({ display_name: 'Palm Heights School', zipcode: '1234' })
    expect(byId['SCH-FIX-15']).toMatchObject({ country: 'AE', city: 'دبي' })
  })
})

describe('teachers', () => {
  it('imports the clean fixture into the school, each invited by mail', async () => {
    const before = h.mails().length
    const res = await upload('teacher', fixture('teachers_clean.xlsx'))
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'success', ''], [5, 'success', ''], [6, 'success', '']])
    expect(res.body.payload[0].email).toBe('fatima.mansoori@fixtures.test')
    await h.runJobs({ only: ['send-mail'] })
    expect(h.mails().slice(before).filter((m) => /fixtures\.test/.test(m))).toHaveLength(5)
    const [omar] = await h.db.select().from(users).where(eq(users.email, 'omar.haddad@fixtures.test'))
    expect(omar).toMatchObject({ role: 'teacher', phone_number: '0501000004', known_languages: 'Arabic, French' })
    expect(await h.db.select().from(userSchools).where(eq(userSchools.user_id, omar!.id))).toEqual([{ user_id: omar!.id, school_id: fixSchoolId }])
  })

  it('refuses bad and repeated rows of the messy fixture, in Arabic for an Arabic user', async () => {
    const res = await upload('teacher', fixture('teachers_messy.xlsx'), { lang: 'ar' })
    expect(summary(res.body.payload)).toEqual([
      [2, 'success', ''], [3, 'success', ''], [4, 'success', ''], [5, 'error', 'email'], [6, 'error', 'email'], [7, 'error', 'first_name'], [8, 'error', 'phone_number'],
    ])
    expect(res.body.payload[4].errors.email).toBe('القيمة نفسها موجودة في الصف 2 من هذا الملف')
    expect(res.body.payload[4].error).toMatch(/^email - /)
    const emails = (await h.db.select({ email: users.email, last: users.last_name, phone: users.phone_number }).from(users).where(sql`${users.email} in ('ahmed.hashemi@fixtures.test', 'sara.khan@fixtures.test', 'layla.nasser@fixtures.test')`))
    expect(emails).toEqual(expect.arrayContaining([
      { email: 'ahmed.hashemi@fixtures.test', last: 'الهاشمي', phone: '971501000011' },
      { email: 'sara.khan@fixtures.test', last: 'KHAN', phone: '+971 50 100 0012' },
      { email: 'layla.nasser@fixtures.test', last: 'Nasser', phone: '+971 50 100 0013' },
    ]))
  })
})

describe('classes', () => {
  beforeAll(async () => {
    const institutionId = await sampleInstitutionId(h)
    await h.db.insert(grades).values(['G1', 'G2'].map((g) => ({ institution_id: institutionId, school_id: fixSchoolId, identifier: g, display_name: `Grade ${g}` })))
    await h.db.insert(sections).values(['A', 'B'].map((g) => ({ institution_id: institutionId, school_id: fixSchoolId, identifier: g, display_name: `Section ${g}` })))
    const [teacher] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'teacher@sample.test'))
    await h.db.insert(userSchools).values({ user_id: teacher!.id, school_id: fixSchoolId })
  })

  it('imports the clean fixture with its subjects and teachers for the year chosen', async () => {
    const res = await upload('class', fixture('classes_clean.xlsx'))
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'success', '']])
    const [g1b] = await h.db.select().from(classes).where(and(eq(classes.school_id, fixSchoolId), eq(classes.identifier, 'G1-B')))
    expect((await h.db.select().from(classSubjects).where(eq(classSubjects.class_id, g1b!.id))).length).toBe(2)
    expect(await h.db.select({ year: classTeachers.academic_year_id }).from(classTeachers).where(eq(classTeachers.class_id, g1b!.id))).toEqual([{ year: yearId }])
  })

  it('refuses unknown grades and schools, a missing identifier and no subject; keeps 007 as text', async () => {
    const res = await upload('class', fixture('classes_messy.xlsx'))
    expect(summary(res.body.payload)).toEqual([
      [2, 'success', ''], [3, 'success', ''], [4, 'error', 'grade'], [5, 'error', 'identifier'], [6, 'error', 'school'], [7, 'success', ''], [8, 'error', 'subjects'],
    ])
    const made = await h.db.select({ identifier: classes.identifier, name: classes.display_name, section: classes.section_id }).from(classes).where(eq(classes.school_id, fixSchoolId))
    expect(made).toEqual(expect.arrayContaining([
      { identifier: '007', name: 'Grade 1 Seven', section: expect.any(Number) },
      { identifier: 'G3-B', name: 'Grade 3 B', section: expect.any(Number) },
      { identifier: 'G1-D', name: 'الصف الأول د', section: null },
    ]))
  })

  it('lets a school admin name only the schools they reach', async () => {
    const res = await upload('class', workbook([
      ['school', 'identifier', 'class_name', 'grade', 'subjects', 'teachers'],
      ['SCH-FIX-01', 'SA-1', 'Not theirs', 'G1', 'English', 'teacher@sample.test'],
    ]), { token: schoolAdmin })
    expect(res.status).toBe(200)
    expect(res.body.payload[0]).toMatchObject({ row: 2, status: 'error', errors: { school: 'No match found: check the name or identifier' } })
  })
})

describe('students', () => {
  it('imports the clean fixture into the chosen class; the .xls of the same students is refused as existing', async () => {
    const res = await upload('student', fixture('students_clean.xlsx'))
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'success', ''], [5, 'success', ''], [6, 'success', '']])
    expect(res.body.payload[0]).toMatchObject({ enrollment_code: '784-2015-1000001-7', status: 'success' })
    const listed = (await h.request('GET', api.classStudents(schoolId, classId, yearId), { token: admin })).body.payload.results.map((s: any) => s.enrollment_code)
    expect(listed).toEqual(expect.arrayContaining(['784-2015-1000001-7', '784-2015-1000005-8']))

    const again = await upload('student', fixture('students_clean.xls'), { name: 'students.xls' })
    expect(again.body.payload.every((r: any) => r.status === 'error' && r.errors.enrollment_code === 'A record with this value exists already')).toBe(true)
  })

  it('reads dates, codes with leading zeros, numbers and formulas as a person means them (messy fixture)', async () => {
    await h.db.update(institutions).set({ student_id_validation_type: 'NONE' }).where(eq(institutions.id, await sampleInstitutionId(h)))
    const res = await upload('student', fixture('students_messy.xlsx'))
    expect(summary(res.body.payload)).toEqual([
      [2, 'success', ''], [3, 'success', ''], [4, 'success', ''], [5, 'success', ''],
      [6, 'error', 'enrollment_code'], [7, 'error', 'first_name,last_name'], [8, 'error', 'gender'], [9, 'error', 'arabic_name'],
    ])
    const rows = await h.db.select().from(students).where(sql`${students.enrollment_code} in ('00012345', '00067890', '784-2015-2000003-1', '12345678')`)
    const byCode = Object.fromEntries(rows.map((r) => [r.enrollment_code, r]))
    expect(byCode['00012345']).toMatchObject({ first_name: 'محمد', user_field_1: '2016-03-14', gender: 'm' })
    expect(byCode['00067890']).toMatchObject({ user_field_1: '2016-05-02' })
    expect(byCode['784-2015-2000003-1']).toMatchObject({ last_name: 'HASSAN' })
    expect(byCode['12345678']).toMatchObject({ first_name: 'Lina' })
    expect(res.body.payload[4].errors.enrollment_code).toBe('The same value is already on row 2 of this file')
  })

  it('imports as many as the licence allows and says why the rest are refused', async () => {
    const institutionId = await sampleInstitutionId(h)
    const [active] = await h.db.select({ n: sql<number>`count(*)::int` }).from(students).where(eq(students.institution_id, institutionId))
    const [licence] = await h.db.select().from(licences).where(eq(licences.institution_id, institutionId))
    await h.db.update(licences).set({ purchase_quantity: active!.n + 1 }).where(eq(licences.id, licence!.id))
    const res = await upload('student', workbook([
      ['first_name', 'last_name', 'arabic_name', 'enrollment_code'],
      ['Licence', 'Fits', 'طالب واحد', 'LIC-0001'],
      ['Licence', 'Beyond', 'طالب ثان', 'LIC-0002'],
    ]))
    await h.db.update(licences).set({ purchase_quantity: licence!.purchase_quantity }).where(eq(licences.id, licence!.id))
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'error', 'error']])
    expect(res.body.payload[1].error).toMatch(/licen/i)
  })

  it('refuses a class of another school before reading any row', async () => {
    const otherSchool = await insertSchool(h, await sampleInstitutionId(h), 'OTHERCLS')
    const [grade] = await h.db.insert(grades).values({ institution_id: await sampleInstitutionId(h), school_id: otherSchool, identifier: 'X1', display_name: 'X1' }).returning()
    const [foreign] = await h.db.insert(classes).values({ institution_id: await sampleInstitutionId(h), school_id: otherSchool, grade_id: grade!.id, identifier: 'X1', display_name: 'X1' }).returning()
    const res = await upload('student', fixture('students_clean.xlsx'), { fields: { class: String(foreign!.id) } })
    expect(res.status).toBe(400)
    expect(res.body.message.fields.class[0]).toBe('Choose a class of this school')
    const none = await upload('student', fixture('students_clean.xlsx'), { fields: {} })
    expect(none.status).toBe(400)
  })
})

describe('assessment libraries and report templates', () => {
  it('imports libraries from both fixtures; booleans from TRUE, 1/0 and yes/no', async () => {
    const clean = await upload('assessment-library', fixture('assessment_libraries_clean.xlsx'))
    expect(summary(clean.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'success', '']])
    const messy = await upload('assessment-library', fixture('assessment_libraries_messy.xlsx'))
    expect(summary(messy.body.payload)).toEqual([[2, 'success', ''], [3, 'success', ''], [4, 'error', 'display_name'], [5, 'success', ''], [6, 'error', 'display_name']])
    expect(messy.body.payload[0].name).toBe('مكتبة القراءة العربية')
    const libs = Object.fromEntries((await h.db.select().from(assessmentLibraries)).map((l) => [l.display_name, l]))
    expect(libs['مكتبة القراءة العربية']).toMatchObject({ is_report: true, is_global: false })
    expect(libs['Fluency Checks']).toMatchObject({ is_report: true, is_global: false })
    expect(libs['Spelling Set']).toMatchObject({ is_report: false, is_global: true })
    const twice = await upload('assessment-library', fixture('assessment_libraries_clean.xlsx'))
    expect(twice.body.payload.every((r: any) => r.errors?.display_name === 'A record with this value exists already')).toBe(true)
  })

  it('imports templates naming their library, and refuses an unknown library and a short name', async () => {
    const clean = await upload('report-template', fixture('report_templates_clean.xlsx'))
    expect(summary(clean.body.payload)).toEqual([[2, 'success', ''], [3, 'success', '']])
    const messy = await upload('report-template', fixture('report_templates_messy.xlsx'))
    expect(summary(messy.body.payload)).toEqual([[2, 'success', ''], [3, 'error', 'name'], [4, 'error', 'assessmentLibrary'], [5, 'success', '']])
    const [arabic] = await h.db.select().from(reportTemplates).where(eq(reportTemplates.name, 'قالب تقرير الصف'))
    expect(arabic).toMatchObject({ report_type: 6, report_scope: 3 })
  })
})

describe('files that cannot be imported', () => {
  const kinds: UploadKind[] = ['teacher', 'school', 'class', 'student', 'assessment-library', 'report-template']
  // 150 MB of zeros, about 150 kB compressed, declared as 1 kB.
  let bomb: Uint8Array
  beforeAll(() => {
    bomb = zip([{ name: '[Content_Types].xml', data: new Uint8Array(150 * 1024 * 1024), declaredSize: 1024 }])
  })

  it.each(kinds)('%s: refuses a non-spreadsheet, an oversized file and a zip bomb with a clear message', async (kind) => {
    const field = UPLOAD_FIELD[kind]
    const pdf = await upload(kind, Buffer.from('%PDF-1.7 a document, not a sheet'), { name: 'list.xlsx' })
    expect(pdf.status).toBe(400)
    expect(pdf.body.message.fields[field][0]).toMatch(/Only \.xls and \.xlsx/)
    const csv = await upload(kind, Buffer.from('first_name,last_name'), { name: 'list.csv' })
    expect(csv.status).toBe(400)
    const big = await upload(kind, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(11 * 1024 * 1024)]), { name: 'big.xlsx' })
    expect(big.status).toBe(413)
    expect(big.body.message.errors[0]).toMatch(/larger than 10 MB/)
    const zipBomb = await upload(kind, bomb, { name: 'bomb.xlsx', lang: 'ar' })
    expect(zipBomb.status).toBe(413)
    expect(zipBomb.body.message.fields[field][0]).toMatch(/غير آمن/)
  })

  it('takes the sheet whose header matches when instructions come first, and names the missing columns when none does', async () => {
    const instructions = [['How to fill this file'], ['One student per row. Dates as yyyy-mm-dd.'], [], ['Columns: first name, last name, Arabic name, ID']]
    const res = await upload('student', workbookOfSheets({
      Instructions: instructions,
      Students: [['first_name', 'last_name', 'arabic_name', 'enrollment_code'], ['Rania', 'Second', 'رانيا', 'SHEET2-0001'], ['Tamer', 'Second', 'تامر', 'SHEET2-0002']],
    }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', '']])
    const none = await upload('student', workbookOfSheets({ Instructions: instructions, Other: [['name', 'phone'], ['x', '1']] }))
    expect(none.status).toBe(400)
    expect(none.body.message.errors[0]).toMatch(/^The spreadsheet has no column for: first_name, last_name, arabic_name, enrollment_code\./)
  })

  it('refuses a sheet without the required columns, naming them, and one without rows', async () => {
    const res = await upload('student', workbook([['first_name', 'email'], ['Sara', 'x@y.z']]))
    expect(res.status).toBe(400)
    expect(res.body.message.errors[0]).toBe('The spreadsheet has no column for: last_name, arabic_name, enrollment_code. Its first row must name the columns as the template does.')
    const empty = await upload('student', workbook([['first_name', 'last_name', 'arabic_name', 'enrollment_code']]))
    expect(empty.status).toBe(400)
    expect(empty.body.message.errors[0]).toMatch(/no rows to import/)
  })
})

describe('a repeated Idempotency-Key', () => {
  /** A small file of new rows for each kind (names unique to this test). */
  const fresh: Record<UploadKind, unknown[][]> = {
    teacher: [['first_name', 'last_name', 'email'], ['Repeat', 'Teacher', 'repeat.teacher@fixtures.test']],
    school: [['identifier', 'display_name', 'arabic_display_name', 'country'], ['REPEAT-01', 'Repeat School', 'مدرسة التكرار', 'AE']],
    class: [['school', 'identifier', 'class_name', 'grade', 'subjects', 'teachers'], ['SCH-FIX-01', 'REP-1', 'Repeat class', 'G2', 'Arabic', 'teacher@sample.test']],
    student: [['first_name', 'last_name', 'arabic_name', 'enrollment_code'], ['Repeat', 'Pupil', 'طالب مكرر', 'REPEAT-0001']],
    'assessment-library': [['display_name'], ['Repeat library']],
    'report-template': [['name', 'assessmentLibrary', 'reportType', 'reportScope'], ['Repeat template', 'Term Comparison', 1, 3]],
  }
  const counts = async () => Promise.all([users, schools, classes, students, assessmentLibraries, reportTemplates].map(async (t) => (await h.db.select({ n: sql<number>`count(*)::int` }).from(t))[0]!.n))

  it.each(Object.keys(fresh) as UploadKind[])('%s: the same upload sent again imports nothing twice', async (kind) => {
    const bytes = workbook(fresh[kind])
    const key = `bulk-repeat-${kind}`
    const first = await upload(kind, bytes, { key })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.payload[0].status).toBe('success')
    const after = await counts()
    // The same form built again: a new multipart boundary, the same file.
    const second = await upload(kind, bytes, { key })
    expect(second.status).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.body).toEqual(first.body)
    expect(await counts()).toEqual(after)
    // Another file under the same key is refused, not imported.
    const other = await upload(kind, workbook([...fresh[kind].slice(0, 1), ...fresh[kind].slice(1)].concat([fresh[kind][1]!])), { key })
    expect(other.status).toBe(422)
  })
})

describe('large uploads', () => {
  it('are imported by a background job whose results stay available, refused rows downloadable', async () => {
    h.env.bulkSyncRows = 3
    try {
      const rows = Array.from({ length: 6 }, (_, i) => [`Queued`, `Pupil${i}`, 'طالب في الطابور', i === 4 ? 'QUEUE-0001' : `QUEUE-${String(i + 1).padStart(4, '0')}`])
      const res = await upload('student', workbook([['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'Notes'], ...rows]), { name: 'big-class.xlsx' })
      expect(res.status).toBe(202)
      expect(res.body.payload).toMatchObject({ state: 'PENDING', total: 6, upload_id: expect.any(String) })
      const id = res.body.payload.upload_id
      expect((await h.request('GET', `/api/bulk-upload/${id}/`, { token: admin })).body.payload).toMatchObject({ state: 'PENDING', processed: 0 })
      await h.runJobs()
      const status = (await h.request('GET', `/api/bulk-upload/${id}/`, { token: admin })).body.payload
      expect(status).toMatchObject({ state: 'SUCCESS', total: 6, processed: 6, success_count: 5, error_count: 1, file_name: 'big-class.xlsx' })
      expect(status.results).toEqual([expect.objectContaining({ row: 6, status: 'error', enrollment_code: 'QUEUE-0001' })])
      const history = (await h.request('GET', '/api/bulk-upload/?kind=student', { token: admin })).body.payload.results
      expect(history[0]).toMatchObject({ id, state: 'SUCCESS' })
      const refused = await getBytes(h, `/api/bulk-upload/${id}/refused/`, { token: admin, lang: 'ar' })
      expect(refused.status).toBe(200)
      expect(sheetRows(refused.bytes)).toEqual([
        ['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'Notes', 'الخطأ'],
        ['Queued', 'Pupil4', 'طالب في الطابور', 'QUEUE-0001', null, 'enrollment_code - The same value is already on row 2 of this file'],
      ])
      // Only the uploader sees an upload.
      expect((await h.request('GET', `/api/bulk-upload/${id}/`, { token: schoolAdmin })).status).toBe(404)

      // Fix and send again: the refused rows' file, corrected, comes back without complaint about its error column.
      const fixed = XLSX.read(refused.bytes)
      fixed.Sheets[fixed.SheetNames[0]!]!.D2 = { t: 's', v: 'QUEUE-0099' }
      const again = await upload('student', XLSX.write(fixed, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { name: 'fixed.xlsx' })
      expect(again.status).toBe(200)
      expect(again.body.payload).toEqual([expect.objectContaining({ row: 2, status: 'success', enrollment_code: 'QUEUE-0099' })])
    } finally {
      h.env.bulkSyncRows = 1000
    }
  })

  it('resume after the last committed chunk: rows an earlier run imported are not imported again', async () => {
    h.env.bulkSyncRows = 2
    try {
      const rows = [['Resume', 'Pupil', 'طالب', 'RESUME-01'], ['Resume', 'Pupil', 'طالب', 'RESUME-02'], ['Resume', 'Pupil', 'طالب', 'RESUME-01'], ['Resume', 'Pupil', 'طالب', 'RESUME-04']]
      const res = await upload('student', workbook([['first_name', 'last_name', 'arabic_name', 'enrollment_code'], ...rows]))
      expect(res.status).toBe(202)
      const id = res.body.payload.upload_id
      // As if a run had committed the first two rows, then the server stopped.
      await h.db.update(bulkUploads).set({ processed_rows: 2, success_count: 2, state: 'PROGRESS' }).where(eq(bulkUploads.id, id))
      await h.runJobs()
      const status = (await h.request('GET', `/api/bulk-upload/${id}/`, { token: admin })).body.payload
      expect(status).toMatchObject({ state: 'SUCCESS', processed: 4, success_count: 3, error_count: 1 })
      // Row 4 repeats row 2's code: still found after the restart.
      expect(status.results).toEqual([expect.objectContaining({ row: 4, errors: { enrollment_code: 'The same value is already on row 2 of this file' } })])
      const codes = (await h.db.select({ code: students.enrollment_code }).from(students).where(sql`${students.enrollment_code} like 'RESUME-%'`)).map((r) => r.code)
      expect(codes).toEqual(['RESUME-04'])
    } finally {
      h.env.bulkSyncRows = 1000
    }
  })

  it('forgets finished uploads after 30 days', async () => {
    const [old] = await h.db.select({ id: bulkUploads.id }).from(bulkUploads).limit(1)
    await h.db.update(bulkUploads).set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where(eq(bulkUploads.id, old!.id))
    await h.jobs().send(pruneStoredKeysJob, {})
    await h.runJobs()
    expect(await h.db.select().from(bulkUploads).where(eq(bulkUploads.id, old!.id))).toEqual([])
    expect(await h.db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, old!.id))).toEqual([])
  })
})

describe('templates', () => {
  it('downloads the student template with the exact header row, instructions in Arabic, and it comes back filled', async () => {
    const file = await getBytes(h, '/api/bulk-upload/template/student/', { token: admin, lang: 'ar' })
    expect(file.status).toBe(200)
    const book = XLSX.read(file.bytes)
    expect(book.SheetNames.slice(0, 2)).toEqual(['الطلاب', 'التعليمات'])
    expect(sheetRows(file.bytes)).toEqual([['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender', 'user_field_1', 'user_field_2', 'user_field_3', 'user_field_4']])
    const instructions = sheetRows(file.bytes, 'التعليمات').flat().join(' ')
    expect(instructions).toMatch(/رقم الطالب بصيغة مؤسستك/)
    const zipped = XLSX.CFB.read(file.bytes, { type: 'buffer' })
    const sheetXml = zipped.FileIndex[zipped.FullPaths.findIndex((p: string) => p.endsWith('xl/worksheets/sheet1.xml'))]!
    expect(Buffer.from(sheetXml.content as Uint8Array).toString()).toMatch(/<dataValidation type="list"[^>]*sqref="E2:E50001"><formula1>"m,f"<\/formula1>/)

    const sheet = book.Sheets[book.SheetNames[0]!]!
    XLSX.utils.sheet_add_aoa(sheet, [['Tmpl', 'Filled', 'من القالب', 'TMPL-0001', 'f'], ['Tmpl', 'Second', 'من القالب', 'TMPL-0002', 'm']], { origin: 'A2' })
    const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    const res = await upload('student', filled, { name: 'filled.xlsx' })
    expect(summary(res.body.payload)).toEqual([[2, 'success', ''], [3, 'success', '']])
  })

  it('fills the class template lists with the caller\'s schools, grades and teachers', async () => {
    const file = await getBytes(h, '/api/bulk-upload/template/class/', { token: schoolAdmin })
    const lists = sheetRows(file.bytes, 'Lists')
    expect(lists[0]).toEqual(['school', 'grade', 'section', 'subjects', 'teachers'])
    expect(lists.map((r) => r[0]).filter(Boolean)).toEqual(['school', 'ALNOOR'])
  })

  it('serves the library and template upload templates with the aligned columns', async () => {
    const libs = await getBytes(h, '/api/assessmentlibrary/download/', { token: platform, host: PLATFORM_HOST })
    expect(sheetRows(libs.bytes)[0]).toEqual(['display_name', 'isReport', 'isGlobal', 'switches'])
    const templates = await getBytes(h, '/api/reporttemplate/download/', { token: platform, host: PLATFORM_HOST })
    expect(sheetRows(templates.bytes)[0]).toEqual(['name', 'assessmentLibrary', 'reportType', 'reportScope', 'switches'])
  })
})

describe('access', () => {
  it('refuses roles without the bulk upload rights, before reading the file', async () => {
    const teacher = await h.login('teacher@sample.test')
    const viewer = await h.login('viewer@sample.test')
    for (const token of [teacher, viewer]) {
      expect((await upload('student', fixture('students_clean.xlsx'), { token })).status).toBe(403)
      expect((await upload('class', fixture('classes_clean.xlsx'), { token })).status).toBe(403)
    }
    expect((await upload('school', fixture('schools_clean.xlsx'), { token: schoolAdmin })).status).toBe(403)
    expect((await upload('assessment-library', fixture('assessment_libraries_clean.xlsx'), { token: admin, host: SAMPLE_HOST })).status).toBe(403)
    expect((await h.request('GET', '/api/bulk-upload/template/school/', { token: schoolAdmin })).status).toBe(403)
    expect((await h.request('GET', '/api/bulk-upload/references/student/', { token: viewer })).status).toBe(403)
  })

  it('refuses another institution\'s school and a school the user is not mapped to', async () => {
    const other = await insertInstitution(h, 'bulkother')
    const theirs = await upload('teacher', fixture('teachers_clean.xlsx'), { path: `/api/school/${other.schoolId}/upload-teacher/` })
    expect(theirs.status).toBe(404)
    const unmapped = await insertSchool(h, await sampleInstitutionId(h), 'UNMAPPED-B')
    const notMine = await upload('teacher', fixture('teachers_clean.xlsx'), { token: schoolAdmin, path: `/api/school/${unmapped}/upload-teacher/` })
    expect(notMine.status).toBe(403)
    const otherAdmin = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const crossHost = await multipart(h, 'POST', '/api/upload-class/', { host: SAMPLE_HOST, token: otherAdmin, files: { class_excel: { name: 'c.xlsx', type: XLSX_TYPE, bytes: fixture('classes_clean.xlsx') } } })
    expect(crossHost.status).toBe(401)
  })

  it('answers the browser\'s references only for what the caller reaches', async () => {
    const refs = (await h.request('GET', '/api/bulk-upload/references/class/', { token: schoolAdmin })).body.payload
    expect(refs.schools.map((s: any) => s.identifier)).toEqual(['ALNOOR'])
    expect(refs.teachers.every((t: any) => t.school_id === schoolId)).toBe(true)
    const students = (await h.request('GET', '/api/bulk-upload/references/student/', { token: admin })).body.payload
    expect(students.student_id_validation).toMatchObject({ type: 'NONE' })
    const platformRefs = (await h.request('GET', '/api/bulk-upload/references/report-template/', { token: platform, host: PLATFORM_HOST })).body.payload
    expect(platformRefs.libraries.map((l: any) => l.display_name)).toContain('Early Reading Bundle')
    expect(platformRefs.existing).toContain('class bundle template')
  })
})
