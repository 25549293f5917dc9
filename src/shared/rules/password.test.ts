import { describe, it, expect } from 'vitest'
import * as v from 'valibot'
import { randomInt } from 'node:crypto'
import { PASSWORD_MIN, PASSWORD_PATTERN, currentPassword, generatePassword, newPassword } from './password'
import { CODES } from '../schemas/codes'

/** The code of the first issue, or null when the value passes. */
const codeOf = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value, { abortPipeEarly: true })
  return r.success ? null : r.issues[0].message
}

describe('password rule (spec §5)', () => {
  it.each(['aB3$', 'Sample$1pass', 'Xy9@', 'Pass!word1', 'A%b*c?d&1', 'zZ0' + '$@!%*?&'])('accepts %s', (pw) => {
    expect(codeOf(newPassword, pw)).toBeNull()
    expect(PASSWORD_PATTERN.test(pw)).toBe(true)
  })

  it.each([
    ['no lowercase', 'ABCD12$!'],
    ['no uppercase', 'abcd12$!'],
    ['no digit', 'Abcdef$!'],
    ['no special', 'Abcdef12'],
    ['# is not an allowed special', 'Abcd12$#'],
    ['space', 'Abcd 12$'],
    ['hyphen', 'Abcd-12$'],
    ['underscore', 'Abcd_12$'],
    ['non-ASCII letter', 'Äbcd12$!'],
    ['Arabic digit', 'Abcd١٢$!'],
    ['newline', 'Abcd12$!\n'],
  ])('refuses a password with %s', (_why, pw) => {
    expect(codeOf(newPassword, pw)).toBe(CODES.passwordRule)
  })

  it('checks presence and length before the rule', () => {
    expect(codeOf(newPassword, '')).toBe(CODES.required)
    expect(codeOf(newPassword, undefined)).toBe(CODES.required)
    expect(codeOf(newPassword, 'aB$')).toBe(CODES.tooShort)
    expect(PASSWORD_MIN).toBe(4)
    expect(codeOf(newPassword, 'aB3$' + 'x'.repeat(200))).toBe(CODES.tooLong)
  })

  it('only checks presence and length of a current password (older rules may have allowed it)', () => {
    expect(codeOf(currentPassword, 'password')).toBeNull()
    expect(codeOf(currentPassword, 'abc')).toBe(CODES.tooShort)
    expect(codeOf(currentPassword, '')).toBe(CODES.required)
  })
})

describe('generatePassword', () => {
  it('always satisfies the rule with a real random source', () => {
    for (let i = 0; i < 2000; i++) {
      const pw = generatePassword(randomInt)
      expect(pw).toHaveLength(16)
      expect(codeOf(newPassword, pw), pw).toBeNull()
    }
  })

  it('satisfies the rule even with a degenerate random source and short lengths', () => {
    const sources = [() => 0, (max: number) => max - 1, (max: number) => Math.floor(max / 2)]
    for (const source of sources) {
      for (const length of [4, 5, 8, 16, 40]) {
        const pw = generatePassword(source, length)
        expect(pw).toHaveLength(length)
        expect(codeOf(newPassword, pw), pw).toBeNull()
      }
    }
  })

  it('produces different passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword(randomInt)))
    expect(seen.size).toBe(50)
  })
})
