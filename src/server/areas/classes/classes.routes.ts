import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { institutionHost } from '../../middleware/platform-host'
import { schoolAccess, assertSchoolAccess } from '../../middleware/school-access'
import { schoolOfClass } from '../../domain/ownership'
import { HttpError } from '../../lib/http-error'
import { allRows, readListParams } from '../../lib/list-query'
import { xlsxResponse } from '../../lib/xlsx'
import { idParam, idQuery, parseId } from '../../lib/validate'
import { bulkUpload, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { institutionScope } from '../../lib/request-scope'
import { currentYear } from '../../domain/academic-year'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { classImporter } from './classes.import'
import { can } from '../../../shared/permissions'
import { ClassCopySchema, ClassSchema, TeacherMappingSchema } from '../../../shared/schemas/class'
import { CLASS_MESSAGES } from './classes.messages'
import { copyClasses } from './class-copy.service'
import {
  allSubjects, classListSpec, classReportRows, classService, gradeOptions, schoolHasGrade, schoolTeachers, sectionOptions, setTeachers,
} from './classes.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

function optionalYear(c: Context<AppEnv>): number | undefined {
  return idQuery(c, 'year') ?? idQuery(c, 'academic_year')
}

/** The path's school, in this institution (schoolAccess checked the caller reaches it). */
const schoolOf = (c: Context<AppEnv>) => idParam(c, 'schoolId')

export const classRoutes = new Hono<AppEnv>({ strict: false })
  // Classes of any school the caller reaches (a school column); teachers for the year in the form field
  // `year` (the year selected on the screen), else the current year (ADR 0080).
  .use(routes.uploadClass, institutionHost, requireAuth, allowUpload('class'))
  .post(routes.uploadClass, describe({ summary: `Upload classes (multipart, field class_excel; form field year = the academic year of the teachers, else the current one); ${UPLOAD_ANSWERS}`, tag: 'bulk-upload', bodyLimit: bulkUploadLimit }), (c) => bulkUpload(c, classImporter, queueBulkImport, async (fields) => ({
    yearId: parseId(fields.year ?? fields.academic_year) ?? idQuery(c, 'year') ?? (await currentYear({ db: c.get('deps').db, institutionId: c.get('institution')!.id }))?.id,
  })))
  .use(routes.subjects, requireAuth)
  .get(routes.subjects, describe({ summary: 'Subjects (reference data)', tag: 'class' }), async (c) => {
    const results = await allSubjects(c.get('deps').db)
    return c.json({ payload: { results, count: results.length } })
  })
  .use(`${routes.classes}/*`, requireAuth, schoolAccess)
  .use(routes.classes, requireAuth, schoolAccess)
  .use(routes.allGrades, requireAuth, schoolAccess)
  .use(routes.allSections, requireAuth, schoolAccess)
  .use(routes.schoolTeachers, requireAuth, schoolAccess)
  .use(routes.allClasses, requireAuth, schoolAccess)
  .use(routes.classReport, requireAuth, schoolAccess)
  // The school's classes in columns the class upload reads back; teachers of ?year= (else the current year).
  .get(routes.classReport, describe({ summary: "The school's classes (.xlsx), in columns the class upload reads; teachers of ?year= (else the current year)", tag: 'bulk-upload' }), allow('class', 'read'), async (c) => {
    const s = institutionScope(c)
    const yearId = optionalYear(c) ?? (await currentYear({ db: s.db, institutionId: s.institution.id }))?.id
    return xlsxResponse(c, {
      filename: { en: 'classes.xlsx', ar: 'الفصول.xlsx' },
      sheet: { en: 'Classes', ar: 'الفصول' },
      lang: s.lang,
      rows: await classReportRows(s, schoolOf(c), yearId),
      columns: [
        { header: { en: 'School', ar: 'المدرسة' }, value: (r) => r.school },
        { header: { en: 'Identifier', ar: 'المعرّف' }, value: (r) => r.identifier },
        { header: { en: 'Class name', ar: 'اسم الفصل' }, value: (r) => r.class_name },
        { header: { en: 'Grade', ar: 'الصف' }, value: (r) => r.grade },
        { header: { en: 'Section', ar: 'الشعبة' }, value: (r) => r.section },
        { header: { en: 'Subjects', ar: 'المواد' }, value: (r) => r.subjects },
        { header: { en: 'Teachers', ar: 'المعلمون' }, value: (r) => r.teachers },
      ],
    })
  })
  .use(routes.classWorkflow, requireAuth, schoolAccess)
  .get(routes.classWorkflow, describe({ summary: 'Whether classes may be added', tag: 'class' }), async (c) => {
    const s = institutionScope(c)
    if (!can(c.get('user').role, 'class', 'write')) return c.json({ payload: { message: CLASS_MESSAGES.readOnly[s.lang] } })
    return c.json({ payload: { message: (await schoolHasGrade(s, schoolOf(c))) ? null : CLASS_MESSAGES.needGrade[s.lang] } })
  })
  .get(routes.allGrades, describe({ summary: 'Grade options of a school', tag: 'class' }), async (c) => {
    const s = institutionScope(c)
    const results = await gradeOptions(s, schoolOf(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.allSections, describe({ summary: 'Section options of a school', tag: 'class' }), async (c) => {
    const s = institutionScope(c)
    const results = await sectionOptions(s, schoolOf(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.schoolTeachers, describe({ summary: 'Teachers of a school', tag: 'class' }), async (c) => {
    const results = await schoolTeachers(institutionScope(c), schoolOf(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.allClasses, describe({ summary: 'Class options of a school', tag: 'class' }), async (c) => {
    const results = await classService.all(institutionScope(c), schoolOf(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.classes, describe({ summary: 'List classes (?year= for teachers of that year)', tag: 'class', list: true }), allow('class', 'read'), async (c) => {
    return c.json({ payload: await classService.list(institutionScope(c), schoolOf(c), readListParams(c, classListSpec), optionalYear(c)) })
  })
  .get(routes.classesDownload, describe({ summary: 'Classes as a spreadsheet', tag: 'class' }), allow('class', 'read'), async (c) => {
    const lang = c.get('lang')
    const { results } = await classService.list(institutionScope(c), schoolOf(c), allRows(readListParams(c, classListSpec)), optionalYear(c))
    return xlsxResponse(c, {
      filename: { en: 'classes.xlsx', ar: 'الفصول.xlsx' },
      sheet: { en: 'Classes', ar: 'الفصول' },
      lang,
      rows: results,
      columns: [
        { header: { en: 'Identifier', ar: 'المعرّف' }, value: (r) => r.identifier },
        { header: { en: 'Class name', ar: 'اسم الفصل' }, value: (r) => r.display_name },
        { header: { en: 'Grade', ar: 'الصف' }, value: (r) => r.grade_name },
        { header: { en: 'Section', ar: 'الشعبة' }, value: (r) => r.section_name },
      ],
    })
  })
  .post(routes.classes, describe({ summary: 'Create a class', tag: 'class', body: ClassSchema }), allow('class', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await classService.create(s, schoolOf(c), input) }, 201)
  })
  .get(routes.class, describe({ summary: 'Read a class', tag: 'class' }), allow('class', 'read'), async (c) => {
    return c.json({ payload: await classService.get(institutionScope(c), schoolOf(c), idParam(c, 'id'), optionalYear(c)) })
  })
  .put(routes.class, describe({ summary: 'Update a class', tag: 'class', body: ClassSchema }), allow('class', 'write'), async (c) => {
    const s = institutionScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await classService.update(s, schoolOf(c), idParam(c, 'id'), input) })
  })
  .delete(routes.class, describe({ summary: 'Delete a class', tag: 'class' }), allow('class', 'write'), async (c) => {
    await classService.remove(institutionScope(c), schoolOf(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .use(routes.classTeachers, requireAuth)
  .get(routes.classTeachers, describe({ summary: 'Teachers of a class in a year', tag: 'class' }), allow('class', 'read'), async (c) => {
    const s = institutionScope(c)
    const cls = await classService.get(s, await schoolOfPathClass(c), idParam(c, 'classId'), idParam(c, 'yearId'))
    return c.json({ payload: { teacher: cls.teachers } })
  })
  .post(routes.classTeachers, describe({ summary: 'Set the teachers of a class in a year', tag: 'class', body: TeacherMappingSchema }), allow('class', 'write'), async (c) => {
    const s = institutionScope(c)
    const schoolId = await schoolOfPathClass(c)
    const input = await bodyOf(c)
    const allowed = new Set((await schoolTeachers(s, schoolId)).map((t) => t.id))
    if (!input.teacher.every((t) => allowed.has(t))) throw HttpError.say(400, CLASS_MESSAGES.badTeacher, s.lang, 'teacher')
    await setTeachers(s.db, idParam(c, 'classId'), idParam(c, 'yearId'), input.teacher)
    return c.json({ payload: { teacher: input.teacher } })
  })
  .use(routes.classCopy, requireAuth, allow('class-copy', 'write'))
  .post(routes.classCopy, describe({ summary: 'Copy classes from one school to another', tag: 'class', body: ClassCopySchema }), async (c) => {
    const s = institutionScope(c)
    const src = idParam(c, 'src')
    const dest = idParam(c, 'dest')
    await assertSchoolAccess(c, src)
    await assertSchoolAccess(c, dest)
    const input = await bodyOf(c)
    return c.json({ payload: await copyClasses(s, src, dest, input.classes) }, 201)
  })

/** For calls addressed by class id: the class's school in this institution, checked reachable. */
async function schoolOfPathClass(c: Context<AppEnv>): Promise<number> {
  const s = institutionScope(c)
  const schoolId = await schoolOfClass(s.db, s.institution.id, idParam(c, 'classId'))
  if (schoolId === null) throw HttpError.of(404, 'notFound', s.lang)
  await assertSchoolAccess(c, schoolId)
  return schoolId
}
