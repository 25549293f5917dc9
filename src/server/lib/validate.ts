import * as v from 'valibot'
import type { Context } from 'hono'
import { HttpError } from './http-error'
import { FIELD_LABELS, type Lang, text, validationText } from './messages'

/** Runs a shared valibot schema; failures become a 400 with messages per field and their codes. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, lang: Lang): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  const fields: Record<string, string[]> = {}
  const codes: Record<string, string> = {}
  const errors: string[] = []
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? ''
    const message = validationText(issue.message, issue.requirement, lang)
    if (field) {
      ;(fields[field] ??= []).push(message)
      codes[field] ??= issue.message
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
