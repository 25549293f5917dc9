// The cue analysis of many sittings' marks (ADR 0121): one grouped count in SQL (or the coded marks' cue lists,
// which a class's common report reads with its shares), made into summaries by the shared cueSummaryOf. A mark is
// analysed when it is an error or a self-correction (its counted type counts as an error, or is the
// self-correction type); each category counts the coded marks that used it.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cueCategoriesOf } from '../domain/scoring'
import type { CueCategory } from '../../shared/schemas/scoring'
import { cueSummaryOf, type CueSummary } from '../../shared/reports/cue-categories'
import { SELF_CORRECTION } from '../../shared/reports/miscue-types'
import { num, query } from './sql'

/** A mark's counted type (alias `t`) makes it part of the cue analysis: an error or a self-correction. */
export const ANALYSED = sql`(t.counts_as_error or t.code = ${SELF_CORRECTION})`

type CountRow = { sitting_id: number | string | null; code: string | null; n: string | number; coded: string | number }

/**
 * Summaries per sitting (`perSitting`) or one for all the sittings `sittingFilter` (a condition on the sittings
 * alias `s`) selects, keyed by sitting id or 0.
 */
export async function cueSummaries(db: Db, institutionId: number, sittingFilter: SQL, perSitting: boolean): Promise<Map<number, CueSummary>> {
  const key = perSitting ? sql`m.sitting_id` : sql`null::integer`
  // The counts and the institution's categories are asked for together: the report waits for the slower, not both.
  const [rows, categories] = await Promise.all([query<CountRow>(db, sql`
    with m as (
      select m.sitting_id, m.cues from sitting_marks m
      join sittings s on s.id = m.sitting_id
      join miscue_types t on t.id = m.counted_type_id
      where s.institution_id = ${institutionId} and ${sittingFilter} and ${ANALYSED})
    select ${key} as sitting_id, null as code, count(*) as n, count(*) filter (where jsonb_array_length(m.cues) > 0) as coded
    from m group by 1
    union all
    select ${key} as sitting_id, c.code, count(*) as n, 0 as coded
    from m cross join lateral (select distinct jsonb_array_elements_text(m.cues) as code) c group by 1, 2`), cueCategoriesOf(db, institutionId)])
  const groups = new Map<number, { analysable: number; coded: number; counts: Map<string, number> }>()
  for (const r of rows) {
    const id = num(r.sitting_id)
    const group = groups.get(id) ?? { analysable: 0, coded: 0, counts: new Map<string, number>() }
    groups.set(id, group)
    if (r.code === null) {
      group.analysable = num(r.n)
      group.coded = num(r.coded)
    } else group.counts.set(r.code, num(r.n))
  }
  return new Map([...groups].map(([id, g]) => [id, cueSummaryOf(g.counts, g.analysable, g.coded, categories)]))
}

/** The summary from the cue lists of the coded marks (each list counted once per code) and the number analysable. */
export function cueSummaryOfMarks(codedMarks: readonly (readonly string[])[], analysable: number, categories: readonly CueCategory[]): CueSummary {
  const counts = new Map<string, number>()
  for (const cues of codedMarks) for (const code of new Set(cues)) counts.set(code, (counts.get(code) ?? 0) + 1)
  return cueSummaryOf(counts, analysable, codedMarks.length, categories)
}

/** The summary of no marks: nothing to analyse. */
export const NO_CUES: CueSummary = { analysable: 0, coded: 0, cues: [] }
