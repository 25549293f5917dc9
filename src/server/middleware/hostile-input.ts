// Input the database cannot take, refused before any area sees it: the NUL character (U+0000) in the
// address, a query parameter or a JSON/form body. PostgreSQL refuses NUL in text, so without this the
// request would reach a query and fail there. Binary uploads (multipart) are left to their routes.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { HttpError } from '../lib/http-error'

/** `\u0000` as a JSON escape, not preceded by an odd number of backslashes (which would make it literal text). */
const JSON_NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/i
const TEXT_BODY = /^(application\/(json|x-www-form-urlencoded)|text\/)/i

export const refuseNul = createMiddleware<AppEnv>(async (c, next) => {
  const lang = c.get('lang')
  const url = c.req.url
  if (/%00/.test(url) || url.includes('\u0000')) throw HttpError.of(400, 'nulCharacter', lang)
  const type = c.req.header('content-type') ?? ''
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && TEXT_BODY.test(type)) {
    // A clone: later readers (idempotency, multipart parsing) still get the untouched stream.
    const body = await c.req.raw.clone().text()
    if (body.includes('\u0000') || JSON_NUL_ESCAPE.test(body) || /%00/.test(body)) throw HttpError.of(400, 'nulCharacter', lang)
  }
  await next()
})
