// Tally report (design/domain.md): for each student in scope, sittings and the count of each miscue type in
// the range. One SQL statement over the indexed sittings and marks (the scope's sittings read once); JS only
// lays the rows out.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { TallyReport } from '../../shared/schemas/report'
import type { MiscueType } from '../../shared/schemas/scoring'
import { dayRange, type ResolvedScope } from './report-scope'
import { num, query } from './sql'
import { scopedStudentsSelect, type ScopedStudent } from './students-in-scope'

type TallyRow = ScopedStudent & { sittings: string | number; counts: Record<string, string | number> | string | null }

export async function tallyReport(db: Db, scope: ResolvedScope, types: MiscueType[], from: string, to: string): Promise<TallyReport> {
  const range = dayRange(from, to)
  const rows = await query<TallyRow>(db, sql`
    with s as (select s.id, s.student_id from sittings s where ${scope.sittings} and ${range}),
      st as (${scopedStudentsSelect(scope, sql`select student_id from s`)}),
      n as (select student_id, count(*) as n from s group by student_id),
      -- Counted by type id first, then by code (an institution's own version of a default type has the same
      -- code), so only the few per-type counts are joined to the types, not every mark.
      per_type as (
        select c.student_id, t.code, sum(c.n) as n
        from (select s.student_id, m.counted_type_id, count(*) as n from s join sitting_marks m on m.sitting_id = s.id
              group by s.student_id, m.counted_type_id) c
        join miscue_types t on t.id = c.counted_type_id
        group by c.student_id, t.code),
      m as (select student_id, json_object_agg(code, n) as counts from per_type group by student_id)
    select st.student_id, st.student_name, st.arabic_name, st.enrollment_code, st.class_name, st.school_name,
      coalesce(n.n, 0) as sittings, m.counts
    from st left join n on n.student_id = st.student_id left join m on m.student_id = st.student_id
    order by st.first_name, st.last_name, st.student_id`)
  return {
    scope: scope.name,
    from_date: from,
    to_date: to,
    miscue_types: types.map((t) => ({ code: t.code, display_name: t.display_name, arabic_display_name: t.arabic_display_name })),
    rows: rows.map((r) => {
      const counts = (typeof r.counts === 'string' ? JSON.parse(r.counts) : r.counts ?? {}) as Record<string, string | number>
      return {
        student_id: Number(r.student_id),
        student_name: r.student_name,
        arabic_name: r.arabic_name,
        enrollment_code: r.enrollment_code,
        class_name: r.class_name,
        school_name: r.school_name,
        sittings: num(r.sittings),
        counts: Object.fromEntries(types.map((t) => [t.code, num(counts[t.code] ?? 0)])),
      }
    }),
  }
}
