import type * as v from 'valibot'
import { CODES, type Code } from './codes'

const KNOWN_CODES = new Set<string>(Object.values(CODES))

/**
 * The machine code of a valibot issue. A missing key is reported by valibot's object schema with its own
 * English text, not by the field's schema, so it becomes `required`; any other text that is not one of
 * our codes (a valibot default) becomes `invalid_choice`, so answers only ever carry codes.ts values.
 */
export function issueCode(issue: v.BaseIssue<unknown>): Code {
  if (issue.path?.at(-1)?.origin === 'key' && issue.input === undefined) return CODES.required
  return KNOWN_CODES.has(issue.message) ? (issue.message as Code) : CODES.invalidChoice
}
