// The refused rows of an upload as a workbook to fix and send again: the file's own columns, as they were,
// plus an error column in the user's language (the upload ignores that column when the file comes back).
// Written by the browser's worker for rows its preview refused, and by the server for rows it refused.
import * as XLSX from 'xlsx'
import type { SheetCell } from './cell-values'

export function fixWorkbook(headers: readonly string[], rows: readonly { cells: readonly SheetCell[]; error: string }[], text: { sheet: string; errorColumn: string; rtl: boolean }): Uint8Array {
  const width = Math.max(headers.length, ...rows.map((r) => r.cells.length))
  const head = Array.from({ length: width }, (_, i) => headers[i] ?? '')
  const sheet = XLSX.utils.aoa_to_sheet([
    [...head, text.errorColumn],
    ...rows.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? null), r.error]),
  ])
  sheet['!cols'] = [...head.map((h) => ({ wch: Math.max(12, h.length + 2) })), { wch: 60 }]
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, text.sheet.slice(0, 31))
  if (text.rtl) book.Workbook = { Views: [{ RTL: true }] }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

/**
 * The rows the browser found valid, as a workbook the upload call reads like any other: the file's columns
 * and a first `row` column with each row's number in the original file, so the server's results name the
 * rows as the user's file numbers them.
 */
export function validRowsWorkbook(headers: readonly string[], rows: readonly { row: number; cells: readonly SheetCell[] }[], sheetName: string): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([['row', ...headers], ...rows.map((r) => [r.row, ...r.cells])])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31) || 'Rows')
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer)
}
