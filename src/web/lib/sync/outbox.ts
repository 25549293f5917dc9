// Every create, update and delete goes through the outbox (GUIDE rule 4). An item is stored first,
// then sent; the answer is classified:
//   accepted  2xx                    → removed, its answer kept (references), its queries invalidated
//   rejected  4xx (not 401/408/429, not 409 in_progress) → kept with the server's errors until the user
//                                      fixes or discards it; a 409 is an edit conflict only with code `conflict`
//   retry     network, timeout, 5xx, 408, 429, 409 in_progress → kept, sent again after a back-off
//   blocked   401                    → kept; sending stops until the user signs in again
// One replayer per device (ADR 0035): replay runs under a device-wide lock, re-reads each item before
// sending it and only ever updates items that still exist. A write belongs to the user who made it
// (ADR 0036): only that user sees it, and it is sent only while they are signed in; nothing without an
// owner is sent. Per record, order is kept: a retry stops the replay; a refused write holds back later
// writes to the same record (or referring to it, ADR 0037) until the user decides, others keep flowing.
// Consecutive JSON writes go to the server together, RECHECK_BATCH at a time, in one batch call (ADR 0104): the
// server applies them in order and stops at the first answer that is not a success; each answer is then
// classified exactly as a single one, and the writes it did not attempt stay queued for the next call.
import { REQUEST_TIMEOUT_MS, send as defaultSend, toApiError } from '../api/api-client'
import type { ApiRequest } from '../api/api-client'
import { NetworkError } from '../api/api-error'
import { IDEMPOTENCY_HEADER, api } from '../../../shared/api'
import { BATCH_MAX_CHARS } from '../../../shared/schemas/batch'
import type { BatchAnswer, BatchResult } from '../../../shared/schemas/batch'
import { currentWriter } from '../session/session'
import type { AcceptedAnswer, HoldReason, MiscueDb, OutboxItem, OutboxOperation } from '../db/db'
import { referencedIds, resolveReferences, versionRef } from './references'
import { deviceReplayLock } from './replay-lock'
import type { ReplayLock } from './replay-lock'

export type Classification = 'accepted' | 'rejected' | 'retry' | 'blocked'

/** `code` is the server's `message.codes._` (409 `in_progress`: the same write is still being applied). */
export function classify(status: number | 'network', code?: string): Classification {
  if (status === 'network') return 'retry'
  if (status >= 200 && status < 300) return 'accepted'
  if (status === 401) return 'blocked'
  if (status === 408 || status === 429) return 'retry'
  if (status === 409 && code === 'in_progress') return 'retry'
  if (status >= 400 && status < 500) return 'rejected'
  return 'retry'
}

/** A refused edit that was stale: only a 409 with code `conflict` opens the side-by-side view. */
export function isConflict(item: Pick<OutboxItem, 'status' | 'rejection'>): boolean {
  return item.status === 'rejected' && item.rejection?.status === 409 && item.rejection.codes?._ === 'conflict'
}

/** Accepted writes are removed from the stored queue in batches of this many (see markAccepted). */
export const ACCEPTED_FLUSH_EVERY = 50
/**
 * A replay reads its next items again (another tab may have changed them) this many at a time, just before
 * sending them, and sends up to this many consecutive JSON writes in one batch call (ADR 0104).
 */
export const RECHECK_BATCH = 20

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000
/** How long saving waits for the server's answer to the write just stored before answering "queued". */
export const ANSWER_WAIT_MS = 3_000
/** The server keeps idempotency keys 30 days: older writes are flagged to the user, not sent blindly. */
export const MAX_SEND_AGE_MS = 30 * 24 * 60 * 60_000

/** The form of a queued file; rebuilt for each attempt (the server's key check ignores the boundary). */
function formOf(file: NonNullable<OutboxItem['file']>, bytes: ArrayBuffer): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(file.fields ?? {})) form.append(name, value)
  form.append(file.field, new Blob([bytes], { type: file.type }), file.name)
  return form
}

