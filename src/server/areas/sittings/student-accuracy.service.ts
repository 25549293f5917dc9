// A student's reading record: the student (only one the user may reach), the classes they were in year by year,
// and their sittings newest first.
import { and, asc, eq } from 'drizzle-orm'
import { academicYears, classes, studentClassRelations, students } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import type { StudentAccuracy } from '../../../shared/schemas/report'
import type { InstitutionScope } from '../../domain/scope'
import { studentSittings } from './sittings.service'

/** The student of this institution in a school the user may reach (404 otherwise). */
export async function visibleStudent(s: Pick<InstitutionScope, 'db' | 'lang' | 'institution' | 'schools'>, id: number) {
  const [student] = await s.db.select().from(students).where(and(eq(students.id, id), eq(students.institution_id, s.institution.id)))
  const schools = await s.schools()
  if (!student || (schools !== 'all' && !schools.includes(student.school_id))) throw HttpError.of(404, 'notFound', s.lang)
  return student
}

/** The student-accuracy screen: the student, the classes they were in by year, and their sittings. */
export async function studentAccuracy(s: InstitutionScope, studentId: number): Promise<StudentAccuracy> {
  const student = await visibleStudent(s, studentId)
  const history = await s.db
    .select({ class_id: classes.id, class_name: classes.display_name, academic_year_id: academicYears.id, academic_year_name: academicYears.display_name, is_active: studentClassRelations.is_active })
    .from(studentClassRelations)
    .innerJoin(classes, eq(classes.id, studentClassRelations.class_id))
    .innerJoin(academicYears, eq(academicYears.id, studentClassRelations.academic_year_id))
    .where(eq(studentClassRelations.student_id, student.id))
    .orderBy(asc(academicYears.display_name))
  return {
    student: { id: student.id, first_name: student.first_name, last_name: student.last_name, arabic_name: student.arabic_name, enrollment_code: student.enrollment_code, gender: student.gender === 'm' || student.gender === 'f' ? student.gender : null, school: student.school_id },
    class_history: history,
    sittings: await studentSittings(s, student.id),
  }
}
