// Reads an .xlsx or .xls with SheetJS, as both the browser's worker and the server do: takes the first sheet
// whose header names the upload's columns (an instructions sheet may come first), maps the header
// (header-map.ts), turns date cells into yyyy-mm-dd text (serial numbers of either date system), uses a
// formula's value, repeats a merged cell's value over its range, and skips empty rows (formatted or not). Only the worker, the server and the bench import this (SheetJS is large).
import * as XLSX from 'xlsx'
import type { SheetCell } from './cell-values'
import { knownHeaderCount, mapHeaders, type HeaderMap } from './header-map'
import type { SheetRow } from './sheet-row'
import { UPLOAD_COLUMNS, type UploadKind } from './upload-kinds'

export type SheetRead =
  | { ok: true; sheetName: string; headerRow: number; headers: string[]; map: HeaderMap; rows: SheetRow[] }
  | { ok: false; problem: 'unreadable' | 'no_sheet' | 'no_rows' | 'too_many_rows'; limit?: number }
  | { ok: false; problem: 'missing_columns'; missing: string[]; headers: string[] }

/** Rows above the header a file may have (a title, a note). */
const HEADER_SEARCH_ROWS = 10

// SheetJS error codes (cell type "e") as Excel shows them.
const ERRORS: Record<number, string> = { 0: '#NULL!', 7: '#DIV/0!', 15: '#VALUE!', 23: '#REF!', 29: '#NAME?', 36: '#NUM!', 42: '#N/A' }

const dateFormats = new Map<string, boolean>()
function isDateFormat(format: string | undefined): boolean {
  if (!format || format === 'General') return false
  let known = dateFormats.get(format)
  if (known === undefined) {
    known = Boolean(XLSX.SSF.is_date(format))
    dateFormats.set(format, known)
  }
  return known
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function dateText(serial: number, date1904: boolean): string | null {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 })
  if (!d || d.y < 1 || d.y > 9999) return null
  const day = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`
  return d.H || d.M || d.S ? `${day} ${pad(d.H)}:${pad(d.M)}` : day
}

function cellValue(cell: XLSX.CellObject | undefined, date1904: boolean): SheetCell {
  if (!cell) return null
  switch (cell.t) {
    case 'n': {
      const n = cell.v as number
      if (isDateFormat(cell.z as string | undefined)) return dateText(n, date1904) ?? n
      return n
    }
    case 's':
      return cell.v === undefined || cell.v === null ? null : String(cell.v)
    case 'b':
      return Boolean(cell.v)
    case 'd': {
      const d = cell.v instanceof Date ? cell.v : new Date(String(cell.v))
      return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10)
    }
    case 'e':
      return ERRORS[cell.v as number] ?? '#ERROR'
    default:
      return null
  }
}

const isEmpty = (cells: readonly SheetCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))

export function readSheet(bytes: Uint8Array | ArrayBuffer, kind: UploadKind, opts: { maxRows: number }): SheetRead {
  let book: XLSX.WorkBook
  try {
    // sheetRows bounds the work for a file with far too many rows: a few beyond the limit tell it apart.
    book = XLSX.read(bytes, { type: 'array', dense: true, cellNF: true, cellText: false, cellDates: false, cellHTML: false, sheetRows: opts.maxRows + HEADER_SEARCH_ROWS + 1 })
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904)
  const sheets = book.SheetNames.flatMap((name) => {
    const sheet = book.Sheets[name]
    return sheet ? [{ name, sheet, grid: sheet['!ref'] ? sheetGrid(sheet, date1904) : [] }] : []
  })
  if (sheets.length === 0) return { ok: false, problem: 'no_sheet' }
  // The sheet a person would take: the first whose header names this upload's columns (a workbook may open
  // with a sheet of instructions); none such, the first sheet, whose first row then says what is missing.
  const found = sheets.map((s) => ({ ...s, headerIndex: headerRowOf(kind, s.grid) })).find((s) => s.headerIndex >= 0)
  const { name: sheetName, sheet, grid } = found ?? sheets[0]!
  if (!sheet['!ref']) return { ok: false, problem: 'no_rows' }
  const headerIndex = found?.headerIndex ?? grid.findIndex((cells) => !isEmpty(cells))
  if (headerIndex < 0) return { ok: false, problem: 'no_rows' }
  const headers = grid[headerIndex]!.map((c) => (c === null ? '' : String(c).trim()))
  const map = mapHeaders(kind, headers)
  if (map.missing.length) return { ok: false, problem: 'missing_columns', missing: map.missing, headers }

  const rows: SheetRow[] = []
  for (let r = headerIndex + 1; r < grid.length; r++) {
    const cells = grid[r]!
    if (isEmpty(cells)) continue
    if (rows.length === opts.maxRows) return { ok: false, problem: 'too_many_rows', limit: opts.maxRows }
    rows.push({ row: r + 1, cells })
  }
  // Cut short by sheetRows: more rows follow than the reader looked at.
  const range = XLSX.utils.decode_range(sheet['!ref'])
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range
  if (full.e.r > range.e.r && rows.length >= opts.maxRows - HEADER_SEARCH_ROWS) return { ok: false, problem: 'too_many_rows', limit: opts.maxRows }
  if (rows.length === 0) return { ok: false, problem: 'no_rows' }
  return { ok: true, sheetName, headerRow: headerIndex + 1, headers, map, rows: withOriginalNumbers(map, rows) }
}

/** A sheet's cells as values, row by row; a merged range shows its first cell's value in every cell it covers. */
function sheetGrid(sheet: XLSX.WorkSheet, date1904: boolean): SheetCell[][] {
  const data = ((sheet as unknown as { '!data'?: (XLSX.CellObject | undefined)[][] })['!data'] ?? [])
  const range = XLSX.utils.decode_range(sheet['!ref']!)
  const width = range.e.c + 1
  const grid: SheetCell[][] = []
  for (let r = 0; r <= range.e.r; r++) {
    const source = data[r] ?? []
    const cells: SheetCell[] = new Array(width)
    for (let c = 0; c < width; c++) cells[c] = cellValue(source[c], date1904)
    grid.push(cells)
  }
  for (const m of sheet['!merges'] ?? []) {
    const value = grid[m.s.r]?.[m.s.c] ?? null
    for (let r = m.s.r; r <= m.e.r; r++) for (let c = m.s.c; c <= m.e.c; c++) if (grid[r] && !(r === m.s.r && c === m.s.c)) grid[r]![c] = value
  }
  return grid
}

/** The header: the first row, near the top, naming at least two of this upload's columns (or all, when it has fewer); -1 for none. */
function headerRowOf(kind: UploadKind, grid: SheetCell[][]): number {
  const wanted = Math.min(2, UPLOAD_COLUMNS[kind].length)
  for (let r = 0; r < Math.min(grid.length, HEADER_SEARCH_ROWS); r++) {
    if (knownHeaderCount(kind, grid[r]!) >= wanted) return r
  }
  return -1
}

/**
 * A `row` column (the valid rows the browser sends) gives each row its number in the user's original file,
 * so results name rows as the user sees them. Used only when every value is a distinct whole number.
 */
function withOriginalNumbers(map: HeaderMap, rows: SheetRow[]): SheetRow[] {
  const at = map.fields.indexOf('row')
  if (at < 0) return rows
  const numbers = rows.map((r) => r.cells[at])
  const usable = numbers.every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0) && new Set(numbers).size === numbers.length
  return usable ? rows.map((r, i) => ({ row: numbers[i] as number, cells: r.cells })) : rows
}

