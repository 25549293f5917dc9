// Sign-in: a username (letters, digits, spaces) or an email address, and a password. No password rules
// here (they are for new passwords), so the sign-in page stays light (ADR 0100).
import * as v from 'valibot'
import { CODES } from './codes'

/** Login accepts a username (letters, digits, spaces) or an email address. */
export const USERNAME_PATTERN = /^[\p{L}\p{N} ]+$/u
export const LoginSchema = v.object({
  username: v.pipe(
    v.string(CODES.required),
    v.trim(),
    v.nonEmpty(CODES.required),
    v.maxLength(254, CODES.tooLong),
    v.check(
      (s) => USERNAME_PATTERN.test(s) || v.is(v.pipe(v.string(), v.email()), s),
      CODES.invalidUsername,
    ),
  ),
  password: v.pipe(v.string(CODES.required), v.nonEmpty(CODES.required), v.maxLength(128, CODES.tooLong)),
})
export type LoginInput = v.InferInput<typeof LoginSchema>
