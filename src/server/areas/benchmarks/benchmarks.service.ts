// Benchmark settings and tables of the institution of the host (ADR 0124). The table chosen for a passage language
// must be one the institution may use and be for that language.
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import * as XLSX from 'xlsx'
import { academicYears, benchmarkSettings, benchmarkTables } from '../../db/schema/tables'
import { benchmarkSettingsOf, tableByCode } from '../../domain/benchmark-settings'
import { HttpError } from '../../lib/http-error'
import type { InstitutionScope } from '../../domain/scope'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { inTransaction } from '../../lib/transaction'
import { validate } from '../../lib/validate'
import type { SheetCell } from '../../../shared/bulk/cell-values'
import { tableRowsFromSheet, type SheetProblem } from '../../../shared/benchmarks/table-sheet'
import { BenchmarkTableSchema, type BenchmarkSettings, type BenchmarkSettingsSchema, type BenchmarkTableInput } from '../../../shared/schemas/benchmark'
import { BENCHMARK_MESSAGES as M } from './benchmarks.messages'


/** The name of a year of this institution ("2025-2026": the seasons are dated from it), or null for another's. */
export async function institutionYearName(s: InstitutionScope, yearId: number): Promise<string | null> {
  const [year] = await s.db.select({ name: academicYears.display_name }).from(academicYears)
    .where(and(eq(academicYears.id, yearId), eq(academicYears.institution_id, s.institution.id)))
  return year?.name ?? null
}

export async function saveSettings(s: InstitutionScope, input: v.InferOutput<typeof BenchmarkSettingsSchema>): Promise<BenchmarkSettings> {
  const current = await benchmarkSettingsOf(s.db, s.institution.id)
  for (const language of ['en', 'ar'] as const) {
    const code = input.tables[language]
    if (code === null) continue
    const table = tableByCode(current, code)
    if (!table) throw HttpError.say(400, M.unknownTable, s.lang, `tables.${language}`, 'invalid_choice')
    if (table.language !== language) throw HttpError.say(400, M.wrongLanguage, s.lang, `tables.${language}`, 'invalid_choice')
  }
  // Everything inside reads through the transaction (the current settings of a 409 too: ADR 0130).
  await inTransaction(s, async (t) => {
    const [locked] = await t.db.select({ updated_at: benchmarkSettings.updated_at }).from(benchmarkSettings)
      .where(eq(benchmarkSettings.institution_id, s.institution.id)).for('update')
    if (locked) await assertFresh(input.updated_at, locked.updated_at, s.lang, () => benchmarkSettingsOf(t.db, s.institution.id))
    const values = {
      seasons: input.seasons, digits: input.digits, table_en: input.tables.en, table_ar: input.tables.ar,
      expected_levels: input.expected_levels ?? {}, updated_at: locked ? nextVersion(locked.updated_at) : new Date(),
    }
    await t.db.insert(benchmarkSettings).values({ institution_id: s.institution.id, ...values })
      .onConflictDoUpdate({ target: benchmarkSettings.institution_id, set: values })
  })
  return benchmarkSettingsOf(s.db, s.institution.id)
}

export async function createTable(s: InstitutionScope, input: v.InferOutput<typeof BenchmarkTableSchema>): Promise<{ id: number; code: string }> {
  const [row] = await s.db.insert(benchmarkTables).values({ institution_id: s.institution.id, ...input }).returning({ id: benchmarkTables.id })
  return { id: row!.id, code: `custom:${row!.id}` }
}

function problemText(p: SheetProblem) {
  if (p.kind === 'missing_columns') return M.missingColumns(p.columns.join(', '))
  if (p.kind === 'season') return M.badRow(p.row, M.badSeasonCell)
  return M.badRow(p.row, M.badNumberCell(p.column))
}

/**
 * A table from an uploaded workbook (already checked safe by uploadedSpreadsheet): its first sheet, header on the
 * first row that has one. Problems are refused all at once, each with its row, before anything is stored.
 */
export async function createTableFromSheet(s: InstitutionScope, bytes: Uint8Array, fields: Record<string, string>): Promise<{ id: number; code: string }> {
  let lines: SheetCell[][]
  try {
    const book = XLSX.read(bytes, { type: 'array', dense: true, sheetRows: 200 })
    const sheet = book.Sheets[book.SheetNames[0]!]
    lines = sheet ? XLSX.utils.sheet_to_json<SheetCell[]>(sheet, { header: 1, defval: null, blankrows: true }) : []
  } catch {
    throw HttpError.say(400, M.sheetUnreadable, s.lang, 'file', 'invalid_choice')
  }
  const headerAt = lines.findIndex((l) => l.some((c) => c !== null && String(c).trim() !== ''))
  if (headerAt < 0) throw HttpError.say(400, M.sheetUnreadable, s.lang, 'file', 'invalid_choice')
  const { rows, problems } = tableRowsFromSheet(lines[headerAt]!, lines.slice(headerAt + 1), headerAt + 1)
  if (problems.length > 0) {
    const texts = problems.slice(0, 20).map((p) => problemText(p)[s.lang])
    throw new HttpError(400, texts, { file: texts }, { file: 'invalid' })
  }
  const input: BenchmarkTableInput = {
    name: fields.name ?? '', source: fields.source ?? '', year: Number(fields.year), language: fields.language as 'en', rows,
  }
  return createTable(s, validate(BenchmarkTableSchema, input, s.lang))
}
