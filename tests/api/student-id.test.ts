import { describe, expect, it } from 'vitest'
import { CODES } from '../../src/shared/schemas/codes'
import { customRegexProblem, isEmiratesId, luhnValid, matchesCustomRegex, validateStudentId } from '../../src/shared/rules/student-id'

const VALID_EID = '784-1990-1234567-6' // Luhn check digit 6
const settings = { acronym: 'SMPL', regex: null }

describe('EMIRATES_ID', () => {
  it('accepts a valid ID with or without dashes', () => {
    expect(luhnValid('784199012345676')).toBe(true)
    expect(validateStudentId('EMIRATES_ID', VALID_EID, settings)).toBeNull()
    expect(validateStudentId('EMIRATES_ID', '784199012345676', settings)).toBeNull()
  })
  it('refuses a wrong check digit, a wrong prefix, misplaced dashes and wrong lengths', () => {
    expect(validateStudentId('EMIRATES_ID', '784-1990-1234567-1', settings)).toBe(CODES.invalidEmiratesId)
    expect(isEmiratesId('785-1990-1234567-6')).toBe(false)
    expect(isEmiratesId('784-1990-12345676')).toBe(false)
    expect(isEmiratesId('7841990-1234567-6')).toBe(false)
    expect(isEmiratesId('78419901234567')).toBe(false)
    expect(validateStudentId('EMIRATES_ID', 'SMPL-12345', settings)).toBe(CODES.invalidEmiratesId)
  })
})

describe('EMIRATES_ID_OR_TEMPORARY', () => {
  it('accepts an Emirates ID or ACRONYM-NNNNN', () => {
    expect(validateStudentId('EMIRATES_ID_OR_TEMPORARY', VALID_EID, settings)).toBeNull()
    expect(validateStudentId('EMIRATES_ID_OR_TEMPORARY', 'SMPL-00042', settings)).toBeNull()
  })
  it.each(['SMPL-0042', 'SMPL-000420', 'smpl-00042', 'OTHER-00042', 'SMPL00042', 'SMPL-ABCDE', '784-1990-1234567-1'])(
    'refuses %s',
    (value) => expect(validateStudentId('EMIRATES_ID_OR_TEMPORARY', value, settings)).toBe(CODES.invalidTemporaryId),
  )
})

describe('CUSTOM_REGEX and NONE', () => {
  it('needs a full match of the pattern', () => {
    const s = { acronym: 'SMPL', regex: '[A-Z]{2}\\d{4}' }
    expect(validateStudentId('CUSTOM_REGEX', 'AB1234', s)).toBeNull()
    expect(validateStudentId('CUSTOM_REGEX', 'xAB1234', s)).toBe(CODES.studentIdPattern)
    expect(validateStudentId('CUSTOM_REGEX', 'AB12345', s)).toBe(CODES.studentIdPattern)
    expect(validateStudentId('CUSTOM_REGEX', 'AB1234', { acronym: 'SMPL', regex: null })).toBe(CODES.studentIdPattern)
  })
  it('accepts anything non-empty with NONE, and refuses empty or over-long values for every type', () => {
    expect(validateStudentId('NONE', 'anything at all', settings)).toBeNull()
    expect(validateStudentId('NONE', '  ', settings)).toBe(CODES.required)
    expect(validateStudentId('NONE', 'x'.repeat(101), settings)).toBe(CODES.tooLong)
    expect(validateStudentId('SOMETHING', 'x', settings)).toBe(CODES.invalidChoice)
  })
})

describe('custom regex safety', () => {
  it.each(['^[A-Z]{2}\\d{4}$', '([A-Z]|[0-9])+', '(?:ab)+c', 'a{2,}b', '\\d+-\\d+', '[(+*]+', '(?<year>\\d{4})-\\d+', '(a+)+', '(a|ab)+'])('accepts %s', (p) => {
    expect(customRegexProblem(p)).toBeNull()
  })
  it.each(['(a)\\1', '(?<x>a)\\k<x>', '(?=A)\\w+', '(?!A)\\w+', '(?<=A)B', '(?<!A)B', '\\u0041+'])('refuses %s, which RE2 cannot run', (p) => {
    expect(customRegexProblem(p)).toBe(CODES.unsafeRegex)
  })
  it('refuses patterns that do not compile or are longer than 500', () => {
    expect(customRegexProblem('(abc')).toBe(CODES.invalidRegex)
    expect(customRegexProblem('[z-a]')).toBe(CODES.invalidRegex)
    expect(customRegexProblem('a'.repeat(501))).toBe(CODES.invalidRegex)
  })
  it('keeps the meaning of a pattern: a full match, alternatives and classes as JavaScript reads them', () => {
    expect(matchesCustomRegex('AB1234', '[A-Z]{2}\\d{4}')).toBe(true)
    expect(matchesCustomRegex('AB1234', '^[A-Z]{2}\\d{4}$')).toBe(true)
    expect(matchesCustomRegex('ab', 'a|b')).toBe(false)
    expect(matchesCustomRegex('b', 'a|b')).toBe(true)
    expect(matchesCustomRegex('2024-17', '(?<year>\\d{4})-\\d+')).toBe(true)
    expect(matchesCustomRegex('ab', 'AB')).toBe(false)
    expect(matchesCustomRegex('x'.repeat(101), 'x+')).toBe(false)
  })
  // Each took seconds to minutes on a backtracking engine; on RE2 a 100-character code is checked in a blink.
  it.each(['([A-Z]|[A-Z0-9])+', '(\\w|\\d)*', '(a|[a])*', '\\d*\\d*\\d*\\d*\\d*x', '(a+)+$', '(x+x+)+y'])('answers %s in under 50 ms for a 100-character code', (p) => {
    matchesCustomRegex('warm-up', p)
    for (const code of [`${'A'.repeat(99)}!`, `${'a'.repeat(99)}!`, `${'1'.repeat(99)}!`, `${'x'.repeat(99)}!`]) {
      const started = performance.now()
      expect(validateStudentId('CUSTOM_REGEX', code, { acronym: 'X', regex: p })).toBe(CODES.studentIdPattern)
      expect(performance.now() - started).toBeLessThan(50)
    }
  })
})
