import * as v from 'valibot'
import type { Context } from 'hono'
import { HttpError } from './http-error'
import { hasNul } from './nul'
import { FIELD_LABELS, type Lang, text, validationText } from './messages'
import { CODES } from '../../shared/schemas/codes'
import { issueCode } from '../../shared/schemas/issue-code'

/** Runs a shared valibot schema; failures become a 400 with messages per field and their codes. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, lang: Lang): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) {
    refuseUnstorable(result.output, lang)
    return result.output
  }
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

/** Reads a JSON body (already within the route's limit); a malformed one or one with NUL is a 400, never a 500. */
export async function jsonBody(c: Context): Promise<unknown> {
  const lang = c.get('lang') as Lang
  const raw = await c.req.text()
  if (raw.trim() === '') return {}
  if (hasNul(raw)) throw new HttpError(400, [text('nulCharacter', lang)])
  try {
    return JSON.parse(raw)
  } catch {
    throw new HttpError(400, [text('invalidJson', lang)])
  }
}

/** The largest id (and whole number) the database stores: PostgreSQL's int4. */
export const MAX_ID = 2_147_483_647

/** A positive whole number in decimal digits that fits an int4 id, or null ("1e3", "1.5", "-1", "2147483648"). */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null
  const n = Number(value)
  return n >= 1 && n <= MAX_ID ? n : null
}

/** Parses a positive integer path parameter; anything else is a 400 before any query runs. */
export function idParam(c: Context, name: string): number {
  const n = parseId(c.req.param(name))
  if (n === null) throw HttpError.of(400, 'invalidId', c.get('lang') as Lang)
  return n
}

/** An optional id filter in the query string (`?year=3`): absent or empty is undefined, anything malformed a 400. */
export function idQuery(c: Context, name: string): number | undefined {
  const value = c.req.query(name)
  if (value === undefined || value === '') return undefined
  const n = parseId(value)
  if (n === null) {
    const message = text('invalidIdFilter', c.get('lang') as Lang)
    throw new HttpError(400, [`${name}: ${message}`], { [name]: [message] }, { [name]: CODES.invalidNumber })
  }
  return n
}

/**
 * Values a schema lets through that the database cannot store: whole numbers beyond int4 (every
 * number column is int4) and text with the NUL character (PostgreSQL refuses it). Refused here, field
 * by field, so no area has to repeat the check and a new schema inherits it.
 */
function refuseUnstorable(output: unknown, lang: Lang): void {
  const fields: Record<string, string[]> = {}
  const codes: Record<string, string> = {}
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > 20) return
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) > MAX_ID) {
      fields[path || '_'] = [validationText(CODES.tooLarge, MAX_ID, lang)]
      codes[path || '_'] = CODES.tooLarge
    } else if (typeof value === 'string' && value.includes('\u0000')) {
      fields[path || '_'] = [text('nulCharacter', lang)]
      codes[path || '_'] = CODES.invalidChoice
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i), depth + 1))
    } else if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
      for (const [k, item] of Object.entries(value)) walk(item, path ? `${path}.${k}` : k, depth + 1)
    }
  }
  walk(output, '', 0)
  const names = Object.keys(fields)
  if (names.length === 0) return
  const errors = names.map((f) => `${FIELD_LABELS[f]?.[lang] ?? f}: ${fields[f]![0]}`)
  throw new HttpError(400, errors, fields, codes)
}
