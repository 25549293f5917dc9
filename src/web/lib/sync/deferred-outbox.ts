// The outbox as the app holds it from its start (app/start-app.tsx), without loading IndexedDB code (Dexie,
// the outbox itself) until someone needs it: a first visit to the sign-in page never downloads it
// (ADR 0100). It loads at start when a user is signed in, on sign-in, and on the first call that needs
// it; every call made before it has loaded waits for it, so nothing is lost or reordered.
import type { Outbox } from './outbox'

/** What the app calls on its outbox (screens, routes, the update prompt); the real Outbox has all of it. */
export type OutboxApi = Pick<Outbox,
  | 'start' | 'enqueue' | 'replay' | 'replayNow' | 'ownerChanged' | 'retry' | 'sendAnyway' | 'discard'
  | 'takeAcceptedPayload' | 'acceptedAnswer' | 'items' | 'unsyncedCount' | 'countUnsynced' | 'subscribe'
  | 'isReplaying' | 'sendingId' | 'newItemId' | 'close' | 'lastQueuedEdit'>

const EMPTY: readonly never[] = []

export class DeferredOutbox implements OutboxApi {
  private real: Outbox | null = null
  private loading: Promise<Outbox> | null = null
  private readonly listeners = new Set<() => void>()

  constructor(private readonly create: () => Promise<Outbox>) {}

  /** The outbox, loading it on the first call (also how the app warms it up after a sign-in). */
  load(): Promise<Outbox> {
    this.loading ??= this.create().then((outbox) => {
      this.real = outbox
      for (const listener of this.listeners) outbox.subscribe(listener)
      for (const listener of this.listeners) listener()
      return outbox
    })
    return this.loading
  }

  /** The loaded outbox, or null before it has loaded. */
  loaded(): Outbox | null {
    return this.real
  }

  start = async () => (await this.load()).start()
  enqueue: Outbox['enqueue'] = async (input, options) => (await this.load()).enqueue(input, options)
  replay = async () => (await this.load()).replay()
  replayNow = async () => (await this.load()).replayNow()
  ownerChanged = async () => (await this.load()).ownerChanged()
  retry: Outbox['retry'] = async (id, body) => (await this.load()).retry(id, body)
  sendAnyway: Outbox['sendAnyway'] = async (id) => (await this.load()).sendAnyway(id)
  discard: Outbox['discard'] = async (id) => (await this.load()).discard(id)
  acceptedAnswer: Outbox['acceptedAnswer'] = async (id) => (await this.load()).acceptedAnswer(id)
  lastQueuedEdit: Outbox['lastQueuedEdit'] = async (entity, recordId) => (await this.load()).lastQueuedEdit(entity, recordId)
  countUnsynced = async () => (await this.load()).countUnsynced()

  // Synchronous reads answer "nothing yet" until the outbox has loaded; subscribers hear when it has.
  takeAcceptedPayload: Outbox['takeAcceptedPayload'] = (id) => this.real?.takeAcceptedPayload(id)
  items: Outbox['items'] = () => this.real?.items() ?? EMPTY
  unsyncedCount = () => this.real?.unsyncedCount() ?? 0
  isReplaying = () => this.real?.isReplaying() ?? false
  sendingId = () => this.real?.sendingId() ?? null
  newItemId = () => this.real?.newItemId() ?? crypto.randomUUID()
  close = () => this.real?.close()

  subscribe: Outbox['subscribe'] = (listener) => {
    this.listeners.add(listener)
    const unsubscribeReal = this.real?.subscribe(listener)
    return () => {
      this.listeners.delete(listener)
      unsubscribeReal?.()
      // Subscribed before the outbox loaded: load() attached it, so detach it there too.
      if (!unsubscribeReal) this.real?.subscribe(listener)()
    }
  }
}
