import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { assertSchoolAccess, schoolAccess } from '../../middleware/school-access'
import { HttpError } from '../../lib/http-error'
import { readListParams } from '../../lib/list-query'
import { idParam, idQuery, parseId } from '../../lib/validate'
import { bulkUpload, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { institutionScope } from '../../lib/request-scope'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { studentImporter } from './students.import'
import { xlsxResponse } from '../../lib/xlsx'
import { can } from '../../../shared/permissions'
import { MigrationFormSchema, MigrationSchema, StudentSchema, type Student } from '../../../shared/schemas/student'
import { schoolOfClass } from '../../domain/ownership'
import { currentYear } from '../../domain/academic-year'
import { findYear, migrateStudents, schoolsForDownload, studentListSpec, studentService } from './students.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** The path's school (schoolAccess checked the caller reaches it). */
const schoolOf = (c: Context<AppEnv>) => idParam(c, 'schoolId')

/** The form sends class_relation as an id; older clients send class_relation_set as a one-entry list. */
function withClassRelation(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body
  const fields = body as Record<string, unknown>
  if (fields.class_relation === undefined && Array.isArray(fields.class_relation_set)) fields.class_relation = fields.class_relation_set[0]
  if (Array.isArray(fields.class_relation)) fields.class_relation = fields.class_relation[0]
  return fields
}

export const studentRoutes = new Hono<AppEnv>({ strict: false })
  .use(`${routes.students}/*`, requireAuth, schoolAccess)
  .use(routes.students, requireAuth, schoolAccess)
  .use(routes.classStudents, requireAuth, schoolAccess)
  .use(routes.studentWorkflow, requireAuth, schoolAccess)
  .use(routes.uploadStudent, requireAuth, schoolAccess, allowUpload('student'))
  // The class chosen on the screen comes as the form field `class` beside the file (ADR 0080).
  .post(routes.uploadStudent, describe({ summary: `Upload students into a class (multipart, field student_excel; form field class = the class id); ${UPLOAD_ANSWERS}`, tag: 'bulk-upload', bodyLimit: bulkUploadLimit }), (c) => bulkUpload(c, studentImporter, queueBulkImport, (fields) => ({
    schoolId: idParam(c, 'schoolId'),
    yearId: idParam(c, 'yearId'),
    classId: parseId(fields.class ?? fields.class_relation) ?? undefined,
  })))
  .get(routes.studentWorkflow, describe({ summary: 'Whether students may be added', tag: 'student' }), async (c) => {
    const payload = await studentService.workflow(institutionScope(c), schoolOf(c), can(c.get('user').role, 'student', 'write'))
    return c.json({ payload })
  })
  .get(routes.students, describe({ summary: 'List students of a school in a year', tag: 'student', list: true }), allow('student', 'read'), async (c) => {
    return c.json({ payload: await studentService.list(institutionScope(c), schoolOf(c), idParam(c, 'yearId'), readListParams(c, studentListSpec)) })
  })
  .get(routes.classStudents, describe({ summary: 'Students of a class in a year', tag: 'student', list: true }), allow('student', 'read'), async (c) => {
    const s = institutionScope(c)
    const classId = idParam(c, 'classId')
    if ((await schoolOfClass(s.db, s.institution.id, classId, schoolOf(c))) === null) throw HttpError.of(404, 'notFound', s.lang)
    return c.json({ payload: await studentService.list(s, schoolOf(c), idParam(c, 'yearId'), readListParams(c, studentListSpec), classId) })
  })
  .post(routes.students, describe({ summary: 'Create a student in a class for a year', tag: 'student', body: StudentSchema, prepare: withClassRelation }), allow('student', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await studentService.create(s, schoolOf(c), idParam(c, 'yearId'), input) }, 201)
  })
  .get(routes.student, describe({ summary: 'Read a student', tag: 'student' }), allow('student', 'read'), async (c) => {
    return c.json({ payload: await studentService.get(institutionScope(c), schoolOf(c), idParam(c, 'yearId'), idParam(c, 'id')) })
  })
  .put(routes.student, describe({ summary: 'Update a student', tag: 'student', body: StudentSchema, prepare: withClassRelation }), allow('student', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await studentService.update(s, schoolOf(c), idParam(c, 'yearId'), idParam(c, 'id'), input) })
  })
  .delete(routes.student, describe({ summary: 'Delete a student', tag: 'student' }), allow('student', 'write'), async (c) => {
    await studentService.remove(institutionScope(c), schoolOf(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .use(routes.studentsDownload, requireAuth, allow('student', 'read'))
  .get(routes.studentsDownload, describe({ summary: 'Students of ?school= in ?year= as a spreadsheet', tag: 'student' }), async (c) => {
    const s = institutionScope(c)
    const { db, lang } = s
    // Spec §7 calls it without parameters: then every school the caller may reach and the current year.
    const optionalId = (name: string) => idQuery(c, name) ?? null
    const schoolId = optionalId('school')
    const yearId = optionalId('year')
    if (schoolId !== null) await assertSchoolAccess(c, schoolId)
    const schoolList = await schoolsForDownload(db, s.institution.id, schoolId ?? await s.schools())
    const year = yearId !== null ? await findYear(s, yearId) : await currentYear({ db, institutionId: s.institution.id })
    const rows: (Student & { school: string })[] = []
    for (const school of year ? schoolList : []) {
      const name = lang === 'ar' && school.arabic_display_name ? school.arabic_display_name : school.display_name
      for (const row of await studentService.all(s, school.id, year!.id)) rows.push({ ...row, school: name })
    }
    const yearName = year?.display_name ?? ''
    const gender = (g: Student['gender']) => (g === 'm' ? (lang === 'ar' ? 'ذكر' : 'Male') : g === 'f' ? (lang === 'ar' ? 'أنثى' : 'Female') : '')
    return xlsxResponse<Student & { school: string }>(c, {
      filename: { en: `students-${yearName}.xlsx`, ar: `الطلاب-${yearName}.xlsx` },
      sheet: { en: 'Students', ar: 'الطلاب' },
      lang,
      rows,
      columns: [
        ...(schoolList.length > 1 ? [{ header: { en: 'School', ar: 'المدرسة' }, value: (r: { school: string }) => r.school }] : []),
        { header: { en: 'First name', ar: 'الاسم الأول' }, value: (r) => r.first_name },
        { header: { en: 'Last name', ar: 'اسم العائلة' }, value: (r) => r.last_name },
        { header: { en: 'Arabic name', ar: 'الاسم بالعربية' }, value: (r) => r.arabic_name },
        { header: { en: 'Enrollment code', ar: 'رقم القيد' }, value: (r) => r.enrollment_code },
        { header: { en: 'Gender', ar: 'الجنس' }, value: (r) => gender(r.gender) },
        { header: { en: 'Class', ar: 'الفصل' }, value: (r) => r.class_name },
        { header: { en: 'Field 1', ar: 'الحقل 1' }, value: (r) => r.user_field_1 },
        { header: { en: 'Field 2', ar: 'الحقل 2' }, value: (r) => r.user_field_2 },
        { header: { en: 'Field 3', ar: 'الحقل 3' }, value: (r) => r.user_field_3 },
        { header: { en: 'Field 4', ar: 'الحقل 4' }, value: (r) => r.user_field_4 },
      ],
    })
  })
  .use(routes.migrateStudents, requireAuth, allow('migrate-students', 'write'))
  .post(routes.migrateStudents, describe({ summary: 'Move students of a class to another class and year', tag: 'student', body: MigrationSchema }), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await migrate(c, { ...input, des_class: idParam(c, 'classId'), des_year: idParam(c, 'yearId') }) })
  })
  .use(routes.migrateStudentsForm, requireAuth, allow('migrate-students', 'write'))
  .post(routes.migrateStudentsForm, describe({ summary: 'Move students (form)', tag: 'student', body: MigrationFormSchema }), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await migrate(c, input) })
  })

async function migrate(c: Context<AppEnv>, input: { des_class: number; des_year: number; students: number[]; src_class?: number; src_year?: number }) {
  const s = institutionScope(c)
  const schoolId = await schoolOfClass(s.db, s.institution.id, input.des_class)
  if (schoolId === null) throw HttpError.of(404, 'notFound', s.lang)
  await assertSchoolAccess(c, schoolId)
  return migrateStudents(s, schoolId, {
    destClass: input.des_class,
    destYear: input.des_year,
    students: input.students,
    srcClass: input.src_class,
    srcYear: input.src_year,
  })
}
