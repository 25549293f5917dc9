// A benchmark table from a spreadsheet's rows (ADR 0124): one row per grade and season. Columns (any case, spaces
// or underscores; Arabic aliases): grade, season, wcpm_below, wcpm_at, wcpm_above, accuracy_below, accuracy_at,
// accuracy_above, and one column per percentile named p10, p25 …. A cut point is the lowest score of its level.
// Pure, so the browser's worker could preview with it; the server reads the workbook and calls it.
import { cellText, type SheetCell } from '../bulk/cell-values'
import { normaliseHeader } from '../bulk/header-map'
import type { BenchmarkRow, CutPoints } from './benchmark-table'
import type { SeasonCode } from './seasons'

const COLUMNS: Record<string, string[]> = {
  grade: ['grade', 'الصف'],
  season: ['season', 'الموسم', 'الفترة'],
  wcpm_below: ['wcpm_below', 'wcpm below'],
  wcpm_at: ['wcpm_at', 'wcpm at', 'benchmark goal'],
  wcpm_above: ['wcpm_above', 'wcpm above'],
  accuracy_below: ['accuracy_below'],
  accuracy_at: ['accuracy_at'],
  accuracy_above: ['accuracy_above'],
}

const SEASON_WORDS: Record<string, SeasonCode> = {
  boy: 'boy', beginning: 'boy', fall: 'boy', autumn: 'boy', 'بدايةالعام': 'boy', 'بدايه': 'boy', 'بدايهالعام': 'boy',
  moy: 'moy', middle: 'moy', winter: 'moy', 'منتصفالعام': 'moy', 'منتصف': 'moy',
  eoy: 'eoy', end: 'eoy', spring: 'eoy', 'نهايهالعام': 'eoy', 'نهايه': 'eoy',
}

export type SheetProblem =
  | { kind: 'missing_columns'; columns: string[] }
  | { kind: 'season'; row: number }
  | { kind: 'number'; row: number; column: string }

/** Row numbers are the sheet's (the header is row `headerRow`). Rows with nothing in them are skipped. */
export function tableRowsFromSheet(header: readonly SheetCell[], cells: readonly (readonly SheetCell[])[], headerRow = 1): { rows: BenchmarkRow[]; problems: SheetProblem[] } {
  const byField = new Map<string, number>()
  const percentileColumns: { p: number; at: number }[] = []
  header.forEach((h, at) => {
    const key = normaliseHeader(cellText(h))
    const percentile = /^p(\d{1,2})$/.exec(key)
    if (percentile) percentileColumns.push({ p: Number(percentile[1]), at })
    for (const [field, aliases] of Object.entries(COLUMNS)) if (aliases.some((a) => normaliseHeader(a) === key)) byField.set(field, at)
  })
  const missing = ['grade', 'season'].filter((f) => !byField.has(f))
  if (missing.length) return { rows: [], problems: [{ kind: 'missing_columns', columns: missing }] }
  percentileColumns.sort((a, b) => a.p - b.p)
  const problems: SheetProblem[] = []
  const rows: BenchmarkRow[] = []
  cells.forEach((line, i) => {
    const row = headerRow + 1 + i
    if (line.every((c) => cellText(c) === '')) return
    const numberAt = (column: string, at: number | undefined): number | null => {
      const text = at === undefined ? '' : cellText(line[at]).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      if (text === '') return null
      const n = Number(text)
      if (!Number.isFinite(n)) problems.push({ kind: 'number', row, column })
      return n
    }
    const season = SEASON_WORDS[normaliseHeader(cellText(line[byField.get('season')!]))]
    if (!season) problems.push({ kind: 'season', row })
    const grade = /^(k|kg)$/i.test(cellText(line[byField.get('grade')!])) ? 0 : numberAt('grade', byField.get('grade'))
    const cutsOf = (prefix: string): CutPoints | null => {
      const [below, at, above] = ['below', 'at', 'above'].map((l) => numberAt(`${prefix}_${l}`, byField.get(`${prefix}_${l}`)))
      return below === null && at === null && above === null ? null : { below: below ?? Number.NaN, at: at ?? Number.NaN, above: above ?? Number.NaN }
    }
    rows.push({
      grade: grade ?? Number.NaN, season: season ?? 'boy', wcpm: cutsOf('wcpm'), accuracy: cutsOf('accuracy'),
      percentiles: percentileColumns.flatMap(({ p, at }) => {
        const wcpm = numberAt(`p${p}`, at)
        return wcpm === null ? [] : [{ p, wcpm }]
      }),
    })
  })
  return { rows, problems }
}
