// Every create, update and delete goes through the outbox (docs/architecture.md): an item is stored first
// (outbox-store.ts), then sent (outbox-transport.ts); what its answer means, why an item waits and what goes
// next is the replay policy (replay-policy.ts). This class ties them together: it schedules replays, keeps the
// list screens show, and tells other tabs when the queue changed.
// One replayer per device (ADR 0035): replay runs under a device-wide lock, re-reads each item before
// sending it and only ever updates items that still exist. A write belongs to the user who made it
// (ADR 0036): only that user sees it, and it is sent only while they are signed in; nothing without an
// owner is sent. Consecutive JSON writes go to the server together, RECHECK_BATCH at a time, in one batch
// call (ADR 0104): the server applies them in order and stops at the first answer that is not a success;
// each answer is then classified exactly as a single one, and the writes it did not attempt stay queued.
import { toApiError } from '../api/api-client'
import { NetworkError } from '../api/api-error'
import { currentWriter } from '../session/session'
import type { MiscueDb, OutboxItem, OutboxOperation } from '../db/db'
import { OutboxStore } from './outbox-store'
import { OutboxTransport, batchAnswers, payloadOf } from './outbox-transport'
import type { Send } from './outbox-transport'
import { referencedIds, resolveReferences } from './references'
import { deviceReplayLock } from './replay-lock'
import type { ReplayLock } from './replay-lock'
import { classify, computeHolds, leadingBatch, nextDue, referencesOutside, retryDelay, stillToSend } from './replay-policy'
import type { Classification, ResolvedWrite } from './replay-policy'

