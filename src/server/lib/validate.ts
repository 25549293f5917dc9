import * as v from 'valibot'
import type { Context } from 'hono'
import { HttpError } from './http-error'
import { FIELD_LABELS, type Lang, text, validationText } from './messages'
import { CODES, type Code } from '../../shared/schemas/codes'

const KNOWN_CODES = new Set<string>(Object.values(CODES))

/**
 * The machine code of an issue. A missing key is reported by valibot's object schema with its own
 * English text, not by the field's schema, so it becomes `required`; any other text that is not one of
 * our codes (a valibot default) becomes `invalid_choice`, so `codes` only ever carries codes.ts values.
 */
function issueCode(issue: v.BaseIssue<unknown>): Code {
  if (issue.path?.at(-1)?.origin === 'key' && issue.input === undefined) return CODES.required
  return KNOWN_CODES.has(issue.message) ? (issue.message as Code) : CODES.invalidChoice
}

/** Runs a shared valibot schema; failures become a 400 with messages per field and their codes. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, lang: Lang): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  const fields: Record<string, string[]> = {}
  const codes: Record<string, string> = {}
  const errors: string[] = []
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? ''
    const code = issueCode(issue)
    const message = validationText(code, issue.requirement, lang)
    if (field) {
      ;(fields[field] ??= []).push(message)
      codes[field] ??= code
      const label = FIELD_LABELS[field]?.[lang] ?? field
      errors.push(`${label}: ${message}`)
    } else {
      errors.push(message)
    }
  }
  throw new HttpError(400, errors, fields, codes)
}

/** Reads a JSON body; a malformed one is a 400, never a 500. */
export async function jsonBody(c: Context): Promise<unknown> {
  const lang = c.get('lang') as Lang
  const raw = await c.req.text()
  if (raw.trim() === '') return {}
  try {
    return JSON.parse(raw)
  } catch {
    throw new HttpError(400, [text('invalidJson', lang)])
  }
}

/** Parses a positive integer path parameter. */
export function idParam(c: Context, name: string): number {
  const value = c.req.param(name) ?? ''
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw HttpError.of(400, 'invalidId', c.get('lang') as Lang)
  }
  return n
}
