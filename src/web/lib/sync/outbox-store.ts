// Where the outbox keeps its writes on the device (IndexedDB through Dexie): the queue in order, each
// upload's bytes, and the answers of accepted writes that later queued writes refer to (ADR 0037).
// Accepted writes leave the stored queue in batches after their answers are stored (ADR 0104): a replay of
// a thousand writes otherwise waited on two IndexedDB commits per write. If the page closes in between, an
// accepted item still queued is sent again and the server answers it from its idempotency key.
import type { AcceptedAnswer, MiscueDb, OutboxItem } from '../db/db'
import { MAX_SEND_AGE_MS } from './replay-policy'
import { versionRef } from './references'

/** Accepted writes are removed from the stored queue in batches of this many (see accepted). */
export const ACCEPTED_FLUSH_EVERY = 50

export class OutboxStore {
  /** Accepted items still in the stored queue (removed by flushAccepted): read as gone already. */
  private acceptedUnflushed: string[] = []
  /** Accepted answers not stored yet: stored together, one IndexedDB transaction for all that wait. */
  private answersToStore: AcceptedAnswer[] = []
  private bookkeeping: Promise<void> = Promise.resolve()

  constructor(readonly db: MiscueDb) {}

  /** Forgets answers older than any write that could still refer to them. */
  async dropOldAnswers(now: number): Promise<void> {
    await this.db.answers.where('acceptedAt').below(now - MAX_SEND_AGE_MS).delete()
  }

  /**
   * Stores a new item (and its file's bytes) at the end of the queue. With `chainVersion`, an edit made while
   * an earlier edit of the same record is queued carries the version that edit will make (ADR 0116).
   */
  add(draft: OutboxItem, bytes: ArrayBuffer | undefined, chainVersion: boolean): Promise<OutboxItem> {
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

  /** The owner's last edit of a record still waiting to be sent (not refused, not accepted), if any. */
  async queuedEdit(entity: string, recordId: number, owner: string | null): Promise<OutboxItem | undefined> {
    if (!owner) return undefined
    const accepted = new Set(this.acceptedUnflushed)
    const edits = await this.db.outbox.where('owner').equals(owner)
      .filter((i) => i.entity === entity && i.recordId === recordId && i.operation === 'update' && i.status === 'pending' && !accepted.has(i.id))
      .sortBy('seq')
    return edits.at(-1)
  }

  /** The owner's items not accepted yet, in queue order. */
  async ownItems(owner: string): Promise<OutboxItem[]> {
    const items = await this.db.outbox.where('owner').equals(owner).sortBy('seq')
    if (this.acceptedUnflushed.length === 0) return items
    const accepted = new Set(this.acceptedUnflushed)
    return items.filter((i) => !accepted.has(i.id))
  }

  /** How many of the owner's writes are stored (after flushAccepted: not accepted yet). */
  countOwn(owner: string): Promise<number> {
    return this.db.outbox.where('owner').equals(owner).count()
  }

  get(id: string): Promise<OutboxItem | undefined> {
    return this.db.outbox.get(id)
  }

  /** The items as stored now (undefined where gone), in the order asked. */
  reread(ids: readonly string[]): Promise<(OutboxItem | undefined)[]> {
    return this.db.outbox.bulkGet([...ids])
  }

  async fileBytes(id: string): Promise<ArrayBuffer | undefined> {
    return (await this.db.outboxFiles.get(id))?.bytes
  }

  /** Records what happened to an item; false when it is gone (another tab sent or discarded it). */
  async update(id: string, changes: Partial<OutboxItem>): Promise<boolean> {
    return (await this.db.outbox.update(id, changes)) > 0
  }

  /** Every pending write of the owner is due now (connectivity is back). */
  async makeDueNow(owner: string): Promise<void> {
    await this.db.outbox.where('owner').equals(owner).filter((i) => i.status === 'pending').modify({ nextAttemptAt: 0 })
  }

  /** Changes a stored item in place (inside one IndexedDB write, so another tab's change is not lost). */
  async modify(id: string, change: (item: OutboxItem) => void): Promise<void> {
    await this.db.outbox.where('id').equals(id).modify(change)
  }

  /** Removes an item and its file. */
  async remove(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.outboxFiles, async () => {
      await this.db.outbox.delete(id)
      await this.db.outboxFiles.delete(id)
    })
  }

  /**
   * Notes an accepted write: its answer is stored without waiting (one store after another, in order), and
   * the item leaves the stored queue with the next flush, always after its answer is stored.
   */
  async accepted(answer: AcceptedAnswer): Promise<void> {
    this.answersToStore.push(answer)
    this.bookkeeping = this.bookkeeping.then(async () => {
      const answers = this.answersToStore.splice(0)
      if (answers.length) await this.db.answers.bulkPut(answers)
    })
    this.acceptedUnflushed.push(answer.id)
    if (this.acceptedUnflushed.length >= ACCEPTED_FLUSH_EVERY) await this.flushAccepted()
  }

  /** Removes accepted items from the stored queue once their answers are stored. */
  async flushAccepted(): Promise<void> {
    const ids = this.acceptedUnflushed.splice(0)
    const stored = this.bookkeeping
    // Readers of an answer still wait for these stores; a store that failed is not theirs to see.
    this.bookkeeping = stored.catch(() => {})
    await stored // an answer that could not be stored keeps its items queued: they are sent again
    if (ids.length) {
      await this.db.transaction('rw', this.db.outbox, this.db.outboxFiles, async () => {
        await this.db.outbox.bulkDelete(ids)
        await this.db.outboxFiles.bulkDelete(ids) // the file of an accepted upload is not needed any more
      })
    }
  }

  /** The stored answers among `ids` (null payload: answered without one), including those accepted a moment ago. */
  async answers(ids: readonly string[]): Promise<Map<string, unknown>> {
    await this.bookkeeping
    return new Map((await this.db.answers.bulkGet([...ids])).flatMap((a) => (a ? [[a.id, a.payload] as const] : [])))
  }

  /** Which of `ids` have a stored answer. */
  async answered(ids: readonly string[]): Promise<Set<string>> {
    return new Set((await this.db.answers.bulkGet([...ids])).flatMap((a) => (a ? [a.id] : [])))
  }

  /** The stored answer of `id`, including one accepted a moment ago whose store is still under way. */
  async answer(id: string): Promise<unknown> {
    await this.bookkeeping.catch(() => {})
    return (await this.db.answers.get(id))?.payload
  }
}