/** Delay before attempt n+1 after n failed attempts: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)
}

export type NewOutboxItem = {
  entity: string
  operation: OutboxOperation
  method: OutboxItem['method']
  /** May hold `pathRef(itemId)` placeholders. */
  path: string
  /** May hold `ref(itemId)` placeholders. */
  body?: unknown
  /** Sent as multipart/form-data in place of `body` (a spreadsheet upload); kept until accepted. */
  file?: NonNullable<OutboxItem['file']> & { bytes: ArrayBuffer }
  invalidates: readonly unknown[]
  scope: OutboxItem['scope']
  recordId?: number
  label: string
  /** The item id to use (for example one made earlier so a later write can `ref` it); a UUID by default. */
  id?: string
  /**
   * An edit carrying the version it started from (`updated_at`): when an earlier edit of the same record is
   * still queued, it carries the version that edit will make instead, so queued edits chain (ADR 0116).
   */
  chainVersion?: boolean
}

/** What other tabs are told when the outbox changed, so their panels and rows refresh. */
type ChangeChannel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null
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
  /** The signed-in writer (`host|userId`), stamped on new items; only their items are shown and sent. */
  currentOwner?: () => string | null
  /** The device-wide replay lock (navigator.locks or a lease by default; tests share a memory lock). */
  lock?: ReplayLock
  /** Cross-tab change notices; a BroadcastChannel named after the database by default, `null` for none. */
  channel?: ChangeChannel | null
}

export type EnqueueResult = {
  /** `not-stored`: the device could not keep the write (full, or its storage failed); nothing will send it. */
  state: 'accepted' | 'queued' | 'rejected' | 'not-stored'
  /** For `not-stored`, the item as it would have been stored. */
  item: OutboxItem
  /** Why a write was not stored. */
  error?: unknown
  /** The server's payload when it accepted the write at once (for example a migration's per-student result). */
  payload?: unknown
}

