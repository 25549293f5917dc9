// The class reports of the miscue screen: the common report (summary card and pie), the accuracy list and the
// assessments of a class. All figures are SQL aggregates over the stored sitting columns.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { PAGE_SIZE } from '../../shared/api'
import type { AccuracyRow, ClassAssessment, CommonReport } from '../../shared/schemas/report'
import { visibleCueCategories, type CueCategoryRow } from '../domain/scoring'
import { ANALYSED, cueSummaryOfMarks } from './cue-counts'
import { sharesOf } from './miscue-shares'
import { COUNTED, num, query } from './sql'

export type ClassKey = { institutionId: number; classId: number; yearId: number }

/** assessmentId 0 means every assessment of the class in that year. */
export async function commonReport(db: Db, k: ClassKey, assessmentId: number): Promise<CommonReport> {
  const where = sql`s.institution_id = ${k.institutionId} and s.class_id = ${k.classId} and s.academic_year_id = ${k.yearId} and ${COUNTED}${assessmentId ? sql` and s.assessment_id = ${assessmentId}` : sql``}`
  // One statement: the class's sittings are read once (by the class index) for the totals, the shares and the cue
  // analysis; the totals come on every row, and on one row of nulls when no sitting has a miscue. The marks are
  // counted by type id first and the few types joined after, rather than grouping every mark by the types' text
  // columns (then summed by those columns: an institution's own version of a type has the same code). Their type
  // and cues come from the marks' index alone, in one walk of it over the class's sitting ids (`= any(array(...))`):
  // joined instead, the planner may read every mark of the institution and hash them against the class's sittings,
  // twice as slow on PGlite at 10,000 sittings (ADR 0121). Only the coded marks' cue lists are sent, with the
  // institution's cue categories when there are any. Testing a list's length is the cheapest test of a jsonb per mark.
  const rows = await query<{
    students: string; tests: string; code: string | null; display_name: string; arabic_display_name: string; color_code: string; n: string | null
    analysable: string | null; cues: string[][][] | null; categories: CueCategoryRow[] | null
  }>(db, sql`
    with s as (select s.id, s.student_id from sittings s where ${where}),
      totals as (select count(distinct student_id) as students, count(*) as tests from s),
      counts as (
        select m.counted_type_id, count(*) as n, jsonb_agg(m.cues) filter (where jsonb_array_length(m.cues) > 0) as cues
        from sitting_marks m where m.sitting_id = any(array(select id from s)) group by m.counted_type_id),
      shares as (
        select t.code, t.display_name, t.arabic_display_name, t.color_code, t.sort_order, sum(counts.n) as n,
          sum(counts.n) filter (where ${ANALYSED}) as analysable, jsonb_agg(counts.cues) filter (where ${ANALYSED} and counts.cues is not null) as cues
        from counts join miscue_types t on t.id = counts.counted_type_id
        group by t.code, t.display_name, t.arabic_display_name, t.color_code, t.sort_order)
    select totals.students, totals.tests, shares.code, shares.display_name, shares.arabic_display_name, shares.color_code, shares.n, shares.analysable, shares.cues,
      (select json_agg(k) from cue_categories k where (k.institution_id is null or k.institution_id = ${k.institutionId})
        and exists (select from counts where counts.cues is not null)) as categories
    from totals left join shares on true
    order by shares.sort_order, shares.code`)
  const shares = rows.flatMap((r) => (r.code === null ? [] : [{ ...r, code: r.code, n: r.n ?? 0 }]))
  const cues = cueSummaryOfMarks(shares.flatMap((r) => r.cues?.flat() ?? []), shares.reduce((sum, r) => sum + num(r.analysable), 0), visibleCueCategories(rows[0]?.categories ?? []))
  return { miscues: sharesOf(shares), cues, total_students: num(rows[0]?.students), total_tests: num(rows[0]?.tests) }
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
