import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorBody } from '../../shared/api'
import { pgErrorCode as pgErrorCodeOf, isBadValue, isDatabaseUnreachable, isForeignKeyViolation, isUniqueViolation } from '../lib/db-errors'
import { errorFields } from '../lib/log'
import { HttpError } from '../lib/http-error'
import { closeAfterRefusal } from '../lib/close-after-refusal'
import { GateFull } from '../lib/limits'
import { HASHING_RETRY_SECONDS, LIMIT_MESSAGES } from '../lib/request-limits'
import { type Lang, text } from '../lib/messages'
import type { AppEnv } from '../context'

export function errorResponse(c: Context<AppEnv>, err: HttpError): Response {
  if (err.status === 413) closeAfterRefusal(c)
  if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))))
  if (err.oauthError) {
    return c.json({ error: err.oauthError, error_description: err.errors[0] ?? '' }, err.status)
  }
  const body: ErrorBody = { message: { errors: err.errors } }
  if (err.fields) body.message.fields = err.fields
  if (err.codes) body.message.codes = err.codes
  if (err.current !== undefined) body.message.current = err.current
  return c.json(body, err.status)
}

/** Known failures answer 4xx with the standard body; anything else is logged and answers a plain 500. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  const lang: Lang = c.get('lang') ?? 'en'
  if (err instanceof HttpError) return errorResponse(c, err)
  // Password hashing is at its bound (lib/crypto.ts): the caller tries again in a moment.
  if (err instanceof GateFull) return errorResponse(c, HttpError.tooMany(LIMIT_MESSAGES.hashingBusy, lang, HASHING_RETRY_SECONDS, 'busy'))
  // Races the services' own checks cannot see (two requests at once): the database keeps the data
  // consistent, and the caller gets a 409 to reload and try again rather than a 500.
  if (isUniqueViolation(err)) return errorResponse(c, HttpError.of(409, 'concurrentDuplicate', lang))
  if (isForeignKeyViolation(err)) return errorResponse(c, HttpError.of(409, 'concurrentReference', lang))
  // A value the database cannot take (out of range, NUL in text, malformed number) that slipped past
  // validation: the caller's input, so a 400 with a clear message, never a 500 with SQL in the log.
  if (isBadValue(err)) {
    console.warn(`[input] ${c.req.method} ${c.req.path}: value refused by the database (${pgErrorCodeOf(err)})`)
    return errorResponse(c, HttpError.of(400, 'invalidValue', lang))
  }
  // A malformed %-escape in the address, wherever it is decoded.
  if (err instanceof URIError) return errorResponse(c, HttpError.of(400, 'badAddress', lang))
  if (err instanceof HTTPException && err.status < 500) {
    const key = err.status === 413 ? 'bodyTooLarge' : 'notFound'
    return errorResponse(c, new HttpError(err.status === 413 ? 413 : 400, [text(key, lang)]))
  }
  const log = c.get('deps')?.log
  if (isDatabaseUnreachable(err)) {
    log?.('warn', 'database unreachable', { request_id: c.get('requestId'), method: c.req.method, ...errorFields(err), stack: undefined })
    c.header('Retry-After', '5')
    return c.json({ message: { errors: [text('databaseUnavailable', lang)], codes: { _: 'unavailable' } } } satisfies ErrorBody, 503)
  }
  if (log) log('error', 'unhandled error', { request_id: c.get('requestId'), method: c.req.method, ...errorFields(err) })
  else console.error(`[error] ${c.req.method} ${c.req.path}`, err)
  return c.json({ message: { errors: [text('serverError', lang)] } } satisfies ErrorBody, 500)
}
