// Student-ID rules per institution (spec §5 "Student ID validation types"); see
// docs/adr/0009-student-id-formats.md and docs/adr/0010-custom-regex-safety.md.
import { CODES } from '../schemas/codes'

export const STUDENT_ID_TYPES = ['EMIRATES_ID', 'EMIRATES_ID_OR_TEMPORARY', 'CUSTOM_REGEX', 'NONE'] as const
export type StudentIdType = (typeof STUDENT_ID_TYPES)[number]
export const DEFAULT_STUDENT_ID_TYPE: StudentIdType = 'EMIRATES_ID_OR_TEMPORARY'

/** Custom patterns and their descriptions are limited (spec §9). */
export const CUSTOM_REGEX_MAX = 500
export const CUSTOM_DESCRIPTION_MAX = 200
/** A stored pattern only ever runs on inputs up to this length, so even a slow pattern stays bounded. */
export const STUDENT_ID_MAX = 100

/** 784-YYYY-NNNNNNN-N: 15 digits, either all dashes in place or none. */
const EMIRATES_ID_PATTERN = /^784-?\d{4}-?\d{7}-?\d$/
/** Temporary IDs: the institution's acronym, a dash and exactly five digits, e.g. SMPL-00042. */
export const TEMPORARY_ID_DIGITS = 5

/** Luhn (mod 10) check over a string of digits, the last one being the check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (d < 0 || d > 9) return false
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function isEmiratesId(value: string): boolean {
  if (!EMIRATES_ID_PATTERN.test(value)) return false
  const dashes = (value.match(/-/g) ?? []).length
  if (dashes !== 0 && dashes !== 3) return false
  return luhnValid(value.replace(/-/g, ''))
}

export function isTemporaryId(value: string, acronym: string): boolean {
  if (!acronym) return false
  const prefix = `${acronym}-`
  return value.startsWith(prefix) && new RegExp(`^\\d{${TEMPORARY_ID_DIGITS}}$`).test(value.slice(prefix.length))
}

/**
 * Why a custom pattern is refused, or null when it is acceptable: it must compile and must not be
 * open to catastrophic backtracking. The check is static and deliberately strict:
 * - a quantified group that itself contains a quantifier ((a+)+, (a*)*, (\d+-?)+, (a{2,})*),
 * - a quantified group whose alternatives overlap textually ((a|a)*, (a|ab)+),
 * - back-references (\1, \k<name>), which no linear-time engine supports either.
 */
export function customRegexProblem(pattern: string): typeof CODES.invalidRegex | typeof CODES.unsafeRegex | null {
  if (pattern.length === 0 || pattern.length > CUSTOM_REGEX_MAX) return CODES.invalidRegex
  try {
    new RegExp(pattern, 'u')
  } catch {
    return CODES.invalidRegex
  }
  return isCatastrophic(pattern) ? CODES.unsafeRegex : null
}

type Frame = { quantified: boolean; alternatives: string[]; current: string }

function isCatastrophic(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true
  const stack: Frame[] = [{ quantified: false, alternatives: [], current: '' }]
  let i = 0
  // Reads a quantifier at position j: returns its length and whether it repeats more than once.
  const quantifierAt = (j: number): { len: number; repeats: boolean } | null => {
    const ch = pattern[j]
    if (ch === '*' || ch === '+') return { len: pattern[j + 1] === '?' ? 2 : 1, repeats: true }
    if (ch === '?') return { len: pattern[j + 1] === '?' ? 2 : 1, repeats: false }
    if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}\??/.exec(pattern.slice(j))
      if (!m) return null
      const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3])
      return { len: m[0].length, repeats: max > 1 }
    }
    return null
  }
  while (i < pattern.length) {
    const ch = pattern[i]!
    const top = stack[stack.length - 1]!
    if (ch === '\\') {
      top.current += pattern.slice(i, i + 2)
      i += 2
    } else if (ch === '[') {
      // A character class is one atom: skip to its unescaped closing bracket.
      let j = i + 1
      if (pattern[j] === '^') j++
      if (pattern[j] === ']') j++
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1
      top.current += pattern.slice(i, j + 1)
      i = j + 1
    } else if (ch === '(') {
      let j = i + 1
      if (pattern[j] === '?') {
        const m = /^\?(:|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(pattern.slice(j))
        j += m ? m[0].length : 1
      }
      stack.push({ quantified: false, alternatives: [], current: '' })
      i = j
    } else if (ch === ')') {
      const frame = stack.pop()!
      frame.alternatives.push(frame.current)
      const parent = stack[stack.length - 1]
      if (!parent) return false // unbalanced; the compile step has refused it already
      const q = quantifierAt(i + 1)
      if (q?.repeats) {
        if (frame.quantified) return true
        const alts = frame.alternatives
        for (let a = 0; a < alts.length; a++) {
          for (let b = 0; b < alts.length; b++) {
            if (a !== b && alts[b]!.startsWith(alts[a]!)) return true
          }
        }
      }
      parent.quantified ||= frame.quantified || Boolean(q?.repeats)
      parent.current += `(${frame.alternatives.join('|')})`
      i += 1 + (q?.len ?? 0)
      if (q) parent.current += pattern.slice(i - q.len, i)
    } else if (ch === '|') {
      top.alternatives.push(top.current)
      top.current = ''
      i++
    } else {
      const q = quantifierAt(i)
      if (q) {
        if (q.repeats) top.quantified = true
        top.current += pattern.slice(i, i + q.len)
        i += q.len
      } else {
        top.current += ch
        i++
      }
    }
  }
  return false
}

/** Full match of a stored custom pattern against a length-capped value. */
export function matchesCustomRegex(value: string, pattern: string): boolean {
  if (value.length > STUDENT_ID_MAX || customRegexProblem(pattern) !== null) return false
  return new RegExp(`^(?:${pattern})$`, 'u').test(value)
}

export type StudentIdSettings = { acronym: string; regex?: string | null }

/**
 * Checks a student ID against the institution's rule; returns an error code (schemas/codes.ts) or null.
 * The value is used as given (trim it before calling).
 */
export function validateStudentId(type: StudentIdType | string, value: string, settings: StudentIdSettings): string | null {
  if (value.trim() === '') return CODES.required
  if (value.length > STUDENT_ID_MAX) return CODES.tooLong
  switch (type) {
    case 'EMIRATES_ID':
      return isEmiratesId(value) ? null : CODES.invalidEmiratesId
    case 'EMIRATES_ID_OR_TEMPORARY':
      return isEmiratesId(value) || isTemporaryId(value, settings.acronym) ? null : CODES.invalidTemporaryId
    case 'CUSTOM_REGEX':
      return settings.regex && matchesCustomRegex(value, settings.regex) ? null : CODES.studentIdPattern
    case 'NONE':
      return null
    default:
      return CODES.invalidChoice
  }
}
