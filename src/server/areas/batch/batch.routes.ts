// POST /api/batch/: several queued JSON writes in one call (ADR 0104). Each write goes through the whole app
// in-process, as if sent alone with the batch's own credentials (Authorization, Host, language, cookies):
// tenancy, permissions, validation and its own Idempotency-Key (ADR 0030) apply to it unchanged. Writes run
// one by one, in order, and the batch stops at the first answer that is not 2xx; the writes after it were
// not attempted and get no result, so the outbox keeps them queued. The batch itself holds no transaction
// (the idempotency middleware skips it): each write commits on its own, exactly as when sent alone.
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { requireAuth } from '../../middleware/auth'
import { HttpError } from '../../lib/http-error'
import { batchItemEnv, isInsideBatch } from '../../lib/inside-batch'
import { bodyOf, describe } from '../../lib/route-doc'
import { api } from '../../../shared/api'
import { BATCH_MAX_REQUESTS, BatchSchema, type BatchRequest, type BatchResult } from '../../../shared/schemas/batch'
import { BATCH_MESSAGES } from './batch.messages'
import { routes } from '../../../shared/routes'

/** Sends one request through the whole app (the same middleware and routes as a call from outside). */
export type Dispatch = (request: Request, env: unknown) => Response | Promise<Response>

/** Calls that must never run inside a batch: the batch itself, and sign-in, password and session calls. */
const NOT_BATCHED = new Set([api.batch, api.login, api.logout, api.renewSession, api.forgotPassword, api.resetPassword, api.changePassword, '/api/demo-institution/status/']
  .map((p) => normalised(p)))

/** The batch's own headers each write is sent with; an item can only add its Idempotency-Key and If-Match. */
const PASSED_ON = ['authorization', 'host', 'accept-language', 'cookie', 'x-forwarded-for', 'x-forwarded-proto', 'user-agent']

/** Answer headers a client needs to classify a write (retry delay, version, replayed answer). */
const KEPT_HEADERS = ['retry-after', 'etag', 'location', 'idempotent-replayed']

function normalised(pathname: string): string {
  return pathname.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '')
}

/** The path as the router will see it (percent-escapes decoded, as Hono decodes them), or null if it cannot be. */
function routedPath(pathname: string): string | null {
  try {
    return decodeURI(pathname)
  } catch {
    return null
  }
}

/** The address of a write, on the batch's own origin, or null when it may not be batched. */
function target(request: BatchRequest, origin: string): URL | null {
  if (!request.path.startsWith('/api/')) return null
  let url: URL
  try {
    url = new URL(request.path, origin)
  } catch {
    return null
  }
  // Resolved, so `/api/../x` or `/api/%2e%2e/batch/` cannot leave /api/ or reach a call that is not batched;
  // decoded, so `/api/%62atch/` is the batch call it routes to. A path that cannot be decoded is refused.
  const path = routedPath(url.pathname)
  if (url.origin !== origin || path === null || !path.startsWith('/api/') || NOT_BATCHED.has(normalised(path))) return null
  return url
}

export function batchRoutes(dispatch: Dispatch) {
  return new Hono<AppEnv>({ strict: false })
    .use(routes.batch, requireAuth)
    .post(routes.batch, describe({
      tag: 'batch', body: BatchSchema, operationId: 'applyWriteBatch',
      summary: `Apply up to ${BATCH_MAX_REQUESTS} JSON writes (POST/PUT/PATCH/DELETE on /api/, each with its own Idempotency-Key) in order, as if sent alone with this call's credentials; stops at the first answer that is not 2xx. payload.results[i] = { status, body, headers } answers requests[i]; writes without a result were not attempted`,
    }), async (c) => {
      const lang = c.get('lang')
      // However its address was spelled, a batch never runs inside a batch.
      if (isInsideBatch(c)) throw HttpError.say(400, BATCH_MESSAGES.pathNotAllowed, lang)
      const { requests } = await bodyOf(c)
      if (requests.length === 0) throw HttpError.say(400, BATCH_MESSAGES.empty, lang, 'requests', 'required')
      if (requests.length > BATCH_MAX_REQUESTS) throw HttpError.say(400, BATCH_MESSAGES.tooMany, lang, 'requests', 'too_long')
      const origin = new URL(c.req.url).origin
      // Every write is checked before the first one runs: a bad batch applies nothing.
      const urls = requests.map((r, i) => {
        const url = target(r, origin)
        if (!url) throw HttpError.say(400, BATCH_MESSAGES.pathNotAllowed, lang, `requests.${i}.path`)
        return url
      })
      const results: BatchResult[] = []
      for (const [i, request] of requests.entries()) {
        const headers = new Headers({ accept: 'application/json' })
        for (const name of PASSED_ON) {
          const value = c.req.header(name)
          if (value !== undefined) headers.set(name, value)
        }
        for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers.set(name, value)
        const body = request.body === undefined ? undefined : JSON.stringify(request.body)
        if (body !== undefined) headers.set('content-type', 'application/json')
        const res = await dispatch(new Request(urls[i]!, { method: request.method, headers, body }), batchItemEnv(c.env))
        results.push(await resultOf(res))
        if (res.status < 200 || res.status >= 300) break
      }
      return c.json({ payload: { results } })
    })
}

async function resultOf(res: Response): Promise<BatchResult> {
  const text = await res.text()
  let body: unknown = null
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return { status: res.status, body, headers }
}
