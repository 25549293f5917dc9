// Calls that manage institutions themselves exist only on the platform host; on an institution's host
// they answer 404 before anything else, so they are not even visible there.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { HttpError } from '../lib/http-error'

export const platformHost = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('institution')) throw HttpError.of(404, 'notFound', c.get('lang'))
  await next()
})

/** The reverse: calls about one institution's own data need its host. */
export const institutionHost = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('institution')) throw HttpError.of(404, 'notFound', c.get('lang'))
  await next()
})
