// Every create, update and delete goes through the outbox (GUIDE rule 4). An item is stored first,
// then sent; the answer is classified:
//   accepted  2xx                  → removed, its queries invalidated
//   rejected  4xx (not 401/408/429) → kept with the server's errors until the user fixes or discards it
//   retry     network, 5xx, 408, 429 → kept, sent again after an exponential back-off
//   blocked   401                  → kept; sending stops until the user signs in again
// A write belongs to the user who made it: while someone else is signed in it waits, so it is never
// sent under another account.
// Items are sent strictly in creation order: a retry holds back everything after it.
import { send as defaultSend, toApiError } from '../api/api-client'
import type { ApiRequest } from '../api/api-client'
import { NetworkError } from '../api/api-error'
import type { MiscueDb, OutboxItem, OutboxOperation } from '../db/db'

export type Classification = 'accepted' | 'rejected' | 'retry' | 'blocked'

export function classify(status: number | 'network'): Classification {
  if (status === 'network') return 'retry'
  if (status >= 200 && status < 300) return 'accepted'
  if (status === 401) return 'blocked'
  if (status === 408 || status === 429) return 'retry'
  if (status >= 400 && status < 500) return 'rejected'
  return 'retry'
}

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000

/** Delay before attempt n+1 after n failed attempts: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)
}

export type NewOutboxItem = {
  entity: string
  operation: OutboxOperation
  method: OutboxItem['method']
  path: string
  body?: unknown
  invalidates: readonly unknown[]
  scope: OutboxItem['scope']
  recordId?: number
  label: string
}

export type OutboxDeps = {
  db: MiscueDb
  send?: (request: ApiRequest) => Promise<Response>
  onAccepted?: (item: OutboxItem, payload: unknown) => void | Promise<void>
  onBlocked?: () => void
  isOnline?: () => boolean
  now?: () => number
  /** Schedules the next replay after a back-off; returns a cancel function. */
  schedule?: (run: () => void, delayMs: number) => () => void
  newId?: () => string
  /** The signed-in writer (`host|userId`), stamped on new items; only their items are sent. */
  currentOwner?: () => string | null
}

export type EnqueueResult = {
  state: 'accepted' | 'queued' | 'rejected'
  item: OutboxItem
  /** The server's payload when it accepted the write at once (for example a migration's per-student result). */
  payload?: unknown
}

/** How many accepted answers are kept for screens that wait on a queued write. */
const KEPT_ANSWERS = 50

export type SendOutcome = { classification: Classification; item: OutboxItem }

export class Outbox {
  private readonly db: MiscueDb
  private readonly sendRequest: (request: ApiRequest) => Promise<Response>
  private readonly onAccepted: NonNullable<OutboxDeps['onAccepted']>
  private readonly onBlocked: () => void
  private readonly isOnline: () => boolean
  private readonly now: () => number
  private readonly schedule: NonNullable<OutboxDeps['schedule']>
  private readonly newId: () => string
  private readonly currentOwner: () => string | null
  private listeners = new Set<() => void>()
  private snapshot: readonly OutboxItem[] = []
  private running: Promise<void> | null = null
  private rerun = false
  private cancelTimer: (() => void) | null = null
  private acceptedPayloads = new Map<string, unknown>()

  constructor(deps: OutboxDeps) {
    this.db = deps.db
    this.sendRequest = deps.send ?? defaultSend
    this.onAccepted = deps.onAccepted ?? (() => {})
    this.onBlocked = deps.onBlocked ?? (() => {})
    this.isOnline = deps.isOnline ?? (() => navigator.onLine)
    this.now = deps.now ?? Date.now
    this.schedule =
      deps.schedule ??
      ((run, delay) => {
        const timer = setTimeout(run, delay)
        return () => clearTimeout(timer)
      })
    this.newId = deps.newId ?? (() => crypto.randomUUID())
    this.currentOwner = deps.currentOwner ?? (() => null)
  }

  /** Loads the stored items and starts replaying; call once at start. */
  async start(): Promise<void> {
    await this.refresh()
    await this.replay()
  }

