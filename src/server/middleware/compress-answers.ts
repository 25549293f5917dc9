// JSON answers gzipped for a caller that accepts it (ADR 0110): a class's report or list shrinks five to ten
// times, and the tablets are on slow links. An answer under 1 KiB is left as it is (gzip would not gain a
// packet). Zipped at once while the answer is small, the common case, which costs tens of microseconds
// where a compression stream costs a fifth of the call's time; a large answer is zipped off the main
// thread. Files (spreadsheets, PDFs, audio) are already compressed and are left alone, as is every answer to
// a caller that does not ask (the benches, the batch's inner calls).
import { promisify } from 'node:util'
import { gzip, gzipSync } from 'node:zlib'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { answerText } from './conditional-get'

const SMALLEST = 1024
const ZIPPED_AT_ONCE_BELOW = 64 * 1024
const LEVEL = 5
const gzipAsync = promisify(gzip)

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

export const compressAnswers = createMiddleware<AppEnv>(async (c, next) => {
  const wanted = acceptsGzip(c.req.header('accept-encoding'))
  await next()
  if (!wanted || c.req.method === 'HEAD' || c.res.status < 200 || c.res.status === 204 || c.res.status === 304) return
  if (!c.res.headers.get('content-type')?.startsWith('application/json') || c.res.headers.has('content-encoding')) return
  const body = await answerText(c.res)
  if (body.length < SMALLEST) return
  const zipped = body.length < ZIPPED_AT_ONCE_BELOW ? gzipSync(body, { level: LEVEL }) : await gzipAsync(body, { level: LEVEL })
  const headers = new Headers(c.res.headers)
  headers.set('content-encoding', 'gzip')
  headers.set('content-length', String(zipped.byteLength))
  headers.append('vary', 'Accept-Encoding')
  c.res = new Response(new Uint8Array(zipped), { status: c.res.status, headers })
})
