// Student-ID rules per institution (spec §5 "Student ID validation types"); see
// docs/adr/0009-student-id-formats.md, docs/adr/0010-custom-regex-safety.md and docs/adr/0113-bounded-work-per-request.md.
import { RE2JS } from 're2js'
import { CODES } from '../schemas/codes'

export const STUDENT_ID_TYPES = ['EMIRATES_ID', 'EMIRATES_ID_OR_TEMPORARY', 'CUSTOM_REGEX', 'NONE'] as const
export type StudentIdType = (typeof STUDENT_ID_TYPES)[number]
export const DEFAULT_STUDENT_ID_TYPE: StudentIdType = 'EMIRATES_ID_OR_TEMPORARY'

/** Custom patterns and their descriptions are limited (spec §9). */
export const CUSTOM_REGEX_MAX = 500
export const CUSTOM_DESCRIPTION_MAX = 200
/** Codes are at most this long (a custom pattern runs only on such inputs). */
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
 * Why a custom pattern is refused, or null when it is acceptable. Patterns are typed in JavaScript's syntax
 * (Unicode mode) and run on RE2 (re2js), a linear-time engine: checking a 100-character code takes about
 * the same time for every pattern, so none can hold the server (ADR 0113, which replaces ADR 0010's static
 * check). A pattern must compile in both: one that JavaScript takes but RE2 cannot (back-references,
 * look-ahead or look-behind, `\u` escapes) is refused as unsafe_regex, with a message that says so.
 */
export function customRegexProblem(pattern: string): typeof CODES.invalidRegex | typeof CODES.unsafeRegex | null {
  if (pattern.length === 0 || pattern.length > CUSTOM_REGEX_MAX) return CODES.invalidRegex
  try {
    new RegExp(pattern, 'u')
  } catch {
    return CODES.invalidRegex
  }
  return compiled(pattern) ? null : CODES.unsafeRegex
}

/** The last patterns compiled (an institution has one; a bulk import runs it on every row). */
const COMPILED = new Map<string, RE2JS | null>()

function compiled(pattern: string): RE2JS | null {
  let re = COMPILED.get(pattern)
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern)
    } catch {
      re = null
    }
    if (COMPILED.size >= 20) COMPILED.delete(COMPILED.keys().next().value!)
    COMPILED.set(pattern, re)
  }
  return re
}

/** Full match of a stored custom pattern against a length-capped value, in linear time. */
export function matchesCustomRegex(value: string, pattern: string): boolean {
  if (value.length > STUDENT_ID_MAX || customRegexProblem(pattern) !== null) return false
  return compiled(pattern)!.matches(value)
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
