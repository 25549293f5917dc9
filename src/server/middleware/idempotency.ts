// Idempotency-Key on POST/PUT/PATCH/DELETE: the first 2xx answer is stored per institution and key and
// returned again for a repeat; the same key with another request is refused (422). Only successes are
// stored: a refused request changed nothing, so running it again is harmless.
import { and, eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { IDEMPOTENCY_HEADER } from '../../shared/api'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { authTokens, idempotencyKeys } from '../db/schema/tables'
import { sha256 } from '../lib/crypto'
import { HttpError } from '../lib/http-error'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim()
  if (!key || !WRITES.has(c.req.method)) return next()
  const lang = c.get('lang')
  if (key.length > 200) throw new HttpError(400, [`${IDEMPOTENCY_HEADER}: max 200`])
  const { db } = c.get('deps')
  const scope = c.get('institution')?.id ?? 0
  const body = await c.req.raw.clone().text()
  // Bound to the user, not the token: a write queued offline may be replayed after the user signed in again.
  const requestHash = sha256(`${c.req.method} ${c.req.path}\n${await callerOf(db, c.req.header('authorization'))}\n${body}`)

  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length === 0) {
    const [prior] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    if (prior && prior.request_hash !== requestHash) throw HttpError.of(422, 'idempotencyMismatch', lang)
    if (!prior || prior.status === null) throw HttpError.of(409, 'idempotencyInProgress', lang)
    return new Response(prior.response_body, {
      status: prior.status,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
    })
  }

  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))
  try {
    await next()
  } catch (err) {
    await db.delete(idempotencyKeys).where(where)
    throw err
  }
  if (c.res.status >= 200 && c.res.status < 300) {
    const responseBody = await c.res.clone().text()
    await db.update(idempotencyKeys).set({ status: c.res.status, response_body: responseBody }).where(where)
  } else {
    await db.delete(idempotencyKeys).where(where)
  }
})

/** The user a bearer token belongs to (valid or not: auth is checked later), or 'anonymous'. */
async function callerOf(db: Db, authorization: string | undefined): Promise<string> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!token) return 'anonymous'
  const [row] = await db.select({ user: authTokens.user_id }).from(authTokens).where(eq(authTokens.token_hash, sha256(token)))
  return row ? `user:${row.user}` : `token:${sha256(token)}`
}
