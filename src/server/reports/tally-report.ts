// Tally report (design/domain.md): for each student in scope, sittings and the count of each miscue type in
// the range. Two grouped SQL statements over the indexed sittings and marks; JS only lays the rows out.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { TallyReport } from '../../shared/schemas/report'
import type { MiscueType } from '../../shared/schemas/scoring'
import { dayRange, type ResolvedScope } from './report-scope'
import { num, query } from './sql'
import { studentsInScope } from './students-in-scope'

export async function tallyReport(db: Db, scope: ResolvedScope, types: MiscueType[], from: string, to: string): Promise<TallyReport> {
  const range = dayRange(from, to)
  const students = await studentsInScope(db, scope, range)
  const sittingsPerStudent = await query<{ student_id: number; n: string }>(db, sql`
    select s.student_id, count(*) as n from sittings s where ${scope.sittings} and ${range} group by s.student_id`)
  const marks = await query<{ student_id: number; code: string; n: string }>(db, sql`
    select s.student_id, t.code, count(*) as n
    from sittings s join sitting_marks m on m.sitting_id = s.id join miscue_types t on t.id = m.counted_type_id
    where ${scope.sittings} and ${range}
    group by s.student_id, t.code`)
  const sittingsOf = new Map(sittingsPerStudent.map((r) => [Number(r.student_id), num(r.n)]))
  const countsOf = new Map<number, Record<string, number>>()
  for (const r of marks) {
    const counts = countsOf.get(Number(r.student_id)) ?? {}
    counts[r.code] = num(r.n)
    countsOf.set(Number(r.student_id), counts)
  }
  return {
    scope: scope.name,
    from_date: from,
    to_date: to,
    miscue_types: types.map((t) => ({ code: t.code, display_name: t.display_name, arabic_display_name: t.arabic_display_name })),
    rows: students.map((st) => ({
      student_id: Number(st.student_id),
      student_name: st.student_name,
      arabic_name: st.arabic_name,
      enrollment_code: st.enrollment_code,
      class_name: st.class_name,
      school_name: st.school_name,
      sittings: sittingsOf.get(Number(st.student_id)) ?? 0,
      counts: Object.fromEntries(types.map((t) => [t.code, countsOf.get(Number(st.student_id))?.[t.code] ?? 0])),
    })),
  }
}
