// The cue analysis of many sittings' marks (ADR 0121): one grouped count in SQL, made into summaries by the
// shared cueSummaryOf. A mark is analysed when it is an error or a self-correction (its counted type counts as
// an error, or is the self-correction type); each category counts the coded marks that used it. Each counted
// code comes with its category as the institution sees it, in the same statement, so a summary costs one round trip.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cueSummaryOf, type CueSummary } from '../../shared/reports/cue-categories'
import { SELF_CORRECTION } from '../../shared/reports/miscue-types'
import { num, query } from './sql'

/** A mark's counted type (alias `t`) makes it part of the cue analysis. */
export const ANALYSED = sql`(t.counts_as_error or t.code = ${SELF_CORRECTION})`

/**
 * Joins to each cue code (`code`, a column of the rows before) its category as the institution sees it (alias `k`):
 * the institution's own row over the default of that code; nulls when the code is unknown or its category inactive.
 */
export const categoryOf = (institutionId: number, code: SQL) => sql`left join lateral (
    select k.display_name, k.arabic_display_name, k.short_name, k.arabic_short_name, k.sort_order, k.active from cue_categories k
    where k.code = ${code} and (k.institution_id is null or k.institution_id = ${institutionId})
    order by k.institution_id is null limit 1) k on k.active`

/** One row of cue counts: the totals (code null) or one category's count with its names (null when unknown). */
export type CueRow = {
  code: string | null; n: string | number | null; coded: string | number | null
  display_name: string | null; arabic_display_name: string | null; short_name: string | null; arabic_short_name: string | null; sort_order: number | null
}

/** The summary of one set of marks from its rows: the totals row and the rows of the codes used. */
export function cueSummaryFrom(rows: readonly CueRow[]): CueSummary {
  const totals = rows.find((r) => r.code === null)
  const used = rows.filter((r): r is CueRow & { code: string } => r.code !== null)
  const known = used.flatMap((r) => (r.display_name === null ? [] : [{
    code: r.code, display_name: r.display_name, arabic_display_name: r.arabic_display_name ?? '', short_name: r.short_name ?? '',
    arabic_short_name: r.arabic_short_name ?? '', sort_order: num(r.sort_order),
  }]))
  return cueSummaryOf(new Map(used.map((r) => [r.code, num(r.n)])), num(totals?.n), num(totals?.coded), known)
}

/**
 * Summaries per sitting (`perSitting`) or one for all the sittings `sittingFilter` (a condition on the sittings
 * alias `s`) selects, keyed by sitting id or 0.
 */
export async function cueSummaries(db: Db, institutionId: number, sittingFilter: SQL, perSitting: boolean): Promise<Map<number, CueSummary>> {
  const key = perSitting ? sql`m.sitting_id` : sql`null::integer`
  const rows = await query<CueRow & { sitting_id: number | string | null }>(db, sql`
    with m as (
      select m.sitting_id, m.cues from sitting_marks m
      join sittings s on s.id = m.sitting_id
      join miscue_types t on t.id = m.counted_type_id
      where s.institution_id = ${institutionId} and ${sittingFilter} and ${ANALYSED}),
    used as (
      select ${key} as sitting_id, c.code, count(*) as n
      from m cross join lateral (select distinct jsonb_array_elements_text(m.cues) as code) c group by 1, 2)
    select ${key} as sitting_id, null as code, count(*) as n, count(*) filter (where jsonb_array_length(m.cues) > 0) as coded,
      null as display_name, null as arabic_display_name, null as short_name, null as arabic_short_name, null::integer as sort_order
    from m group by 1
    union all
    select used.sitting_id, used.code, used.n, 0, k.display_name, k.arabic_display_name, k.short_name, k.arabic_short_name, k.sort_order
    from used ${categoryOf(institutionId, sql`used.code`)}`)
  const bySitting = new Map<number, CueRow[]>()
  for (const r of rows) {
    const group = bySitting.get(num(r.sitting_id)) ?? []
    group.push(r)
    bySitting.set(num(r.sitting_id), group)
  }
  return new Map([...bySitting].map(([id, group]) => [id, cueSummaryFrom(group)]))
}

/** The summary of no marks: nothing to analyse. */
export const NO_CUES: CueSummary = { analysable: 0, coded: 0, cues: [] }
