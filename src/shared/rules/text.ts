import * as v from 'valibot'
import { CODES } from '../schemas/codes'

/** A trimmed, required string between `min` and `max` characters. */
export function requiredText(min: number, max: number) {
  return v.pipe(
    v.string(CODES.required),
    v.trim(),
    v.nonEmpty(CODES.required),
    v.minLength(min, CODES.tooShort),
    v.maxLength(max, CODES.tooLong),
  )
}

/** Characters the name rule forbids anywhere (spec §5). */
export const NAME_FORBIDDEN = /[)~(@^#$&*_+=![|,.\]\\?:<>'/;`%"}{-]/

/** Name rule: no leading space and none of the forbidden characters. */
export function isValidName(value: string): boolean {
  return !value.startsWith(' ') && !NAME_FORBIDDEN.test(value)
}

/** A person's name: required, min 3, the name rule, not only digits. */
export const personName = v.pipe(
  v.string(CODES.required),
  v.check((s) => !s.startsWith(' '), CODES.invalidName),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.minLength(3, CODES.tooShort),
  v.maxLength(150, CODES.tooLong),
  v.check(isValidName, CODES.invalidName),
  v.check((s) => !/^\d+$/.test(s), CODES.invalidName),
)

export const email = v.pipe(
  v.string(CODES.required),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.maxLength(254, CODES.tooLong),
  v.email(CODES.invalidEmail),
  v.toLowerCase(),
)

/** Phone: digits, spaces, + and -, between `min` and `max` characters. */
export function phone(min: number, max: number) {
  return v.pipe(
    v.string(CODES.required),
    v.trim(),
    v.minLength(min, CODES.tooShort),
    v.maxLength(max, CODES.tooLong),
    v.regex(/^[0-9 +-]+$/, CODES.invalidPhone),
  )
}

export const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9_-]*$/i
export const subdomain = v.pipe(
  v.string(CODES.required),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.minLength(3, CODES.tooShort),
  v.maxLength(63, CODES.tooLong),
  v.regex(SUBDOMAIN_PATTERN, CODES.invalidSubdomain),
  v.toLowerCase(),
)

export const zipcode = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(10, CODES.tooLong),
  v.regex(/^[A-Za-z0-9 -]*$/, CODES.invalidZipcode),
)
