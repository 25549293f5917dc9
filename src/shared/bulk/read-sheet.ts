// Reads the first sheet of an .xlsx or .xls with SheetJS, as both the browser's worker and the server do:
// finds the header row, maps it (header-map.ts), turns date cells into yyyy-mm-dd text (serial numbers of
// either date system), uses a formula's value, repeats a merged cell's value over its range, and skips
// empty rows (formatted or not). Only the worker, the server and the bench import this (SheetJS is large).
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
  const sheetName = book.SheetNames[0]
  const sheet = sheetName ? book.Sheets[sheetName] : undefined
  if (!sheetName || !sheet) return { ok: false, problem: 'no_sheet' }
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904)
  const data = ((sheet as unknown as { '!data'?: (XLSX.CellObject | undefined)[][] })['!data'] ?? [])
  if (!sheet['!ref']) return { ok: false, problem: 'no_rows' }
  const range = XLSX.utils.decode_range(sheet['!ref'])
  const width = range.e.c + 1

  const rowCells = (r: number): SheetCell[] => {
    const source = data[r] ?? []
    const cells: SheetCell[] = new Array(width)
    for (let c = 0; c < width; c++) cells[c] = cellValue(source[c], date1904)
    return cells
  }
  const grid: SheetCell[][] = []
  for (let r = 0; r <= range.e.r; r++) grid.push(rowCells(r))
  // A merged range shows its first cell's value in every cell it covers.
  for (const m of sheet['!merges'] ?? []) {
    const value = grid[m.s.r]?.[m.s.c] ?? null
    for (let r = m.s.r; r <= m.e.r; r++) for (let c = m.s.c; c <= m.e.c; c++) if (grid[r] && !(r === m.s.r && c === m.s.c)) grid[r]![c] = value
  }

  // The header: the first row naming at least two of this upload's columns (or all, when it has fewer).
  const wanted = Math.min(2, UPLOAD_COLUMNS[kind].length)
  let headerIndex = -1
  for (let r = 0; r < Math.min(grid.length, HEADER_SEARCH_ROWS); r++) {
    if (knownHeaderCount(kind, grid[r]!) >= wanted) {
      headerIndex = r
      break
    }
  }
  if (headerIndex < 0) headerIndex = grid.findIndex((cells) => !isEmpty(cells))
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
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range
  if (full.e.r > range.e.r && rows.length >= opts.maxRows - HEADER_SEARCH_ROWS) return { ok: false, problem: 'too_many_rows', limit: opts.maxRows }
  if (rows.length === 0) return { ok: false, problem: 'no_rows' }
  return { ok: true, sheetName, headerRow: headerIndex + 1, headers, map, rows: withOriginalNumbers(map, rows) }
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

