// The capture kit (ADR 0090): everything a tablet needs to record sittings offline in one school and year, in
// one answer it keeps on the device. Teachers get the classes they teach that year; school staff every class of
// the school (the same rule recording applies, sittings.service.ts). Passages are the institution's text
// assessments; a PDF passage cannot be marked word by word on the screen.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { assessmentKindOf } from '../../../shared/reports/assessment-kinds'
import { classes, classTeachers, contentDisplayTypes, studentClassRelations, students } from '../../db/schema/tables'
import { isInstitutionYear } from '../../domain/ownership'
import { passagesOf } from '../../domain/passages'
import type { InstitutionScope } from '../../domain/scope'
import { cueCategoriesOf, miscueTypesOf, scoringSettingsOf } from '../../domain/scoring'
import { durationSeconds } from '../../../shared/reports/figures'
import type { CaptureClass, CaptureKit } from '../../../shared/schemas/capture'

/** Null when the year is not the institution's. The school has been checked by the route (schoolAccess). */
export async function captureKit(s: InstitutionScope, schoolId: number, yearId: number): Promise<CaptureKit | null> {
  const { db, institution: { id: institutionId } } = s
  if (!(await isInstitutionYear(db, institutionId, yearId))) return null

  const classRows = s.role === 'teacher'
    ? await db.select({ id: classes.id, name: classes.display_name }).from(classes)
      .innerJoin(classTeachers, and(eq(classTeachers.class_id, classes.id), eq(classTeachers.academic_year_id, yearId), eq(classTeachers.user_id, s.user.id)))
      .where(and(eq(classes.institution_id, institutionId), eq(classes.school_id, schoolId)))
      .orderBy(asc(classes.display_name), asc(classes.id))
    : await db.select({ id: classes.id, name: classes.display_name }).from(classes)
      .where(and(eq(classes.institution_id, institutionId), eq(classes.school_id, schoolId)))
      .orderBy(asc(classes.display_name), asc(classes.id))

  const studentRows = classRows.length === 0 ? [] : await db
    .select({
      class_id: studentClassRelations.class_id, id: students.id, first_name: students.first_name, last_name: students.last_name,
      arabic_name: students.arabic_name, enrollment_code: students.enrollment_code,
    })
    .from(studentClassRelations)
    .innerJoin(students, eq(students.id, studentClassRelations.student_id))
    .where(and(
      inArray(studentClassRelations.class_id, classRows.map((c) => c.id)),
      eq(studentClassRelations.academic_year_id, yearId),
      eq(studentClassRelations.is_active, true),
      eq(students.is_active, true),
      eq(students.institution_id, institutionId),
    ))
    .orderBy(asc(students.first_name), asc(students.last_name), asc(students.id))
  const classList: CaptureClass[] = classRows.map((c) => ({
    id: c.id, name: c.name,
    students: studentRows.filter((st) => st.class_id === c.id).map(({ class_id: _, ...st }) => st),
  }))

  const passages = await passagesOf(db, institutionId, eq(contentDisplayTypes.code, 'text'))

  return {
    school: schoolId,
    academic_year: yearId,
    classes: classList,
    assessments: passages.filter((a) => a.content.trim() !== '').map((a) => ({
      id: a.id, title: a.title, content: a.content, direction: a.direction === 'rtl' ? 'rtl' : 'ltr', duration_seconds: durationSeconds(a.duration) ?? 0,
      kind: assessmentKindOf(a.type_code), comprehension: a.comprehension,
    })),
    miscue_types: await miscueTypesOf(db, institutionId),
    cue_categories: await cueCategoriesOf(db, institutionId),
    scoring: await scoringSettingsOf(db, institutionId),
  }
}