  /**
   * Stores the write, then tries to send it at once when online. Resolves with what happened:
   * accepted by the server, rejected (kept with the server's errors) or queued for later.
   */
  async enqueue(input: NewOutboxItem): Promise<EnqueueResult> {
    const last = await this.db.outbox.orderBy('seq').last()
    const item: OutboxItem = {
      ...input,
      id: this.newId(),
      seq: (last?.seq ?? 0) + 1,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: this.now(),
      owner: this.currentOwner(),
    }
    await this.db.outbox.add(item)
    await this.refresh()
    await this.replay()
    const stored = await this.db.outbox.get(item.id)
    if (!stored) return { state: 'accepted', item, payload: this.takeAcceptedPayload(item.id) }
    return { state: stored.status === 'rejected' ? 'rejected' : 'queued', item: stored }
  }

  /** Sends due pending items in order. Concurrent calls share one run. */
  replay(): Promise<void> {
    if (this.running) {
      this.rerun = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false
          await this.drain()
        } while (this.rerun)
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  /** Connectivity is back: forget the back-off and send everything due, in order. */
  async replayNow(): Promise<void> {
    await this.db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 })
    await this.refresh()
    await this.replay()
  }

  /** Sends a rejected item again, with the corrected body when the user fixed it. */
  async retry(id: string, body?: unknown): Promise<void> {
    const changes: Partial<OutboxItem> = { status: 'pending', nextAttemptAt: 0, rejection: undefined }
    if (body !== undefined) changes.body = body
    await this.db.outbox.update(id, changes)
    await this.refresh()
    await this.replay()
  }

  /** The user's explicit choice to drop a write; nothing is ever removed otherwise unless accepted. */
  async discard(id: string): Promise<void> {
    await this.db.outbox.delete(id)
    await this.refresh()
  }

  /** The payload the server answered when it accepted a queued write (once; kept for recent writes only). */
  takeAcceptedPayload(id: string): unknown {
    const payload = this.acceptedPayloads.get(id)
    this.acceptedPayloads.delete(id)
    return payload
  }

  items(): readonly OutboxItem[] {
    return this.snapshot
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async drain(): Promise<void> {
    if (!this.isOnline()) return
    const owner = this.currentOwner()
    const pending = (await this.db.outbox.where('status').equals('pending').sortBy('seq'))
      .filter((item) => !item.owner || item.owner === owner)
    for (const item of pending) {
      if (item.nextAttemptAt > this.now()) {
        this.scheduleReplay(item.nextAttemptAt - this.now())
        return
      }
      const { classification } = await this.sendOne(item)
      if (classification === 'retry' || classification === 'blocked') return
    }
  }

  private async sendOne(item: OutboxItem): Promise<SendOutcome> {
    let response: Response
    try {
      response = await this.sendRequest({
        method: item.method,
        path: item.path,
        json: item.body,
        idempotencyKey: item.id,
      })
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      return this.markRetry(item)
    }
    const classification = classify(response.status)
    if (classification === 'accepted') {
      const text = await response.text()
      let payload: unknown
      try {
        payload = text ? (JSON.parse(text) as { payload?: unknown }).payload : undefined
      } catch {
        payload = undefined
      }
      this.acceptedPayloads.set(item.id, payload)
      if (this.acceptedPayloads.size > KEPT_ANSWERS) this.acceptedPayloads.delete(this.acceptedPayloads.keys().next().value!)
      await this.db.outbox.delete(item.id)
      await this.refresh()
      await this.onAccepted(item, payload)
      return { classification, item }
    }
    if (classification === 'rejected') {
      const error = await toApiError(response)
      const rejected: OutboxItem = {
        ...item,
        status: 'rejected',
        attempts: item.attempts + 1,
        rejection: { status: error.status, errors: error.errors, fieldErrors: error.fieldErrors, codes: error.codes, current: error.current },
      }
      await this.db.outbox.put(rejected)
      await this.refresh()
      return { classification, item: rejected }
    }
    if (classification === 'blocked') {
      this.onBlocked()
      return { classification, item }
    }
    return this.markRetry(item)
  }

  private async markRetry(item: OutboxItem): Promise<SendOutcome> {
    const attempts = item.attempts + 1
    const delay = backoffDelay(attempts)
    const updated: OutboxItem = { ...item, attempts, nextAttemptAt: this.now() + delay }
    await this.db.outbox.put(updated)
    await this.refresh()
    this.scheduleReplay(delay)
    return { classification: 'retry', item: updated }
  }

  private scheduleReplay(delay: number): void {
    this.cancelTimer?.()
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null
      void this.replay()
    }, delay)
  }

  private async refresh(): Promise<void> {
    this.snapshot = await this.db.outbox.orderBy('seq').toArray()
    for (const listener of this.listeners) listener()
  }
}
