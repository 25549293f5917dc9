import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import { describe, expect, it, vi } from 'vitest'
import { CODES } from '../../shared/schemas/codes'
import { prevalidate } from './prevalidate'
import { createSpreadsheetWorker } from './spreadsheet-client'

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../../tests/fixtures/spreadsheets', name)))

describe('prevalidate (the spreadsheet worker\'s check)', () => {
  it('sorts the messy teachers into valid rows and rows to fix, reporting progress to the end', () => {
    const progress = vi.fn()
    const result = prevalidate(fixture('teachers_messy.xlsx'), 'teacher', {}, { schoolId: 1 }, progress)
    if (!result.ok) throw new Error(result.problem)
    expect(result.valid.map((r) => r.row)).toEqual([2, 3, 4])
    expect(result.invalid.map((r) => [r.row, r.issues.map((i) => i.code)])).toEqual([
      [5, [CODES.invalidEmail]], [6, [CODES.duplicateInFile]], [7, [CODES.tooShort]], [8, [CODES.tooShort]],
    ])
    expect(result.ignored).toEqual(['Notes'])
    expect(progress).toHaveBeenLastCalledWith(7, 7)
  })

  it('checks class rows against the cached references', () => {
    const refs = {
      schools: [{ id: 1, identifier: 'SCH-FIX-01', display_name: 'Fix' }],
      grades: [{ id: 2, school_id: 1, identifier: 'G1', display_name: 'Grade 1' }],
      sections: [{ id: 3, school_id: 1, identifier: 'A', display_name: 'A' }, { id: 4, school_id: 1, identifier: 'B', display_name: 'B' }],
      subjects: [{ id: 5, code: 'english', display_name: 'English', arabic_display_name: 'الإنجليزية' }, { id: 6, code: 'arabic', display_name: 'Arabic', arabic_display_name: 'العربية' }],
      teachers: [{ id: 7, school_id: 1, email: 'teacher@sample.test' }],
      existing: ['sch-fix-01|g3-b'],
    }
    const result = prevalidate(fixture('classes_messy.xlsx'), 'class', refs, { yearId: 1 })
    if (!result.ok) throw new Error(result.problem)
    expect(result.valid.map((r) => r.row)).toEqual([2, 7])
    expect(result.invalid.map((r) => [r.row, r.issues[0]!.field, r.issues[0]!.code])).toEqual([
      [3, 'identifier', CODES.alreadyExists], [4, 'grade', CODES.unknownReference], [5, 'identifier', CODES.required],
      [6, 'school', CODES.unknownReference], [8, 'subjects', CODES.requireOne],
    ])
  })

  it('names the missing columns of a file that is not an upload of this kind', () => {
    expect(prevalidate(fixture('schools_clean.xlsx'), 'student', {}, {})).toEqual({ ok: false, problem: 'missing_columns', missing: ['first_name', 'last_name', 'arabic_name', 'enrollment_code'] })
  })

  it('checks the sheet whose header matches when a sheet of instructions comes first', () => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['How to fill this file'], ['One teacher per row.']]), 'Instructions')
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['first_name', 'last_name', 'email'], ['Lina', 'Haddad', 'lina@school.test'], ['Omar', 'Said', 'not-an-email']]), 'Teachers')
    const result = prevalidate(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), 'teacher', {}, { schoolId: 1 })
    if (!result.ok) throw new Error(result.problem)
    expect(result.sheetName).toBe('Teachers')
    expect(result.valid.map((r) => r.row)).toEqual([2])
    expect(result.invalid.map((r) => [r.row, r.issues[0]!.code])).toEqual([[3, CODES.invalidEmail]])
  })
})

describe('the spreadsheet worker client without a Worker (the page runs the same code)', () => {
  it('checks a file, then writes the valid rows and the rows to fix as workbooks that read back', async () => {
    const worker = createSpreadsheetWorker()
    const check = await worker.check(new Blob([fixture('students_messy.xlsx')]), 'student', {}, { classId: 1 })
    if (!check.ok) throw new Error(check.problem)
    const { prevalidate: again } = await import('./prevalidate')
    const valid = await worker.validFile(check.headers, check.valid, check.sheetName)
    const reread = again(valid, 'student', {}, { classId: 1 })
    expect(reread.ok && reread.valid.map((r) => r.row)).toEqual([2, 3, 4, 5])
    const fix = await worker.fixFile(check.headers, check.invalid.map((r) => ({ cells: r.cells, error: 'fix me' })), { sheet: 'Rows to fix', errorColumn: 'Error', rtl: false })
    const refixed = again(fix, 'student', {}, { classId: 1 })
    expect(refixed.ok && refixed.invalid.length + refixed.valid.length).toBe(4)
    worker.terminate()
  })
})
