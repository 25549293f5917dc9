// Students from a spreadsheet (bulk-upload screen; ADR 0080): into the class the screen chose, for the year
// selected, as many as the licence still allows; enrollment codes are checked against the institution's
// student-ID rule and must be new in the institution.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { classes, studentClassRelations, students } from '../../db/schema/tables'
import type { Importer, ImportScope } from '../../domain/bulk-import/importer'
import { UPLOAD_MESSAGES } from '../../domain/bulk-import/upload-messages'
import { HttpError } from '../../lib/http-error'
import type { StudentInput } from '../../../shared/bulk/row-checks'
import { licenceRoom } from '../../domain/licences'
import { withInstitution } from '../../domain/scope'
import { findYear, institutionSettings, studentColumns } from './students.service'

function where(s: ImportScope) {
  if (!s.institution || !s.ctx.schoolId || !s.ctx.yearId) throw HttpError.of(404, 'notFound', s.lang)
  return { institutionId: s.institution.id, schoolId: s.ctx.schoolId, yearId: s.ctx.yearId }
}

export const studentImporter: Importer<StudentInput> = {
  kind: 'student',
  async begin(s) {
    const { institutionId, schoolId, yearId } = where(s)
    try {
      await findYear(withInstitution(s), yearId)
    } catch {
      throw HttpError.say(400, UPLOAD_MESSAGES.badYear, s.lang, 'year', 'invalid_choice')
    }
    const [cls] = s.ctx.classId
      ? await s.db.select({ id: classes.id }).from(classes)
        .where(and(eq(classes.id, s.ctx.classId), eq(classes.school_id, schoolId), eq(classes.institution_id, institutionId)))
      : []
    if (!cls) throw HttpError.say(400, UPLOAD_MESSAGES.badClass, s.lang, 'class', 'invalid_choice')
  },
  async references(s) {
    if (!s.institution) throw HttpError.of(404, 'notFound', s.lang)
    const settings = await institutionSettings(s.db, s.institution.id)
    return { student_id_validation: { type: settings.type, acronym: settings.acronym, regex: settings.regex } }
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: sql<string>`lower(${students.enrollment_code})` }).from(students)
      .where(and(eq(students.institution_id, where(s).institutionId), inArray(sql`lower(${students.enrollment_code})`, rows.map((r) => r.key))))
    return new Set(found.map((f) => f.key))
  },
  async capacity(s) {
    return licenceRoom(s.db, where(s).institutionId, s.lang)
  },
  async insert(s, rows) {
    const { institutionId, schoolId, yearId } = where(s)
    const created = await s.db.insert(students)
      .values(rows.map((r) => ({ institution_id: institutionId, school_id: schoolId, ...studentColumns(r) })))
      .returning({ id: students.id })
    await s.db.insert(studentClassRelations)
      .values(created.map((c) => ({ student_id: c.id, class_id: s.ctx.classId!, academic_year_id: yearId, is_active: true })))
    return created.map((c) => c.id)
  },
}
