// The parent report: the bundle limited to the entries marked for parents, each student named in the family's
// language, with the WCPM of their newest sitting in the report's period (none in the period, none shown).
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Lang } from '../lib/messages'
import type { ParentReport } from '../../shared/schemas/report'
import { bundleReport, type Library } from './bundle-report'
import { dayRange, type ResolvedScope } from './report-scope'
import { num, query } from './sql'
import { name } from './report-workbooks'

/** student id → WCPM of their newest passage read in the range (a grid's per-minute figure is no reading speed). */
async function newestWcpm(db: Db, scope: ResolvedScope, from: string, to: string): Promise<Map<number, number>> {
  const rows = await query<{ student_id: number; wcpm: string }>(db, sql`
    select distinct on (s.student_id) s.student_id, s.wcpm from sittings s
    where ${scope.sittings} and ${dayRange(from, to)} and s.kind = 'passage'
    order by s.student_id, s.created_in_device_at desc, s.id desc`)
  return new Map(rows.map((r) => [Number(r.student_id), num(r.wcpm)]))
}

export async function parentReport(db: Db, scope: ResolvedScope, library: Library, from: string, to: string, lang: Lang): Promise<ParentReport> {
  const report = await bundleReport(db, scope, library, true, from, to)
  const wcpm = await newestWcpm(db, scope, from, to)
  return { ...report, rows: report.rows.map((r) => ({ ...r, name: name(lang, r), wcpm: wcpm.get(r.student_id) ?? null })) }
}
