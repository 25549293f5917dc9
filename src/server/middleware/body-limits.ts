// Every request body is held to its route's limit before anything reads it: the NUL check, tenancy,
// idempotency and the routes all come after this. Uploads get their own, larger limits (each upload route
// names its limit in its description, ADR 0132); their bodies are read only by their routes, after sign-in
// (refuseNul leaves them alone, jsonBody checks them).
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HttpError } from '../lib/http-error'
import { routeDocOf, routePattern, type ServedRoute } from '../lib/route-doc'

/** What a JSON, form or text body of any other call may weigh. */
export const SMALL_BODY_BYTES = 1024 * 1024

/** An upload call (a PDF, a sitting's audio, a spreadsheet) and its limit, applied in place of the small one. */
export type UploadLimit = { method: string; path: RegExp; limit: MiddlewareHandler }

/** The upload calls among the routes an app serves under `prefix`: the ones whose description names a body limit. */
export function uploadLimits(prefix: string, routes: readonly ServedRoute[]): UploadLimit[] {
  return routes.flatMap((r) => {
    const limit = routeDocOf(r.handler)?.bodyLimit
    return limit ? [{ method: r.method, path: routePattern(prefix, r.path), limit }] : []
  })
}

const smallBody: MiddlewareHandler = bodyLimit({ maxSize: SMALL_BODY_BYTES, onError: (c) => { throw HttpError.of(413, 'bodyTooLarge', c.get('lang')) } })

/** `uploads` is read per request: the app knows its upload calls once every route is registered. */
export function bodyLimits(uploads: () => readonly UploadLimit[]) {
  const uploadOf = (method: string, path: string) => uploads().find((u) => u.method === method && u.path.test(path))
  const limit: MiddlewareHandler = (c, next) => {
    // A GET or HEAD has no body to limit; asking for one would build a full Request (ADR 0107).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return (uploadOf(c.req.method, c.req.path)?.limit ?? smallBody)(c, next)
  }
  /** True for the upload calls, whose (large) bodies only their own routes read, after sign-in. */
  const isUpload = (method: string, path: string) => uploadOf(method, path) !== undefined
  return { limit, isUpload }
}
