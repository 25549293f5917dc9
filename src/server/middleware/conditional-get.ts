// Conditional requests (ADR 0102): every JSON answer to a GET (lists, reports, single records) carries a
// weak ETag, a hash of its body; a request whose If-None-Match holds it gets 304 with no body. The web
// app keeps each answer's tag in its query (web/lib/query/query-etag.ts) and sends it back, so a tablet on a
// slow link revalidates what it shows without downloading it again. Answers stay `no-store` (ADR 0068): the
// app keeps its own per-user copy, the browser's and the proxies' caches keep nothing.
import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'

/** True when an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export const conditionalGet = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.method !== 'GET' || c.res.status !== 200) return
  if (!c.res.headers.get('content-type')?.startsWith('application/json')) return
  const body = await answerText(c.res)
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
  if (matchesTag(c.req.header('if-none-match'), etag)) {
    const headers = new Headers(c.res.headers)
    headers.set('ETag', etag)
    headers.delete('content-type')
    headers.delete('content-length')
    c.res = new Response(null, { status: 304, headers })
    return
  }
  c.res.headers.set('ETag', etag)
})

/** The body of an answer as text, without consuming it. */
export async function answerText(res: Response): Promise<string> {
  return keptBody(res) ?? (await res.clone().text())
}

/**
 * The body of an answer built from a string, read without turning it into a stream: @hono/node-server's
 * light Response keeps it under a symbol named "cache" as [status, body, headers]. Undefined otherwise
 * (the caller then reads a clone, which costs a stream).
 */
function keptBody(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache')
  const cache = key ? (res as unknown as Record<symbol, unknown[]>)[key] : undefined
  return typeof cache?.[1] === 'string' ? cache[1] : undefined
}
