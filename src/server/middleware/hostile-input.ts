// Input the database cannot take, refused before any area sees it: the NUL character (U+0000) in the
// address, a query parameter or a JSON/form body. PostgreSQL refuses NUL in text, so without this the
// request would reach a query and fail there. Binary uploads (multipart) are left to their routes, and so
// are the upload calls' large bodies: they are read only after sign-in, where jsonBody checks them.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { HttpError } from '../lib/http-error'
import { hasNul } from '../lib/nul'

const TEXT_BODY = /^(application\/(json|x-www-form-urlencoded)|text\/)/i

/** `isUpload`: the upload calls, whose bodies are checked where their routes read them (bodyLimits). */
export const refuseNul = (isUpload: (method: string, path: string) => boolean) => createMiddleware<AppEnv>(async (c, next) => {
  const lang = c.get('lang')
  const url = c.req.url
  if (/%00/.test(url) || url.includes('\u0000')) throw HttpError.of(400, 'nulCharacter', lang)
  const type = c.req.header('content-type') ?? ''
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && TEXT_BODY.test(type) && !isUpload(c.req.method, c.req.path)) {
    // A clone, within the route's 1 MB limit: later readers (idempotency, the route) still get the untouched stream.
    if (hasNul(await c.req.raw.clone().text())) throw HttpError.of(400, 'nulCharacter', lang)
  }
  await next()
})
