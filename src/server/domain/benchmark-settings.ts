// An institution's benchmark settings (ADR 0124): defaults until it saves its own; the tables it may choose are
// the published ones and its own. Read by the settings screen, the class and school views and the trend page.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { benchmarkSettings, benchmarkTables } from '../db/schema/tables'
import type { BenchmarkTable } from '../../shared/benchmarks/benchmark-table'
import { DEFAULT_TABLE_CODES, PUBLISHED_TABLES } from '../../shared/benchmarks/published-tables'
import { DEFAULT_SEASONS } from '../../shared/benchmarks/seasons'
import type { BenchmarkSettings, Digits } from '../../shared/schemas/benchmark'

export type OwnTable = BenchmarkTable & { id: number }

const customCode = (id: number) => `custom:${id}`

export async function ownTables(db: Db, institutionId: number): Promise<OwnTable[]> {
  const rows = await db.select().from(benchmarkTables).where(eq(benchmarkTables.institution_id, institutionId)).orderBy(benchmarkTables.id)
  return rows.map((r) => ({ id: r.id, code: customCode(r.id), name: r.name, source: r.source, year: r.year, language: r.language as 'en' | 'ar', rows: r.rows }))
}

/** The settings in force, with the tables to choose from. */
export async function benchmarkSettingsOf(db: Db, institutionId: number): Promise<BenchmarkSettings> {
  const [[row], own] = await Promise.all([
    db.select().from(benchmarkSettings).where(eq(benchmarkSettings.institution_id, institutionId)),
    ownTables(db, institutionId),
  ])
  return {
    seasons: row?.seasons ?? DEFAULT_SEASONS,
    digits: (row?.digits as Digits | undefined) ?? 'latn',
    tables: row ? { en: row.table_en, ar: row.table_ar } : { ...DEFAULT_TABLE_CODES },
    expected_levels: row?.expected_levels ?? {},
    available: [...PUBLISHED_TABLES.map((t) => ({ ...t, id: null })), ...own],
    updated_at: row ? row.updated_at.toISOString() : null,
  }
}

/** The table a code names among those the institution may use; null for none or an unknown code. */
export function tableByCode(settings: BenchmarkSettings, code: string | null): BenchmarkTable | null {
  return code === null ? null : (settings.available.find((t) => t.code === code) ?? null)
}

/** Whether an own table's id is the institution's. */
export async function isOwnTable(db: Db, institutionId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: benchmarkTables.id }).from(benchmarkTables).where(and(eq(benchmarkTables.id, id), eq(benchmarkTables.institution_id, institutionId)))
  return !!row
}
