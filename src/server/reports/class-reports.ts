// The class reports of the miscue screen: the common report (summary card and pie), the accuracy list and the
// assessments of a class. All figures are SQL aggregates over the stored sitting columns.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { PAGE_SIZE } from '../../shared/api'
import type { AccuracyRow, ClassAssessment, CommonReport } from '../../shared/schemas/report'
import { ANALYSED, categoryOf, cueSummaryFrom, NO_CUES, type CueRow } from './cue-counts'
import { sharesOf } from './miscue-shares'
import { COUNTED, num, query } from './sql'

export type ClassKey = { institutionId: number; classId: number; yearId: number }

/** assessmentId 0 means every assessment of the class in that year. */
export async function commonReport(db: Db, k: ClassKey, assessmentId: number): Promise<CommonReport> {
  const where = sql`s.institution_id = ${k.institutionId} and s.class_id = ${k.classId} and s.academic_year_id = ${k.yearId} and ${COUNTED}${assessmentId ? sql` and s.assessment_id = ${assessmentId}` : sql``}`
  // One statement, one pass over the class's sittings (by the class index) and their marks: the marks are counted
  // by counted type id and cue list (few distinct pairs), and the shares, the cue totals and each cue's count are
  // summed from those few rows, the types and the categories joined after. Its rows: the totals ('total'), the
  // shares ('share', in their order) and the cue codes used ('cue', with their categories).
  const rows = await query<CueRow & { part: 'total' | 'share' | 'cue'; students: string | null; tests: string | null; color_code: string | null }>(db, sql`
    with s as (select s.id, s.student_id from sittings s where ${where}),
      counts as (select m.counted_type_id, m.cues, count(*) as n from s join sitting_marks m on m.sitting_id = s.id group by m.counted_type_id, m.cues),
      typed as (
        select t.code, t.display_name, t.arabic_display_name, t.color_code, t.sort_order, ${ANALYSED} as analysed, counts.cues, counts.n
        from counts join miscue_types t on t.id = counts.counted_type_id),
      used as (
        select c.code, sum(typed.n) as n
        from typed cross join lateral (select distinct jsonb_array_elements_text(typed.cues) as code) c where typed.analysed group by c.code)
    select 'total' as part, (select count(distinct student_id) from s) as students, (select count(*) from s) as tests,
      null as code, null as display_name, null as arabic_display_name, null as short_name, null as arabic_short_name, null as color_code,
      null::integer as sort_order, (select sum(n) from typed where analysed) as n, (select sum(n) from typed where analysed and jsonb_array_length(cues) > 0) as coded
    union all
    select 'share', null, null, code, display_name, arabic_display_name, null, null, color_code, sort_order, sum(n), null
    from typed group by code, display_name, arabic_display_name, color_code, sort_order
    union all
    select 'cue', null, null, used.code, k.display_name, k.arabic_display_name, k.short_name, k.arabic_short_name, null, k.sort_order, used.n, null
    from used ${categoryOf(k.institutionId, sql`used.code`)}
    order by part desc, sort_order, code`)
  const totals = rows.find((r) => r.part === 'total')
  const shares = rows.flatMap((r) => (r.part === 'share' && r.code !== null ? [{ ...r, code: r.code, display_name: r.display_name ?? '', arabic_display_name: r.arabic_display_name ?? '', color_code: r.color_code ?? '', n: r.n ?? 0 }] : []))
  const cues = totals?.n ? cueSummaryFrom(rows.filter((r) => r.part !== 'share')) : NO_CUES
  return { miscues: sharesOf(shares), cues, total_students: num(totals?.students), total_tests: num(totals?.tests) }
}

/** One row per sitting of the class in the year, newest first; `page` 0 answers every row (for offline copies). */
export async function accuracyList(db: Db, k: ClassKey, page: number): Promise<{ results: AccuracyRow[]; count: number }> {
  const limit = page > 0 ? sql`limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}` : sql`limit 5000`
  const where = sql`s.institution_id = ${k.institutionId} and s.class_id = ${k.classId} and s.academic_year_id = ${k.yearId} and ${COUNTED}`
  const [total] = await query<{ n: string }>(db, sql`select count(*) as n from sittings s where ${where}`)
  const rows = await query<AccuracyRow & { created_in_device_at: Date | string; accuracy: string; wcpm: string | null }>(db, sql`
    select s.id, s.student_id, st.first_name || ' ' || st.last_name as student_name, st.enrollment_code,
      s.assessment_id, a.title as assessment_title, s.created_in_device_at, s.accuracy, s.score, s.wcpm, s.band
    from sittings s join students st on st.id = s.student_id join assessments a on a.id = s.assessment_id
    where ${where}
    order by s.created_in_device_at desc, s.id desc ${limit}`)
  return {
    count: num(total?.n),
    results: rows.map((r) => ({
      ...r, id: Number(r.id), student_id: Number(r.student_id), assessment_id: Number(r.assessment_id),
      created_in_device_at: new Date(r.created_in_device_at).toISOString(), accuracy: num(r.accuracy), score: num(r.score), wcpm: r.wcpm === null ? null : num(r.wcpm),
    })),
  }
}

/** Assessments available to the institution, plus any already sat in the class, with their sitting counts. */
export async function classAssessments(db: Db, k: ClassKey): Promise<ClassAssessment[]> {
  const rows = await query<{ id: number; title: string; n: string }>(db, sql`
    select a.id, a.title, count(s.id) as n
    from assessments a
    left join sittings s on s.assessment_id = a.id and s.class_id = ${k.classId} and s.academic_year_id = ${k.yearId} and s.institution_id = ${k.institutionId} and ${COUNTED}
    where a.id in (select assessment_id from assessment_clients where institution_id = ${k.institutionId})
       or a.id in (select s.assessment_id from sittings s where s.class_id = ${k.classId} and s.academic_year_id = ${k.yearId} and s.institution_id = ${k.institutionId} and ${COUNTED})
    group by a.id, a.title order by a.title, a.id`)
  return rows.map((r) => ({ assessment_id: Number(r.id), assessment_title: r.title, sittings: num(r.n) }))
}
