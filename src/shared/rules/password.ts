import * as v from 'valibot'
import { CODES } from '../schemas/codes'
import { PASSWORD_MIN } from './password-limits'

/**
 * Password rule (spec §5): at least one lowercase letter, one uppercase letter, one digit and one
 * special character from $ @ ! % * ? &, and no other characters.
 */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[$@!%*?&])[A-Za-z\d$@!%*?&]+$/
export { PASSWORD_MIN, PASSWORD_SPECIALS } from './password-limits'
export const PASSWORD_MAX = 128

/**
 * The 10,000 most common passwords (common-passwords.txt.gz, one a line). Data, not code: the server reads it
 * at start (server/lib/common-passwords.ts); the web fetches it when a password form opens, and until it has
 * come a form leaves this one refusal to the server.
 */
let common: ReadonlySet<string> | null = null

/** Gives the rule its list: the asset's text, one password a line. */
export function setCommonPasswords(text: string): void {
  common = new Set(text.split('\n'))
}

export function hasCommonPasswords(): boolean {
  return common !== null
}

const UNLEET: Record<string, string> = { '$': 's', '@': 'a', '!': 'i', '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' }

/**
 * True when a password is, or is built on, one of the 10,000 most common (case-insensitive, with the
 * usual decorations removed: leading/trailing digits and symbols, and digit/symbol look-alikes), so
 * "Password1!", "P@ssw0rd" and "Dragon2024!" are refused while the composition rule alone allows them.
 */
export function isCommonPassword(password: string): boolean {
  if (!common) return false
  const lower = password.toLowerCase()
  const bases = [lower, lower.replace(/[\d$@!%*?&]+$/, ''), lower.replace(/^[\d$@!%*?&]+/, ''), lower.replace(/^[\d$@!%*?&]+|[\d$@!%*?&]+$/g, '')]
  for (const base of bases) {
    const plain = base.replace(/[$@!013457]/g, (ch) => UNLEET[ch] ?? ch)
    // A whole password may be short; a base left after removing decorations must be a real word (6+).
    if (common.has(base) && (base === lower || base.length >= 6)) return true
    if (plain.length >= 6 && common.has(plain)) return true
  }
  return false
}

export const newPassword = v.pipe(
  v.string(CODES.required),
  v.nonEmpty(CODES.required),
  v.minLength(PASSWORD_MIN, CODES.tooShort),
  v.maxLength(PASSWORD_MAX, CODES.tooLong),
  v.regex(PASSWORD_PATTERN, CODES.passwordRule),
  v.check((pw) => !isCommonPassword(pw), CODES.commonPassword),
)

/** An existing password is only checked for presence and length: older rules may have allowed it. */
export const currentPassword = v.pipe(
  v.string(CODES.required),
  v.nonEmpty(CODES.required),
  v.minLength(PASSWORD_MIN, CODES.tooShort),
  v.maxLength(PASSWORD_MAX, CODES.tooLong),
)

/** Adds the notEquivalent check on confirm_new_password to an object with new/confirm fields. */
export function confirmed<T extends { new_password: string; confirm_new_password: string }>() {
  return v.forward<T, v.CheckIssue<T>, ['confirm_new_password']>(
    v.check((input: T) => input.new_password === input.confirm_new_password, CODES.notEquivalent),
    ['confirm_new_password'] as never,
  )
}

/** Generates a password that satisfies the rule (for seeded accounts). */
export function generatePassword(randomInt: (max: number) => number, length = 16): string {
  const sets = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '$@!%*?&']
  const all = sets.join('')
  const chars = sets.map((s) => s[randomInt(s.length)]!)
  while (chars.length < length) chars.push(all[randomInt(all.length)]!)
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
