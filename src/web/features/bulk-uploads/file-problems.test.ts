import { afterEach, describe, expect, it } from 'vitest'
import { CODES } from '../../../shared/schemas/codes'
import { activateLanguage, i18n } from '../../lib/i18n/i18n'
import { fileProblemMessages, isSpreadsheetName, issueLines, resultLabel, resultLines } from './file-problems'

afterEach(() => {
  activateLanguage('en')
})

describe('what the upload screens say', () => {
  it('offers only .xls and .xlsx names', () => {
    expect(['a.XLSX', 'b.xls ', 'c.xlsx'].map(isSpreadsheetName)).toEqual([true, true, true])
    expect(['list.csv', 'list.xlsx.pdf', 'xlsx'].map(isSpreadsheetName)).toEqual([false, false, false])
  })

  it('gives each refused row\'s problems as "field – message" lines in the user\'s language', () => {
    activateLanguage('en')
    const issues = [{ field: 'enrollment_code', code: CODES.duplicateInFile, requirement: 2 }, { field: 'first_name', code: CODES.tooShort, requirement: 3 }]
    expect(issueLines(i18n, issues)).toEqual(['enrollment_code – The same value is already on row 2 of this file.', 'first_name – Enter at least 3 characters.'])
    activateLanguage('ar')
    expect(issueLines(i18n, issues)[0]).toBe('enrollment_code – القيمة نفسها موجودة في الصف 2 من هذا الملف.')
  })

  it('names the columns a file lacks', () => {
    expect(fileProblemMessages(i18n, { ok: false, problem: 'missing_columns', missing: ['last_name', 'enrollment_code'] }))
      .toEqual(['The first row must name the columns as the template does. These columns are missing: last_name, enrollment_code.'])
  })

  it('reads the server\'s result rows: the field messages, else the one-line reason; the row\'s key', () => {
    const fields = { row: 4, status: 'error' as const, error: 'gender - Choose one of the options', errors: { gender: 'Choose one of the options' }, enrollment_code: 'C-9' }
    expect(resultLines(fields)).toEqual(['gender – Choose one of the options'])
    expect(resultLabel(fields)).toBe('C-9')
    expect(resultLines({ row: 5, status: 'error', error: 'No licence covers today', errors: null, email: 'a@b.c' })).toEqual(['No licence covers today'])
  })
})
