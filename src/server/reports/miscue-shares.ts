// Each miscue type's share of all miscues over a set of sittings: one grouped count in SQL (common report,
// sitting report pie). A mark counts under its counted type (a self-corrected error counts as a self-correction).
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { miscueTypes, sittingMarks, sittings } from '../db/schema/sittings'
import { percentOf } from '../../shared/reports/figures'
import type { MiscueShare } from '../../shared/schemas/sitting'
import { num, query } from './sql'

type ShareRow = { code: string; display_name: string; arabic_display_name: string; color_code: string; n: string | number }

/** `sittingFilter` is a condition on the sittings alias `s`, e.g. sql`s.class_id = ${id}`. */
export async function miscueShares(db: Db, institutionId: number, sittingFilter: SQL): Promise<MiscueShare[]> {
  const rows = await query<ShareRow>(db, sql`
    select t.code, t.display_name, t.arabic_display_name, t.color_code, count(*) as n
    from ${sittingMarks} m
    join ${sittings} s on s.id = m.sitting_id
    join ${miscueTypes} t on t.id = m.counted_type_id
    where s.institution_id = ${institutionId} and ${sittingFilter}
    group by t.code, t.display_name, t.arabic_display_name, t.color_code, t.sort_order
    order by t.sort_order, t.code`)
  return sharesOf(rows)
}

/** Rows of (type, count) as shares of their total, in the order given. */
export function sharesOf(rows: readonly ShareRow[]): MiscueShare[] {
  const total = rows.reduce((sum, r) => sum + num(r.n), 0)
  return rows.map((r) => ({
    miscue: r.display_name, arabic_miscue: r.arabic_display_name, miscue_code: r.code, color_code: r.color_code,
    count: num(r.n), percentage: percentOf(num(r.n), total),
  }))
}
