// A fake API for outbox tests (unit and property-based): it applies each Idempotency-Key once, answers a
// replayed key with the stored answer, and answers 409 `in_progress` while the same key is being applied,
// like the real server (src/server/middleware/idempotency.ts). Records live at /api/thing/ (create) and
// /api/thing/<id>/ (update); every applied write is logged with its logical write number `w`. A batch call
// (/api/batch/) applies its writes one by one like the real server and stops at the first answer that is
// not 2xx; a connection lost in the middle (`offline`, `timeout-after-apply`) loses the whole batch's answer.
import type { ApiRequest } from '../../api/api-client'
import { NetworkError } from '../../api/api-error'

export type Answer = 'ok' | 'reject' | 'conflict' | 'in-progress' | 'server-error' | 'timeout-after-apply' | 'offline'

export type Applied = { key: string; record: number; w: number; op: 'create' | 'update' }

type Stored = { state: 'in_progress' } | { state: 'done'; status: number; body: unknown }

export class FakeWriteServer {
  readonly applied: Applied[] = []
  private readonly keys = new Map<string, Stored>()
  private nextId = 1
  private queue: Answer[] = []
  /** Sent requests, in the order they arrived. */
  readonly log: { key: string; path: string; w: number }[] = []

  /** The answers the next requests get (then `ok`); a replayed, already applied key still gets its stored answer. */
  answerNext(...answers: Answer[]): void {
    this.queue.push(...answers)
  }

  /** Forgets the answers still lined up: every request from now on is answered normally. */
  answerNormallyFromNow(): void {
    this.queue = []
  }

  /** Batch calls received. */
  batches = 0

  /** Calls refused 401 because the sign-in had expired (nothing applied). */
  refusedSignIn = 0
  private signedIn = true

  /** The sign-in expires: every call is refused 401, applying nothing, until `signInAgain`. */
  expireSignIn(): void {
    this.signedIn = false
  }

  signInAgain(): void {
    this.signedIn = true
  }

  readonly send = async (request: ApiRequest): Promise<Response> => {
    if (!this.signedIn) {
      this.refusedSignIn++
      return json(401, { error: 'invalid_token', error_description: 'Sign in again.' })
    }
    if (request.path === '/api/batch/') return this.batch(request)
    const key = request.idempotencyKey ?? ''
    const body = request.json as { w: number } | undefined
    this.log.push({ key, path: request.path, w: body?.w ?? -1 })
    await tick()
    const answer = this.queue.shift() ?? 'ok'
    if (answer === 'offline') throw new NetworkError(new TypeError('Failed to fetch'))
    const stored = this.keys.get(key)
    if (stored?.state === 'done') return json(stored.status, stored.body)
    if (stored?.state === 'in_progress' || answer === 'in-progress') {
      return json(409, { message: { errors: ['Still being applied'], codes: { _: 'in_progress' } } }, { 'Retry-After': '1' })
    }
    if (answer === 'server-error') return json(503, { message: 'Unavailable' })
    if (answer === 'reject') return this.finish(key, 400, { message: { errors: ['Refused'], fields: {}, codes: { name: 'invalid' } } })
    if (answer === 'conflict') return this.finish(key, 409, { message: { errors: ['Changed by someone else'], codes: { _: 'conflict' }, current: {} } })
    this.keys.set(key, { state: 'in_progress' })
    // Applying takes a while, so a second tab sending the same key meanwhile meets the in-flight answer.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const match = /^\/api\/thing\/(\d+)\/$/.exec(request.path)
    const record = match ? Number(match[1]) : this.nextId++
    this.applied.push({ key, record, w: body?.w ?? -1, op: match ? 'update' : 'create' })
    const response = this.finish(key, match ? 200 : 201, { payload: { id: record } })
    if (answer === 'timeout-after-apply') throw new NetworkError(new DOMException('The operation timed out.', 'TimeoutError'))
    return response
  }

  private async batch(request: ApiRequest): Promise<Response> {
    this.batches++
    const { requests } = request.json as { requests: { method: ApiRequest['method']; path: string; headers?: Record<string, string>; body?: unknown }[] }
    const results: { status: number; body: unknown; headers: Record<string, string> }[] = []
    for (const r of requests) {
      const res = await this.send({ method: r.method, path: r.path, json: r.body, idempotencyKey: r.headers?.['Idempotency-Key'] })
      const retryAfter = res.headers.get('Retry-After')
      results.push({ status: res.status, body: await res.json(), headers: retryAfter ? { 'retry-after': retryAfter } : {} })
      if (res.status < 200 || res.status >= 300) break
    }
    return json(200, { payload: { results } })
  }

  private finish(key: string, status: number, body: unknown): Response {
    this.keys.set(key, { state: 'done', status, body })
    return json(status, body)
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
