// An institution's benchmark settings (ADR 0124): defaults until it saves its own; the tables it may choose are
// the published ones and its own. Read by the settings screen, the class and school views and the trend page.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { benchmarkSettings, benchmarkTables } from '../db/schema/tables'
import type { BenchmarkTable } from '../../shared/benchmarks/benchmark-table'
import { DEFAULT_TABLE_CODES, PUBLISHED_TABLES } from '../../shared/benchmarks/published-tables'
import { DEFAULT_SEASONS } from '../../shared/benchmarks/seasons'
import type { BenchmarkSettings, Digits } from '../../shared/schemas/benchmark'

export type OwnTable = BenchmarkTable & { id: number }

const customCode = (id: number) => `custom:${id}`

type OwnTableRow = Pick<typeof benchmarkTables.$inferSelect, 'id' | 'name' | 'source' | 'year' | 'language' | 'rows'>
/** The saved settings row; `updated_at` is text when the row is read as JSON inside a larger statement. */
export type SettingsRow = Omit<typeof benchmarkSettings.$inferSelect, 'institution_id' | 'updated_at'> & { updated_at: Date | string }

const ownTableOf = (r: OwnTableRow): OwnTable => ({ id: r.id, code: customCode(r.id), name: r.name, source: r.source, year: r.year, language: r.language as 'en' | 'ar', rows: r.rows })

/** The settings in force from the saved row (none: the defaults) and the institution's own tables. */
export function settingsFrom(row: SettingsRow | null | undefined, own: readonly OwnTableRow[]): BenchmarkSettings {
  return {
    seasons: row?.seasons ?? DEFAULT_SEASONS,
    digits: (row?.digits as Digits | undefined) ?? 'latn',
    tables: row ? { en: row.table_en, ar: row.table_ar } : { ...DEFAULT_TABLE_CODES },
    expected_levels: row?.expected_levels ?? {},
    available: [...PUBLISHED_TABLES.map((t) => ({ ...t, id: null })), ...own.map(ownTableOf)],
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  }
}

/**
 * The saved row (`benchmark_settings`, null: none) and the own tables (`own_tables`) as two JSON columns, so a
 * statement that needs the settings reads them in the same round trip; `settingsFrom` turns them into settings.
 */
export const settingsColumns = (institutionId: SQL | number) => sql`
  (select row_to_json(b) from benchmark_settings b where b.institution_id = ${institutionId}) as benchmark_settings,
  (select coalesce(json_agg(t order by t.id), '[]') from benchmark_tables t where t.institution_id = ${institutionId}) as own_tables`

/** The settings in force, with the tables to choose from. */
export async function benchmarkSettingsOf(db: Db, institutionId: number): Promise<BenchmarkSettings> {
  const [[row], own] = await Promise.all([
    db.select().from(benchmarkSettings).where(eq(benchmarkSettings.institution_id, institutionId)),
    db.select().from(benchmarkTables).where(eq(benchmarkTables.institution_id, institutionId)).orderBy(benchmarkTables.id),
  ])
  return settingsFrom(row, own)
}

/** The table a code names among those the institution may use; null for none or an unknown code. */
export function tableByCode(settings: BenchmarkSettings, code: string | null): BenchmarkTable | null {
  return code === null ? null : (settings.available.find((t) => t.code === code) ?? null)
}