/** How many accepted answers are kept in memory for screens that wait on a queued write. */
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
  private readonly lock: ReplayLock
  private readonly channel: ChangeChannel | null
  private listeners = new Set<() => void>()
  private snapshot: readonly OutboxItem[] = []
  private running: Promise<void> | null = null
  private rerun = false
  private cancelTimer: (() => void) | null = null
  private acceptedPayloads = new Map<string, unknown>()
  /** The item this tab is sending right now (lists show it as "sending"). */
  private sending: string | null = null
  /** Writes accepted since the last full re-read that told the other tabs. */
  private acceptedSinceRefresh = false
  /** Accepted items still in the stored queue (removed by flushAccepted), and the answers being stored. */
  private acceptedUnflushed: string[] = []
  private bookkeeping: Promise<void> = Promise.resolve()
  /** Accepted answers not stored yet: stored together, one IndexedDB transaction for all that wait. */
  private answersToStore: AcceptedAnswer[] = []
  /** While the answers of a batch are settled: accepted items leave the list shown once, at the end. */
  private acceptedInBatch: Set<string> | null = null
  /** The server answered the batch call 404 (an older version): writes go one at a time. */
  private batchUnsupported = false

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
    this.currentOwner = deps.currentOwner ?? currentWriter
    this.lock = deps.lock ?? deviceReplayLock()
    this.channel =
      deps.channel !== undefined ? deps.channel
        : typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`miscue-outbox:${this.db.name}`)
    if (this.channel) {
      this.channel.onmessage = () => void this.refresh(false)
      // Node (unit tests) would otherwise stay alive for an open channel.
      ;(this.channel as { unref?: () => void }).unref?.()
    }
  }

  /** Loads the stored items and starts replaying; call once at start. */
  async start(): Promise<void> {
    await this.db.answers.where('acceptedAt').below(this.now() - MAX_SEND_AGE_MS).delete()
    await this.refresh(false)
    await this.replay()
  }

  /** Stops listening to other tabs (tests, and a tab that is going away). */
  close(): void {
    this.cancelTimer?.()
    this.channel?.close()
  }

  /** A new item id, for a create that later queued writes will `ref` before it is enqueued. */
  newItemId(): string {
    return this.newId()
  }

  /**
   * Stores the write, then tries to send it at once when online. Resolves with what happened:
   * accepted by the server, rejected (kept with the server's errors), queued for later (also when it is
   * held back behind a refused write to the same record, or the server has not answered within
   * ANSWER_WAIT_MS), or not stored (the device could not keep it; nothing was queued).
   */
  async enqueue(input: NewOutboxItem, options: { wait?: boolean } = {}): Promise<EnqueueResult> {
    const { id, file, chainVersion, ...fields } = input
    const { bytes, ...about } = file ?? {}
    const draft: OutboxItem = {
      ...fields,
      ...(file ? { file: about as NonNullable<OutboxItem['file']> } : {}),
      id: id ?? this.newId(),
      seq: 0,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: this.now(),
      owner: this.currentOwner(),
    }
    let item: OutboxItem
    try {
      item = await this.store(draft, bytes, chainVersion === true)
    } catch (error) {
      // A full device (QuotaExceededError, or the AbortError of its transaction) or any other storage failure:
      // nothing was kept, so the screen must keep what was typed and say so.
      return { state: 'not-stored', item: draft, error }
    }
    await this.refresh()
    // A large write (a sitting with its audio) need not hold the screen: it is stored, and sends on its own.
    if (options.wait === false) {
      void this.replay()
      return { state: 'queued', item }
    }
    // The server's answer is shown in the form when it comes soon; on a connection that hangs the form does not
    // wait for the request's timeout: the write is stored, and its outcome shows in the sync status.
    let stopWaiting = () => {}
    await Promise.race([this.replay(), new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ANSWER_WAIT_MS)
      stopWaiting = () => clearTimeout(timer)
    })])
    stopWaiting()
    const stored = await this.db.outbox.get(item.id)
    if (!stored) return { state: 'accepted', item, payload: this.takeAcceptedPayload(item.id) }
    return { state: stored.status === 'rejected' ? 'rejected' : 'queued', item: this.withHold(stored) }
  }

  /** Stores a new item (and its file's bytes) at the end of the queue. */
  private store(draft: OutboxItem, bytes: ArrayBuffer | undefined, chainVersion: boolean): Promise<OutboxItem> {
    return this.db.transaction('rw', this.db.outbox, this.db.outboxFiles, async () => {
      const last = await this.db.outbox.orderBy('seq').last()
      if (bytes) await this.db.outboxFiles.put({ id: draft.id, bytes })
      // In the same transaction as the add: another tab's edit of the record cannot slip in between.
      const earlier = chainVersion && draft.recordId !== undefined ? await this.queuedEdit(draft.entity, draft.recordId, draft.owner ?? null) : undefined
      const body = earlier && draft.body && typeof draft.body === 'object' ? { ...draft.body, updated_at: versionRef(earlier.id) } : draft.body
      const stored: OutboxItem = { ...draft, body, seq: (last?.seq ?? 0) + 1 }
      await this.db.outbox.add(stored)
      return stored
    })
  }

  /**
   * The signed-in user's last edit of a record still waiting to be sent (not refused), if any: an edit form
   * starts from its values, so a second edit made before the first is sent continues from it.
   */
  lastQueuedEdit(entity: string, recordId: number): Promise<OutboxItem | undefined> {
    return this.queuedEdit(entity, recordId, this.currentOwner())
  }

  private async queuedEdit(entity: string, recordId: number, owner: string | null): Promise<OutboxItem | undefined> {
    if (!owner) return undefined
    const accepted = new Set(this.acceptedUnflushed)
    const edits = await this.db.outbox.where('owner').equals(owner)
      .filter((i) => i.entity === entity && i.recordId === recordId && i.operation === 'update' && i.status === 'pending' && !accepted.has(i.id))
      .sortBy('seq')
    return edits.at(-1)
  }

  /** Sends due pending items under the device lock. Concurrent calls in this tab share one run. */
  replay(): Promise<void> {
    if (this.running) {
      this.rerun = true
      return this.running
    }
    this.running = (async () => {
      try {
        await this.lock(async () => {
          do {
            this.rerun = false
            await this.drain()
          } while (this.rerun)
          // Another tab may have sent what this one listed: show what is left (and tell the other tabs
          // once what this run sent).
          await this.refresh(this.acceptedSinceRefresh)
        })
      } finally {
        this.running = null
        this.notify()
      }
    })()
    this.notify()
    return this.running
  }

  /** True while this tab is sending (the update prompt waits for it before reloading). */
  isReplaying(): boolean {
    return this.running !== null
  }

  /** Connectivity is back: forget the back-off and send everything due, in order. */
  async replayNow(): Promise<void> {
    const owner = this.currentOwner()
    if (owner) {
      await this.db.outbox.where('owner').equals(owner).filter((i) => i.status === 'pending').modify({ nextAttemptAt: 0 })
    }
    await this.refresh()
    await this.replay()
  }

  /** The signed-in user changed (sign-in, sign-out, 401): show and send only the new user's writes. */
  async ownerChanged(): Promise<void> {
    await this.refresh(false)
    await this.replay()
  }

  /**
   * Sends a rejected item again. With a corrected body it gets a fresh Idempotency-Key: the server
   * refuses a key reused with another body, and the refused attempt applied nothing.
   */
  async retry(id: string, body?: unknown): Promise<void> {
    await this.db.outbox.where('id').equals(id).modify((item) => {
      item.status = 'pending'
      item.nextAttemptAt = 0
      delete item.rejection
      if (body !== undefined) {
        // A write with a file sends its other fields in the form: the corrected values go there.
        if (item.file) item.file = { ...item.file, fields: body as Record<string, string> }
        else item.body = body
        item.key = this.newId()
      }
    })
    await this.refresh()
    await this.replay()
  }

  /** The user's choice to send a write older than the server's key retention (flagged "too old"). */
  async sendAnyway(id: string): Promise<void> {
    await this.db.outbox.update(id, { sendOld: true, nextAttemptAt: 0 })
    await this.refresh()
    await this.replay()
  }

  /** The user's explicit choice to drop a write; nothing is ever removed otherwise unless accepted. */
  async discard(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.outboxFiles, async () => {
      await this.db.outbox.delete(id)
      await this.db.outboxFiles.delete(id)
    })
    await this.refresh()
  }

  /** The id of the write this tab is sending at this moment, or null. */
  sendingId(): string | null {
    return this.sending
  }

  /** The payload the server answered when it accepted a queued write (once; kept for recent writes only). */
  takeAcceptedPayload(id: string): unknown {
    const payload = this.acceptedPayloads.get(id)
    this.acceptedPayloads.delete(id)
    return payload
  }

  /** The stored answer of an accepted write (survives reloads): how a pending reference resolves. */
  async acceptedAnswer(id: string): Promise<unknown> {
    return (await this.db.answers.get(id))?.payload
  }

  /** The signed-in user's items in replay order, each pending one with why it waits (`held`). */
  items(): readonly OutboxItem[] {
    return this.snapshot
  }

  /** Writes of the signed-in user not yet accepted (sign-out is refused while there are any). */
  unsyncedCount(): number {
    return this.snapshot.length
  }

  /** Same as unsyncedCount, read from the database (before the first snapshot has loaded). */
  async countUnsynced(): Promise<number> {
    await this.flushAccepted()
    const owner = this.currentOwner()
    return owner ? this.db.outbox.where('owner').equals(owner).count() : 0
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async drain(): Promise<void> {
    if (!this.isOnline()) return
    const owner = this.currentOwner()
    if (!owner) return
    const mine = await this.ownItems(owner)
    const holds = await this.computeHolds(mine)
    /** Items this run has sent or passed over (gone, changed, another owner's); the rest are still to send. */
    const passed = new Set<string>()
    try {
      for (;;) {
        // The next due items in order, up to one batch; refused and held ones are passed over (writes to
        // other records keep flowing). An item not due yet ends the run there, until its back-off is over.
        const due: OutboxItem[] = []
        let later: OutboxItem | undefined
        for (const listed of mine) {
          if (due.length >= RECHECK_BATCH) break
          if (passed.has(listed.id) || listed.status !== 'pending' || holds.has(listed.id)) continue
          if (listed.nextAttemptAt > this.now()) {
            later = listed
            break
          }
          due.push(listed)
        }
        if (due.length === 0) {
          if (later) this.scheduleReplay(later.nextAttemptAt - this.now())
          return
        }
        // Another tab may have sent, fixed or discarded them meanwhile, or another user signed in: read
        // them again just before sending (RECHECK_BATCH at once, not one read per write).
        const stored = await this.db.outbox.bulkGet(due.map((i) => i.id))
        const fresh: OutboxItem[] = []
        for (const [n, listed] of due.entries()) {
          const item = stored[n]
          if (!item || item.status !== 'pending' || item.owner !== this.currentOwner() || !item.owner) passed.add(listed.id)
          else fresh.push(item)
        }
        if (fresh.length === 0) continue
        const group = await this.batchOf(fresh)
        const outcomes = group.length < 2 ? [await this.sendOne(fresh[0]!)] : await this.sendBatch(group)
        for (const { item } of outcomes) passed.add(item.id)
        const last = outcomes.at(-1)
        if (!last) return // a batch answer that could not be read: the first write was set to retry
        if (last.classification === 'retry' || last.classification === 'blocked') return
        if (last.classification === 'rejected') {
          const next = await this.computeHolds(await this.ownItems(owner))
          for (const [id, reason] of next) holds.set(id, reason)
        }
      }
    } finally {
      await this.flushAccepted()
    }
  }

  /**
   * The leading items of `fresh` that can go in one batch call, with their references resolved: JSON writes
   * only (a file goes alone), and not a write that refers to a create earlier in the same batch (it needs
   * the id the server gives that create), and within BATCH_MAX_CHARS. Fewer than two: the first is sent alone.
   */
  private async batchOf(fresh: readonly OutboxItem[]): Promise<{ item: OutboxItem; path: string; body: unknown }[]> {
    const group: { item: OutboxItem; path: string; body: unknown }[] = []
    if (this.batchUnsupported) return group
    let chars = 0
    for (const item of fresh) {
      if (item.file) break
      const ids = referencedIds(item.path, item.body)
      if (ids.some((id) => group.some((g) => g.item.id === id))) break
      const request = await this.resolved(item, ids)
      if (!request) break
      // Within the server's body limit: a batch ends before the write that would take it over.
      chars += request.path.length + (request.body === undefined ? 0 : JSON.stringify(request.body).length)
      if (chars > BATCH_MAX_CHARS && group.length > 0) break
      group.push({ item, ...request })
    }
    return group
  }

  /** The item's path and body with each reference replaced by the field of its accepted answer; null if one is not answered yet. */
  private async resolved(item: OutboxItem, ids = referencedIds(item.path, item.body)): Promise<{ path: string; body: unknown } | null> {
    if (ids.length === 0) return { path: item.path, body: item.body }
    await this.bookkeeping // answers accepted a moment ago are being stored
    const answers = new Map((await this.db.answers.bulkGet(ids)).flatMap((a) => (a ? [[a.id, a.payload] as const] : [])))
    try {
      // null: answered without a payload (an optional field is then left out); undefined: not answered yet.
      return resolveReferences(item.path, item.body, (id) => (answers.has(id) ? (answers.get(id) ?? null) : undefined))
    } catch {
      return null
    }
  }

  private async sendOne(item: OutboxItem): Promise<SendOutcome> {
    const request = await this.resolved(item)
    // A referenced create is not accepted yet (it is earlier in the queue and still waiting).
    if (!request) return { classification: 'retry', item }
    const bytes = item.file ? (await this.db.outboxFiles.get(item.id))?.bytes : undefined
    // A file takes its time on a slow line: allow for 16 kB/s on top of the usual wait before calling it lost.
    const timeoutMs = bytes ? REQUEST_TIMEOUT_MS + Math.ceil(bytes.byteLength / 16_000) * 1000 : undefined
    let response: Response
    this.sending = item.id
    this.notify()
    try {
      response = await this.sendRequest({
        method: item.method,
        path: request.path,
        ...(item.file ? { multipart: formOf(item.file, bytes ?? new ArrayBuffer(0)) } : { json: request.body }),
        idempotencyKey: keyOf(item),
        timeoutMs,
      })
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      return this.markRetry(item)
    } finally {
      this.sending = null
      this.notify()
    }
    return this.settle(item, response)
  }

  /**
   * Sends the group in one batch call and classifies each answer as a single one. Returns the outcomes of the
   * writes the server attempted, in order (it stops at the first that is not 2xx; the rest stay queued as
   * they were). A failure of the call itself (network, timeout, 5xx) is a retry of the first write, which
   * holds back the others as before; an answer that is not a batch answer sends the first write alone.
   */
  private async sendBatch(group: readonly { item: OutboxItem; path: string; body: unknown }[]): Promise<SendOutcome[]> {
    const first = group[0]!.item
    let response: Response
    this.sending = first.id
    this.notify()
    try {
      response = await this.sendRequest({
        method: 'POST',
        path: api.batch,
        json: {
          requests: group.map(({ item, path, body }) => ({
            method: item.method, path, ...(body === undefined ? {} : { body }), headers: { [IDEMPOTENCY_HEADER]: keyOf(item) },
          })),
        },
      })
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      return [await this.markRetry(first)]
    } finally {
      this.sending = null
      this.notify()
    }
    if (response.status !== 200) {
      const classification = classify(response.status)
      if (classification === 'retry' || classification === 'blocked') return [await this.settle(first, response)]
      // An older server without the batch call (404), or one that will not take this batch: one at a time.
      if (response.status === 404) this.batchUnsupported = true
      return [await this.sendOne(first)]
    }
    let results: BatchResult[] | undefined
    try {
      results = ((await response.json()) as { payload?: BatchAnswer }).payload?.results
    } catch {
      results = undefined
    }
    if (!Array.isArray(results) || results.length === 0) return [await this.markRetry(first)]
    const outcomes: SendOutcome[] = []
    const accepted = (this.acceptedInBatch = new Set())
    try {
      for (const [n, { item }] of group.entries()) {
        const result = results[n]
        if (!result) break // not attempted: an earlier write was not accepted
        const outcome = await this.settle(item, answerOf(result))
        outcomes.push(outcome)
        if (outcome.classification !== 'accepted') break
      }
    } finally {
      this.acceptedInBatch = null
      // The items shown drop the accepted ones at once (one change for the whole batch, not one per write).
      if (accepted.size) this.snapshot = this.snapshot.filter((i) => !accepted.has(i.id))
      this.notify()
    }
    return outcomes
  }

  /** Classifies the server's answer to one write and records it on the item. */
  private async settle(item: OutboxItem, response: Response): Promise<SendOutcome> {
    if (response.status >= 200 && response.status < 300) return this.markAccepted(item, response)
    const error = response.status >= 400 ? await toApiError(response) : undefined
    const classification = classify(response.status, error?.codes._)
    if (classification === 'rejected' && error) {
      const rejection = { status: error.status, errors: error.errors, fieldErrors: error.fieldErrors, codes: error.codes, current: error.current }
      const changed = await this.db.outbox.update(item.id, { status: 'rejected', attempts: item.attempts + 1, rejection })
      await this.refresh()
      return { classification, item: changed ? { ...item, status: 'rejected', rejection } : item }
    }
    if (classification === 'blocked') {
      this.onBlocked()
      return { classification, item }
    }
    const retryAfter = Number(response.headers.get('Retry-After'))
    return this.markRetry(item, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined)
  }

  private async markAccepted(item: OutboxItem, response: Response): Promise<SendOutcome> {
    const text = await response.text()
    let payload: unknown
    try {
      payload = text ? (JSON.parse(text) as { payload?: unknown }).payload : undefined
    } catch {
      payload = undefined
    }
    this.acceptedPayloads.set(item.id, payload)
    if (this.acceptedPayloads.size > KEPT_ANSWERS) this.acceptedPayloads.delete(this.acceptedPayloads.keys().next().value!)
    // The answer is stored without waiting for it (one write after another, in order), and accepted items
    // leave the stored queue in batches, always after their answers are stored (flushAccepted): a replay
    // of a thousand writes waited on two IndexedDB commits per write (ADR 0104). If the page closes in
    // between, an accepted item still queued is sent again and the server answers it from its idempotency
    // key, applying nothing twice.
    this.answersToStore.push({ id: item.id, owner: item.owner ?? null, payload, acceptedAt: this.now() })
    this.bookkeeping = this.bookkeeping.then(async () => {
      const answers = this.answersToStore.splice(0)
      if (answers.length) await this.db.answers.bulkPut(answers)
    })
    this.acceptedUnflushed.push(item.id)
    if (this.acceptedUnflushed.length >= ACCEPTED_FLUSH_EVERY) await this.flushAccepted()
    // The items shown drop this one now; re-reading them all (and telling the other tabs) waits for the
    // end of the run: a re-read per accepted write made replaying a thousand writes quadratic (ADR 0104).
    this.acceptedSinceRefresh = true
    if (this.acceptedInBatch) this.acceptedInBatch.add(item.id)
    else {
      this.snapshot = this.snapshot.filter((i) => i.id !== item.id)
      this.notify()
    }
    await this.onAccepted(item, payload)
    return { classification: 'accepted', item }
  }

  private async markRetry(item: OutboxItem, minDelay = 0): Promise<SendOutcome> {
    const attempts = item.attempts + 1
    const delay = Math.max(backoffDelay(attempts), minDelay)
    const nextAttemptAt = this.now() + delay
    await this.db.outbox.update(item.id, { attempts, nextAttemptAt })
    await this.refresh()
    this.scheduleReplay(delay)
    return { classification: 'retry', item: { ...item, attempts, nextAttemptAt } }
  }

  private scheduleReplay(delay: number): void {
    this.cancelTimer?.()
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null
      void this.replay()
    }, delay)
  }

  private async ownItems(owner: string): Promise<OutboxItem[]> {
    const items = await this.db.outbox.where('owner').equals(owner).sortBy('seq')
    if (this.acceptedUnflushed.length === 0) return items
    const accepted = new Set(this.acceptedUnflushed)
    return items.filter((i) => !accepted.has(i.id))
  }

  /** Removes accepted items from the stored queue once their answers are stored (see markAccepted). */
  private async flushAccepted(): Promise<void> {
    const ids = this.acceptedUnflushed.splice(0)
    const stored = this.bookkeeping
    this.bookkeeping = Promise.resolve()
    await stored // an answer that could not be stored keeps its items queued: they are sent again
    if (ids.length) {
      await this.db.transaction('rw', this.db.outbox, this.db.outboxFiles, async () => {
        await this.db.outbox.bulkDelete(ids)
        await this.db.outboxFiles.bulkDelete(ids) // the file of an accepted upload is not needed any more
      })
    }
  }

  /**
   * Why each pending item waits. In order: a refused or held write blocks later writes to its record
   * (same entity and record id) and writes referring to it; a write older than the key retention waits
   * for the user; a reference to a create that is neither queued nor answered can never resolve.
   */
  private async computeHolds(items: readonly OutboxItem[]): Promise<Map<string, HoldReason>> {
    const holds = new Map<string, HoldReason>()
    const queued = new Set(items.map((i) => i.id))
    const refs = new Map(items.map((i) => [i.id, referencedIds(i.path, i.body)]))
    const unresolved = [...new Set([...refs.values()].flat())].filter((id) => !queued.has(id))
    const answered = new Set((await this.db.answers.bulkGet(unresolved)).flatMap((a) => (a ? [a.id] : [])))
    const blockedRecords = new Map<string, string>()
    const blockedItems = new Map<string, string>()
    const record = (i: OutboxItem) => (i.recordId === undefined ? null : `${i.entity}:${i.recordId}`)
    for (const item of items) {
      const key = record(item)
      let reason: HoldReason | undefined
      if (item.status === 'pending') {
        const byRecord = key ? blockedRecords.get(key) : undefined
        const refIds = refs.get(item.id) ?? []
        const byRef = refIds.find((id) => blockedItems.has(id))
        const missing = refIds.find((id) => !queued.has(id) && !answered.has(id))
        if (byRecord) reason = { kind: 'after-rejected', by: byRecord }
        else if (byRef) reason = { kind: 'reference-rejected', by: byRef }
        else if (missing) reason = { kind: 'reference-discarded', by: missing }
        else if (!item.sendOld && this.now() - item.createdAt > MAX_SEND_AGE_MS) reason = { kind: 'too-old' }
        if (reason) holds.set(item.id, reason)
      }
      if (item.status === 'rejected' || reason) {
        if (key) blockedRecords.set(key, item.id)
        blockedItems.set(item.id, item.id)
      }
    }
    return holds
  }

  private withHold(item: OutboxItem): OutboxItem {
    return this.snapshot.find((i) => i.id === item.id) ?? item
  }

  /** Reloads the signed-in user's items; `broadcast` tells the other tabs (false when they told us). */
  private async refresh(broadcast = true): Promise<void> {
    const owner = this.currentOwner()
    const mine = owner ? await this.ownItems(owner) : []
    const holds = await this.computeHolds(mine)
    this.snapshot = mine.map((item) => {
      const held = holds.get(item.id)
      return held ? { ...item, held } : item
    })
    if (broadcast) {
      this.channel?.postMessage('changed')
      this.acceptedSinceRefresh = false
    }
    this.notify()
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }
}

/** The Idempotency-Key a write is sent with, alone or in a batch (a corrected resend has its own key). */
function keyOf(item: OutboxItem): string {
  return item.key ?? item.id
}

/** One write's answer inside a batch answer, as the Response it would have been on its own. */
function answerOf(result: BatchResult): Response {
  const empty = result.status === 204 || result.status === 205 || result.status === 304 || result.body === null || result.body === undefined
  const body = empty ? null : typeof result.body === 'string' ? result.body : JSON.stringify(result.body)
  const status = Number.isInteger(result.status) && result.status >= 200 && result.status <= 599 ? result.status : 502
  return new Response(body, { status, headers: { ...result.headers, 'Content-Type': 'application/json' } })
}
