// Classes from a spreadsheet (bulk-upload-class; ADR 0080): each row names its school by identifier, its grade
// and section by identifier (or name) within that school, its subjects by name and its teachers by email
// (teachers mapped to that school); teachers are assigned for the year selected. Only schools the caller may
// reach can be named; a class identifier must be new in its school.
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { academicYears, classes, classSubjects, classTeachers, grades, schools, sections, subjects, userSchools, users } from '../../db/schema/tables'
import type { Importer, ImportScope } from '../../domain/bulk-import/importer'
import { UPLOAD_MESSAGES } from '../../domain/bulk-import/upload-messages'
import { HttpError } from '../../lib/http-error'
import type { ClassInput } from '../../../shared/bulk/row-checks'

function institutionId(s: ImportScope): number {
  if (!s.institution) throw HttpError.of(404, 'notFound', s.lang)
  return s.institution.id
}

/** The schools of the institution the caller may reach. */
async function reachableSchools(s: ImportScope) {
  const allowed = await s.schools()
  if (allowed !== 'all' && allowed.length === 0) return []
  return s.db.select({ id: schools.id, identifier: schools.identifier, display_name: schools.display_name }).from(schools)
    .where(and(eq(schools.institution_id, institutionId(s)), allowed === 'all' ? undefined : inArray(schools.id, allowed)))
}

export const classImporter: Importer<ClassInput> = {
  kind: 'class',
  async begin(s) {
    const [year] = s.ctx.yearId
      ? await s.db.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.id, s.ctx.yearId), eq(academicYears.institution_id, institutionId(s))))
      : []
    if (!year) throw HttpError.say(400, UPLOAD_MESSAGES.badYear, s.lang, 'year', 'invalid_choice')
  },
  async references(s, forPreview) {
    const schoolRows = await reachableSchools(s)
    const ids = schoolRows.map((r) => r.id)
    const inSchools = <T extends typeof grades | typeof sections>(t: T) => (ids.length ? inArray(t.school_id, ids) : sql`false`)
    const [gradeRows, sectionRows, subjectRows, teacherRows, classRows] = await Promise.all([
      s.db.select({ id: grades.id, school_id: grades.school_id, identifier: grades.identifier, display_name: grades.display_name }).from(grades).where(inSchools(grades)),
      s.db.select({ id: sections.id, school_id: sections.school_id, identifier: sections.identifier, display_name: sections.display_name }).from(sections).where(inSchools(sections)),
      s.db.select({ id: subjects.id, code: subjects.code, display_name: subjects.display_name, arabic_display_name: subjects.arabic_display_name }).from(subjects),
      ids.length
        ? s.db.select({ id: users.id, school_id: userSchools.school_id, email: users.email }).from(users)
          .innerJoin(userSchools, eq(userSchools.user_id, users.id))
          .where(and(eq(users.institution_id, institutionId(s)), eq(users.role, 'teacher'), eq(users.is_active, true), inArray(userSchools.school_id, ids)))
        : [],
      forPreview && ids.length
        ? s.db.select({ key: sql<string>`lower(${schools.identifier}) || '|' || lower(${classes.identifier})` }).from(classes)
          .innerJoin(schools, eq(schools.id, classes.school_id)).where(inArray(classes.school_id, ids))
        : [],
    ])
    return {
      schools: schoolRows, grades: gradeRows, sections: sectionRows, subjects: subjectRows, teachers: teacherRows,
      ...(forPreview ? { existing: classRows.map((r) => r.key) } : {}),
    }
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: sql<string>`lower(${schools.identifier}) || '|' || lower(${classes.identifier})` }).from(classes)
      .innerJoin(schools, eq(schools.id, classes.school_id))
      .where(and(
        eq(classes.institution_id, institutionId(s)),
        or(...rows.map((r) => and(eq(classes.school_id, r.input.school), sql`lower(${classes.identifier}) = ${r.input.identifier.toLowerCase()}`))),
      ))
    return new Set(found.map((f) => f.key))
  },
  async insert(s, rows) {
    const id = institutionId(s)
    const created = await s.db.insert(classes).values(rows.map((r) => ({
      institution_id: id, school_id: r.school, identifier: r.identifier, display_name: r.class_name, grade_id: r.grade, section_id: r.section,
    }))).returning({ id: classes.id })
    const links = created.flatMap((c, i) => [...new Set(rows[i]!.subjects)].map((subject_id) => ({ class_id: c.id, subject_id })))
    if (links.length) await s.db.insert(classSubjects).values(links)
    const teachers = created.flatMap((c, i) => [...new Set(rows[i]!.teachers)].map((user_id) => ({ class_id: c.id, academic_year_id: s.ctx.yearId!, user_id })))
    if (teachers.length) await s.db.insert(classTeachers).values(teachers)
    return created.map((c) => c.id)
  },
}
