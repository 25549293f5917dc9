// Gives every request an id (the caller's X-Request-Id when it is a plain token, else a new one), returns
// it as a header, and logs one line per request with the route pattern (not the path: no ids or query).
import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import type { AppEnv } from '../context'

const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id')
  const id = incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
  c.set('requestId', id)
  const started = performance.now()
  await next()
  // On the answer's own headers: c.header() after the answer is made rebuilds it around a stream, and
  // @hono/node-server then writes it through its slow path (ADR 0107).
  c.res.headers.set('X-Request-Id', id)
  c.get('deps').log?.('info', 'request', {
    request_id: id,
    method: c.req.method,
    route: routePath(c),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    institution: c.get('institution')?.id,
  })
})
