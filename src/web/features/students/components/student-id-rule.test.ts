import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { CODES } from '../../../../shared/schemas/codes'
import { StudentSchema } from '../../../../shared/schemas/student'
import { activateLanguage } from '../../../lib/i18n/i18n'
import { checkStudentId, studentIdAction, studentIdHint } from './student-id-rule'
import type { StudentIdRule } from './student-id-rule'

const temporary: StudentIdRule = { type: 'EMIRATES_ID_OR_TEMPORARY', acronym: 'SMPL', regex: null, description: null }
const custom: StudentIdRule = { type: 'CUSTOM_REGEX', acronym: 'SMPL', regex: 'ST-[0-9]{4}', description: 'ST- and four digits' }

const codeField = (rule: StudentIdRule | undefined) =>
  v.pipe(StudentSchema.entries.enrollment_code, studentIdAction(rule))

describe('student ID rule in the form', () => {
  it('accepts what the server accepts and refuses the rest with the same code', () => {
    expect(checkStudentId(temporary, 'SMPL-20001')).toBeNull()
    expect(checkStudentId(temporary, '784-1990-1234567-1')).toBe(CODES.invalidTemporaryId)
    expect(checkStudentId(temporary, 'SMPL-2001')).toBe(CODES.invalidTemporaryId)
    expect(checkStudentId(custom, 'ST-1234')).toBeNull()
    expect(checkStudentId(custom, 'ST-12345')).toBe(CODES.studentIdPattern)
    expect(checkStudentId({ ...custom, type: 'NONE' }, 'anything')).toBeNull()
  })

  it('checks a 100-character code against a pattern that backtracking would never finish, at once (RE2)', () => {
    for (const regex of ['([A-Z]|[A-Z0-9])+', '(\\w|\\d)*', '(a|[a])*']) {
      const rule: StudentIdRule = { ...custom, regex }
      checkStudentId(rule, 'warm-up')
      const started = performance.now()
      expect(checkStudentId(rule, `${(regex.startsWith('(a') ? 'a' : 'A').repeat(99)}!`)).toBe(CODES.studentIdPattern)
      expect(performance.now() - started).toBeLessThan(50)
    }
  })

  it('checks nothing while the rule is unknown (offline, never loaded): the server still checks', () => {
    expect(checkStudentId(undefined, 'whatever')).toBeNull()
  })

  it('reports the rule only once the schema’s own checks pass, on the trimmed value', () => {
    const short = v.safeParse(codeField(temporary), 'SM')
    expect(short.issues?.map((i) => i.message)).toEqual([CODES.tooShort])
    const wrong = v.safeParse(codeField(temporary), 'ABCD-12345')
    expect(wrong.issues?.map((i) => i.message)).toEqual([CODES.invalidTemporaryId])
    expect(v.safeParse(codeField(temporary), '  SMPL-12345 ').output).toBe('SMPL-12345')
  })

  it('describes the expected format, with the institution’s own description for custom patterns', () => {
    const i18n = activateLanguage('en')
    expect(studentIdHint(i18n, temporary)).toContain('SMPL-00001')
    expect(studentIdHint(i18n, custom)).toContain('ST- and four digits')
    expect(studentIdHint(i18n, { ...custom, type: 'NONE' })).toBeUndefined()
    expect(studentIdHint(i18n, undefined)).toBeUndefined()
  })
})