/** How long saving waits for the server's answer to the write just stored before answering "queued". */
export const ANSWER_WAIT_MS = 3_000

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
  send?: Send
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
  private readonly store: OutboxStore
  private readonly transport: OutboxTransport
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
  /** While the answers of a batch are settled: accepted items leave the list shown once, at the end. */
  private acceptedInBatch: Set<string> | null = null

  constructor(deps: OutboxDeps) {
    this.store = new OutboxStore(deps.db)
    this.transport = new OutboxTransport(deps.send)
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
        : typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`miscue-outbox:${deps.db.name}`)
    if (this.channel) {
      this.channel.onmessage = () => void this.refresh(false)
      // Node (unit tests) would otherwise stay alive for an open channel.
      ;(this.channel as { unref?: () => void }).unref?.()
    }
  }

  /** Loads the stored items and starts replaying; call once at start. */
  async start(): Promise<void> {
    await this.store.dropOldAnswers(this.now())
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
      item = await this.store.add(draft, bytes, chainVersion === true)
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
    const stored = await this.store.get(item.id)
    if (!stored) return { state: 'accepted', item, payload: this.takeAcceptedPayload(item.id) }
    return { state: stored.status === 'rejected' ? 'rejected' : 'queued', item: this.withHold(stored) }
  }

  /**
   * The signed-in user's last edit of a record still waiting to be sent (not refused), if any: an edit form
   * starts from its values, so a second edit made before the first is sent continues from it.
   */
  lastQueuedEdit(entity: string, recordId: number): Promise<OutboxItem | undefined> {
    return this.store.queuedEdit(entity, recordId, this.currentOwner())
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
    if (owner) await this.store.makeDueNow(owner)
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
    await this.store.modify(id, (item) => {
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
    await this.store.update(id, { sendOld: true, nextAttemptAt: 0 })
    await this.refresh()
    await this.replay()
  }

  /** The user's explicit choice to drop a write; nothing is ever removed otherwise unless accepted. */
  async discard(id: string): Promise<void> {
    await this.store.remove(id)
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
  acceptedAnswer(id: string): Promise<unknown> {
    return this.store.answer(id)
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
    await this.store.flushAccepted()
    const owner = this.currentOwner()
    return owner ? this.store.countOwn(owner) : 0
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async drain(): Promise<void> {
    if (!this.isOnline()) return
    const owner = this.currentOwner()
    if (!owner) return
    const mine = await this.store.ownItems(owner)
    const holds = await this.holdsOf(mine)
    /** Items this run has sent or passed over (gone, changed, another owner's); the rest are still to send. */
    const passed = new Set<string>()
    try {
      for (;;) {
        const { due, later } = nextDue(mine, { passed, holds }, this.now())
        if (due.length === 0) {
          if (later) this.scheduleReplay(later.nextAttemptAt - this.now())
          return
        }
        // Another tab may have sent, fixed or discarded them meanwhile, or another user signed in: read
        // them again just before sending (RECHECK_BATCH at once, not one read per write).
        const stored = await this.store.reread(due.map((i) => i.id))
        const fresh: OutboxItem[] = []
        for (const [n, listed] of due.entries()) {
          const item = stored[n]
          if (stillToSend(item, this.currentOwner())) fresh.push(item)
          else passed.add(listed.id)
        }
        if (fresh.length === 0) continue
        const group = this.transport.batchUnsupported ? [] : await leadingBatch(fresh, (item, ids) => this.resolved(item, ids))
        const outcomes = group.length < 2 ? [await this.sendOne(fresh[0]!)] : await this.sendBatch(group)
        for (const { item } of outcomes) passed.add(item.id)
        const last = outcomes.at(-1)
        if (!last) return // a batch answer that could not be read: the first write was set to retry
        if (last.classification === 'retry' || last.classification === 'blocked') return
        if (last.classification === 'rejected') {
          const next = await this.holdsOf(await this.store.ownItems(owner))
          for (const [id, reason] of next) holds.set(id, reason)
        }
      }
    } finally {
      await this.store.flushAccepted()
    }
  }

  /** Why each of the items waits (see computeHolds), with the stored answers its references may need. */
  private async holdsOf(items: readonly OutboxItem[]) {
    return computeHolds(items, await this.store.answered(referencesOutside(items)), this.now())
  }

  /** The item's path and body with each reference replaced by the field of its accepted answer; null if one is not answered yet. */
  private async resolved(item: OutboxItem, ids = referencedIds(item.path, item.body)): Promise<{ path: string; body: unknown } | null> {
    if (ids.length === 0) return { path: item.path, body: item.body }
    const answers = await this.store.answers(ids)
    try {
      // null: answered without a payload (an optional field is then left out); undefined: not answered yet.
      return resolveReferences(item.path, item.body, (id) => (answers.has(id) ? (answers.get(id) ?? null) : undefined))
    } catch {
      return null
    }
  }

  /** Sends `request` with this item shown as sending; null when the network failed (a retry). */
  private async whileSending<T>(item: OutboxItem, request: () => Promise<T>): Promise<T | null> {
    this.sending = item.id
    this.notify()
    try {
      return await request()
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      return null
    } finally {
      this.sending = null
      this.notify()
    }
  }

  private async sendOne(item: OutboxItem): Promise<SendOutcome> {
    const request = await this.resolved(item)
    // A referenced create is not accepted yet (it is earlier in the queue and still waiting).
    if (!request) return { classification: 'retry', item }
    const bytes = item.file ? await this.store.fileBytes(item.id) : undefined
    const response = await this.whileSending(item, () => this.transport.one(item, request, bytes))
    return response ? this.settle(item, response) : this.markRetry(item)
  }

  /**
   * Sends the group in one batch call and classifies each answer as a single one. Returns the outcomes of the
   * writes the server attempted, in order (it stops at the first that is not 2xx; the rest stay queued as
   * they were). A failure of the call itself (network, timeout, 5xx) is a retry of the first write, which
   * holds back the others; an answer that is not a batch answer sends the first write alone.
   */
  private async sendBatch(group: readonly ResolvedWrite[]): Promise<SendOutcome[]> {
    const first = group[0]!.item
    const response = await this.whileSending(first, () => this.transport.batch(group))
    if (!response) return [await this.markRetry(first)]
    if (response.status !== 200) {
      const classification = classify(response.status)
      if (classification === 'retry' || classification === 'blocked') return [await this.settle(first, response)]
      // An older server without the batch call (404), or one that will not take this batch: one at a time.
      if (response.status === 404) this.transport.batchUnsupported = true
      return [await this.sendOne(first)]
    }
    const answers = await batchAnswers(response)
    if (!answers) return [await this.markRetry(first)]
    const outcomes: SendOutcome[] = []
    const accepted = (this.acceptedInBatch = new Set())
    try {
      for (const [n, { item }] of group.entries()) {
        const answer = answers[n]
        if (!answer) break // not attempted: an earlier write was not accepted
        const outcome = await this.settle(item, answer)
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
      const changed = await this.store.update(item.id, { status: 'rejected', attempts: item.attempts + 1, rejection })
      await this.refresh()
      return { classification, item: changed ? { ...item, status: 'rejected', rejection } : item }
    }
    if (classification === 'blocked') {
      this.onBlocked()
      return { classification, item }
    }
    return this.markRetry(item, response.headers.get('Retry-After'))
  }

  private async markAccepted(item: OutboxItem, response: Response): Promise<SendOutcome> {
    const payload = await payloadOf(response)
    this.acceptedPayloads.set(item.id, payload)
    if (this.acceptedPayloads.size > KEPT_ANSWERS) this.acceptedPayloads.delete(this.acceptedPayloads.keys().next().value!)
    await this.store.accepted({ id: item.id, owner: item.owner ?? null, payload, acceptedAt: this.now() })
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

  private async markRetry(item: OutboxItem, retryAfter: string | null = null): Promise<SendOutcome> {
    const attempts = item.attempts + 1
    const delay = retryDelay(attempts, retryAfter)
    const nextAttemptAt = this.now() + delay
    await this.store.update(item.id, { attempts, nextAttemptAt })
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

  private withHold(item: OutboxItem): OutboxItem {
    return this.snapshot.find((i) => i.id === item.id) ?? item
  }

  /** Reloads the signed-in user's items; `broadcast` tells the other tabs (false when they told us). */
  private async refresh(broadcast = true): Promise<void> {
    const owner = this.currentOwner()
    const mine = owner ? await this.store.ownItems(owner) : []
    const holds = await this.holdsOf(mine)
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
