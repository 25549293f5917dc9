import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { readSheet } from './read-sheet'

const fixture = (name: string) => readFileSync(join(__dirname, '../../../tests/fixtures/spreadsheets', name))

function book(rows: unknown[][], edit?: (sheet: XLSX.WorkSheet, book: XLSX.WorkBook) => void): Uint8Array {
  const wb = XLSX.utils.book_new()
  const sheet = XLSX.utils.aoa_to_sheet(rows)
  edit?.(sheet, wb)
  XLSX.utils.book_append_sheet(wb, sheet, 'S')
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as Uint8Array
}

const HEAD = ['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'user_field_1']

describe('readSheet', () => {
  it('reads the LibreOffice messy students: header variants, date cells as yyyy-mm-dd, formulas, no empty formatted rows', () => {
    const read = readSheet(fixture('students_messy.xlsx'), 'student', { maxRows: 100 })
    if (!read.ok) throw new Error(read.problem)
    expect(read.map.ignored).toEqual(['Notes'])
    expect(read.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(read.rows[0]!.cells.slice(3, 6)).toEqual(['00012345', 'm', '2016-03-14'])
    expect(read.rows[2]!.cells[1]).toBe('HASSAN')
    expect(read.rows[3]!.cells[3]).toBe(12345678)
  })

  it('reads the old .xls format', () => {
    const read = readSheet(fixture('students_clean.xls'), 'student', { maxRows: 100 })
    expect(read.ok && read.rows.map((r) => r.cells[3])).toEqual(['784-2015-1000001-7', '784-2015-1000002-5', '784-2016-1000003-2', '784-2016-1000004-0', '784-2015-1000005-8'])
  })

  it('converts date serials of both date systems, whatever the time zone', () => {
    const dated = (date1904: boolean) => book([HEAD, ['Adam', 'Brown', 'آدم', 'C-0001', date1904 ? 40981 : 42443]], (sheet, wb) => {
      sheet.E2!.z = 'dd/mm/yyyy'
      wb.Workbook = { WBProps: { date1904 } }
    })
    for (const date1904 of [false, true]) {
      const read = readSheet(dated(date1904), 'student', { maxRows: 10 })
      expect(read.ok && read.rows[0]!.cells[4]).toBe('2016-03-14')
    }
  })

  it('finds the header below a title row and repeats a merged cell over its range', () => {
    const bytes = book([['Class 1A pupils'], HEAD, ['Adam', 'Brown', 'آدم', 'C-0001', 'Blue'], ['Bella', 'Stone', 'بيلا', 'C-0002', null]], (sheet) => {
      sheet['!merges'] = [{ s: { r: 2, c: 4 }, e: { r: 3, c: 4 } }]
    })
    const read = readSheet(bytes, 'student', { maxRows: 10 })
    if (!read.ok) throw new Error(read.problem)
    expect(read.headerRow).toBe(2)
    expect(read.rows.map((r) => [r.row, r.cells[4]])).toEqual([[3, 'Blue'], [4, 'Blue']])
  })

  it('answers what makes a file unimportable: missing columns, no rows, too many rows, unreadable bytes', () => {
    expect(readSheet(book([['first_name', 'notes'], ['A', 'b']]), 'student', { maxRows: 10 })).toMatchObject({ ok: false, problem: 'missing_columns', missing: ['last_name', 'arabic_name', 'enrollment_code'] })
    expect(readSheet(book([HEAD, [], [null, '  ']]), 'student', { maxRows: 10 })).toMatchObject({ ok: false, problem: 'no_rows' })
    const many = book([HEAD, ...Array.from({ length: 30 }, (_, i) => ['Adam', 'Brown', 'آدم', `C-${i}`])])
    expect(readSheet(many, 'student', { maxRows: 29 })).toMatchObject({ ok: false, problem: 'too_many_rows', limit: 29 })
    expect(readSheet(many, 'student', { maxRows: 30 }).ok).toBe(true)
    expect(readSheet(new TextEncoder().encode('PK\u0003\u0004 not really'), 'student', { maxRows: 10 })).toMatchObject({ ok: false })
  })

  it('numbers rows as the original file did when a row column carries them (the valid rows the browser sends)', () => {
    const read = readSheet(book([['row', ...HEAD], [7, 'Adam', 'Brown', 'آدم', 'C-1', null], [12, 'Bella', 'Stone', 'بيلا', 'C-2', null]]), 'student', { maxRows: 10 })
    expect(read.ok && read.rows.map((r) => r.row)).toEqual([7, 12])
    const edited = readSheet(book([['row', ...HEAD], [7, 'Adam', 'Brown', 'آدم', 'C-1', null], [7, 'Bella', 'Stone', 'بيلا', 'C-2', null]]), 'student', { maxRows: 10 })
    expect(edited.ok && edited.rows.map((r) => r.row)).toEqual([2, 3])
  })
})
