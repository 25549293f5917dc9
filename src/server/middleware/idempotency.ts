// Idempotency-Key on POST/PUT/PATCH/DELETE by a signed-in user (docs/adr/0005, 0030). The key, the request's
// hash and the first 2xx answer are committed in ONE transaction with the write itself: the middleware opens
// the transaction and hands it to the handler as `deps.db` (services' own transactions become savepoints).
// A failure anywhere rolls back the rows and the key together, so a retry applies the write exactly once;
// a committed key is never deleted before its retention ends. Refused answers (4xx) are not stored, and
// answers that carry a token (sign-in) never are.
import { and, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_RETRY_AFTER_SECONDS, api } from '../../shared/api'
import type { AppEnv, Deps } from '../context'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema/tables'
import { sha256 } from '../lib/crypto'
import { errorFields } from '../lib/log'
import { pgErrorCode } from '../lib/db-errors'
import { HttpError } from '../lib/http-error'
import { text } from '../lib/messages'
import { tokenOwner } from './auth'
import { errorResponse } from './errors'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/**
 * Calls the spec makes POSTs although they only read (a job's status): nothing to replay, and they must see
 * the job's progress as it is now, not the first answer stored under their key.
 */
const READS_BY_POST = new Set(['/api/demo-institution/status', '/api/demo-institution/status/'])
/**
 * The batch call holds no key of its own: each write in it carries its own and runs through this middleware
 * in its own transaction (ADR 0104); a transaction around the batch would make them wait for it (PGlite).
 */
const NO_KEY = new Set([api.batch, api.batch.slice(0, -1)])

/** How long a request waits for another one holding the same key (PostgreSQL) before answering "in progress". */
const CLAIM_WAIT = '5s'

/** Thrown inside the transaction to undo the handler's rows and the claim together. */
class RollBack extends Error {}
/** The claim waited too long for another transaction holding the same key. */
class InProgress extends Error {}

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim()
  if (!key || !WRITES.has(c.req.method) || READS_BY_POST.has(c.req.path) || NO_KEY.has(c.req.path)) return next()
  const lang = c.get('lang')
  if (key.length > 200) throw new HttpError(400, [`${IDEMPOTENCY_HEADER}: max 200`])
  const deps = c.get('deps')
  const institution = c.get('institution')
  // Authenticate before the body is read: a signed-out call (sign-in, password reset) or a bad token is
  // passed on untouched and stores nothing; the route answers it (401 where sign-in is required).
  const owner = await tokenOwner(deps.db, c.req.header('authorization'), deps.env.sessionIdleSeconds, Date.now(), deps.access)
  if (!owner || owner.tokenInstitution !== (institution?.id ?? null)) return next()
  // Within the body limit (applied to every route before this middleware).
  const body = await requestBody(c)
  // Bound to the user, not the token: a write queued offline may be replayed after the user signed in again.
  const requestHash = sha256(`${c.req.method} ${c.req.path}\nuser:${owner.id}\n${body}`)
  const scope = institution?.id ?? 0
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))

  let replay: Response | undefined
  let afterCommit: ReturnType<Deps['jobs']['withTransaction']> | undefined
  let committed = false
  try {
    await deps.db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db
      const prior = await claim(tx, scope, key, requestHash)
      if (prior) {
        if (prior.request_hash !== requestHash) throw HttpError.of(422, 'idempotencyMismatch', lang)
        // A committed claim without an answer cannot come from this design (claim and answer commit
        // together); one left by an older version is taken over.
        if (prior.status !== null) {
          replay = new Response(prior.response_body, {
            status: prior.status,
            headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
          })
          return
        }
      }
      // Mail and jobs the handler queues are handed to the queue once the write has committed (never if it
      // rolls back); on PGlite (one connection) they must not wait for the transaction they are part of.
      afterCommit = deps.jobs?.withTransaction(tx)
      c.set('deps', { ...deps, db: tx, jobs: afterCommit ?? deps.jobs, mailer: (afterCommit && deps.mailer.withJobs?.(afterCommit)) ?? deps.mailer })
      try {
        await next()
      } finally {
        c.set('deps', deps)
      }
      if (c.error || c.res.status < 200 || c.res.status >= 300) throw new RollBack()
      const answer = await c.res.clone().text()
      if (bearsToken(answer)) {
        await tx.delete(idempotencyKeys).where(thisKey) // still inside the transaction: nothing was committed
        return
      }
      await tx.update(idempotencyKeys).set({ status: c.res.status, response_body: answer }).where(thisKey)
    })
    committed = true
  } catch (err) {
    if (err instanceof InProgress) return inProgress(c)
    if (!(err instanceof RollBack)) throw err
  }
  // The write stands once committed: a job that cannot be queued afterwards (a race its own checks could not
  // see) is logged rather than turned into an error for a write that was applied.
  if (committed) await afterCommit?.flush().catch((e: unknown) => deps.log?.('error', 'queueing a job after its write failed', errorFields(e)))
  if (replay) return replay
})

/**
 * Inserts the key for this request, or returns the row already there. On PostgreSQL a request holding the
 * same key in an open transaction makes this wait (up to CLAIM_WAIT) and then see its committed answer;
 * on PGlite transactions run one at a time, so the other request has always finished.
 */
async function claim(tx: Db, scope: number, key: string, requestHash: string) {
  await tx.execute(sql.raw(`set local lock_timeout = '${CLAIM_WAIT}'`))
  let inserted
  try {
    inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, request_hash: requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
  } catch (err) {
    if (pgErrorCode(err) === '55P03') throw new InProgress()
    throw err
  }
  await tx.execute(sql.raw('set local lock_timeout to default'))
  if (inserted.length > 0) return null
  const [prior] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .for('update')
  return prior ?? null
}

/** 409 with code `in_progress` and Retry-After: the client should send the same request again later. */
function inProgress(c: Context<AppEnv>): Response {
  const res = errorResponse(c, new HttpError(409, [text('idempotencyInProgress', c.get('lang'))], undefined, { _: IDEMPOTENCY_IN_PROGRESS }))
  res.headers.set('Retry-After', String(IDEMPOTENCY_RETRY_AFTER_SECONDS))
  return res
}

/**
 * The body as the request hash sees it. A multipart body (a spreadsheet upload) is read byte for byte and
 * without its boundary: the browser draws a new boundary each time it builds the same form, so an upload the
 * outbox sends again must still match its first attempt.
 */
async function requestBody(c: Context<AppEnv>): Promise<string> {
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(c.req.header('content-type') ?? '')
  if (!boundary) return c.req.raw.clone().text()
  const bytes = Buffer.from(await c.req.raw.clone().arrayBuffer()).toString('latin1')
  return `multipart\n${bytes.split(boundary[1] ?? boundary[2]!).join('')}`
}

/** Answers holding a bearer token (sign-in) are never written to the database. */
function bearsToken(answer: string): boolean {
  return /"access_token"\s*:/.test(answer)
}
