// The students a tally or bundle report lists: those the scope places there (class members, a school's or the
// institution's students) plus anyone with sittings in the scope and range. One SQL statement; the two sets are
// a union of ids rather than an `or`, so each side uses its own index instead of a scan of every student.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { ResolvedScope } from './report-scope'
import { query } from './sql'

export type ScopedStudent = { student_id: number; student_name: string; arabic_name: string; enrollment_code: string; class_name: string; school_name: string }

/** The student ids of the scope's sittings in the range. */
const sittingStudents = (scope: ResolvedScope, range: SQL): SQL => sql`select s.student_id from sittings s where ${scope.sittings} and ${range}`

/**
 * The select of the scope's students, with `first_name` and `last_name` to order by (`order by` left to the caller).
 * `withSittings` selects the student ids of the scope's sittings in the range: a statement that has already read
 * those sittings passes its own rows, so they are read once.
 */
export function scopedStudentsSelect(scope: ResolvedScope, withSittings: SQL): SQL {
  return sql`
    select st.id as student_id, st.first_name || ' ' || st.last_name as student_name, st.arabic_name, st.enrollment_code,
      coalesce((select c.display_name from student_class_relations r join classes c on c.id = r.class_id
                where r.student_id = st.id order by r.academic_year_id desc limit 1), '') as class_name,
      sc.display_name as school_name, st.first_name, st.last_name
    from students st join schools sc on sc.id = st.school_id
    where st.id in (select st.id from students st where ${scope.students}
                    union ${withSittings})`
}

export async function studentsInScope(db: Db, scope: ResolvedScope, range: SQL): Promise<ScopedStudent[]> {
  const rows = await query<ScopedStudent & { first_name: string; last_name: string }>(db, sql`
    ${scopedStudentsSelect(scope, sittingStudents(scope, range))} order by st.first_name, st.last_name, st.id`)
  return rows.map(({ first_name: _first, last_name: _last, ...student }) => student)
}
