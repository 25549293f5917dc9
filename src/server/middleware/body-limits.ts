// Every request body is held to its route's limit before anything reads it: the NUL check, tenancy,
// idempotency and the routes all come after this. Uploads get their own, larger limits (each area says
// which calls and how much); their bodies are read only by their routes, after sign-in (refuseNul leaves
// them alone, jsonBody checks them).
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HttpError } from '../lib/http-error'

/** What a JSON, form or text body of any other call may weigh. */
export const SMALL_BODY_BYTES = 1024 * 1024

/** An upload call (a PDF, a sitting's audio, a spreadsheet) and its limit, applied in place of the small one. */
export type UploadLimit = { matches: (method: string, path: string) => boolean; limit: MiddlewareHandler }

const smallBody: MiddlewareHandler = bodyLimit({ maxSize: SMALL_BODY_BYTES, onError: (c) => { throw HttpError.of(413, 'bodyTooLarge', c.get('lang')) } })

export function bodyLimits(uploads: readonly UploadLimit[]) {
  const uploadOf = (method: string, path: string) => uploads.find((u) => u.matches(method, path))
  const limit: MiddlewareHandler = (c, next) => {
    // A GET or HEAD has no body to limit; asking for one would build a full Request (ADR 0107).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return (uploadOf(c.req.method, c.req.path)?.limit ?? smallBody)(c, next)
  }
  /** True for the upload calls, whose (large) bodies only their own routes read, after sign-in. */
  const isUpload = (method: string, path: string) => uploadOf(method, path) !== undefined
  return { limit, isUpload }
}
