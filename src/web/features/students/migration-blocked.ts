// Students the migration would refuse: they are in a class of the destination year already, another one
// (e.g. migrated before: they stay listed in the source class for the source year, which is their history)
// or the destination class itself. The screen does not offer them and names them instead.
import type { Student } from '../../../shared/schemas/student'

export type BlockedStudent = {
  id: number
  name: string
  className: string
  yearName: string
  /** In the destination class for the destination year: there already, nothing to move. */
  alreadyThere: boolean
}

export function alreadyEnrolled(
  students: readonly Pick<Student, 'id' | 'first_name' | 'last_name' | 'studentclassrelation_set'>[],
  destClass: number | null,
  destYear: number | null,
): BlockedStudent[] {
  if (destYear === null) return []
  return students.flatMap((student) => {
    const placed = student.studentclassrelation_set.find((r) => r.academic_year_id === destYear)
    return placed ? [{
      id: student.id, name: `${student.first_name} ${student.last_name}`, className: placed.class_name, yearName: placed.academic_year_name,
      alreadyThere: placed.class_id === destClass,
    }] : []
  })
}
