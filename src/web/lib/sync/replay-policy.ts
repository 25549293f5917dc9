// What the outbox decides, apart from where items are kept and how they travel: how an answer is classified,
// why a pending item waits (holds), which items go next and in what order, and how long a retry waits. Pure
// functions of the items and the clock, so each rule is tested without IndexedDB or a server.
//   accepted  2xx                    → removed, its answer kept (references), its queries invalidated
//   rejected  4xx (not 401/408/429, not 409 in_progress) → kept with the server's errors until the user
//                                      fixes or discards it; a 409 is an edit conflict only with code `conflict`
//   retry     network, timeout, 5xx, 408, 429, 409 in_progress → kept, sent again after a back-off
//   blocked   401                    → kept; sending stops until the user signs in again
// Per record, order is kept: a retry stops the replay; a refused write holds back later writes to the same
// record (or referring to it, ADR 0037) until the user decides, others keep flowing.
import { BATCH_MAX_CHARS } from '../../../shared/schemas/batch'
import type { HoldReason, OutboxItem } from '../db/db'
import { referencedIds } from './references'

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

/**
 * A replay reads its next items again (another tab may have changed them) this many at a time, just before
 * sending them, and sends up to this many consecutive JSON writes in one batch call (ADR 0104).
 */
export const RECHECK_BATCH = 20

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000
/** The server keeps idempotency keys 30 days: older writes are flagged to the user, not sent blindly. */
export const MAX_SEND_AGE_MS = 30 * 24 * 60 * 60_000

/** Delay before attempt n+1 after n failed attempts: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)
}

/** The wait before the next attempt: the back-off, or longer when the server asked for it (`Retry-After`, seconds). */
export function retryDelay(attempts: number, retryAfter: string | null): number {
  const seconds = Number(retryAfter)
  return Math.max(backoffDelay(attempts), Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0)
}

/** The ids that items refer to and that are not in the queue: only their stored answers can resolve them. */
export function referencesOutside(items: readonly OutboxItem[]): string[] {
  const queued = new Set(items.map((i) => i.id))
  return [...new Set(items.flatMap((i) => referencedIds(i.path, i.body)))].filter((id) => !queued.has(id))
}

/**
 * Why each pending item waits. In order: a refused or held write blocks later writes to its record
 * (same entity and record id) and writes referring to it; a write older than the key retention waits
 * for the user; a reference to a create that is neither queued nor `answered` can never resolve.
 */
export function computeHolds(items: readonly OutboxItem[], answered: ReadonlySet<string>, now: number): Map<string, HoldReason> {
  const holds = new Map<string, HoldReason>()
  const queued = new Set(items.map((i) => i.id))
  const blockedRecords = new Map<string, string>()
  const blockedItems = new Set<string>()
  for (const item of items) {
    const key = item.recordId === undefined ? null : `${item.entity}:${item.recordId}`
    let reason: HoldReason | undefined
    if (item.status === 'pending') {
      const byRecord = key ? blockedRecords.get(key) : undefined
      const refIds = referencedIds(item.path, item.body)
      const byRef = refIds.find((id) => blockedItems.has(id))
      const missing = refIds.find((id) => !queued.has(id) && !answered.has(id))
      if (byRecord) reason = { kind: 'after-rejected', by: byRecord }
      else if (byRef) reason = { kind: 'reference-rejected', by: byRef }
      else if (missing) reason = { kind: 'reference-discarded', by: missing }
      else if (!item.sendOld && now - item.createdAt > MAX_SEND_AGE_MS) reason = { kind: 'too-old' }
      if (reason) holds.set(item.id, reason)
    }
    if (item.status === 'rejected' || reason) {
      if (key) blockedRecords.set(key, item.id)
      blockedItems.add(item.id)
    }
  }
  return holds
}

/**
 * The next due items in queue order, up to one recheck batch; refused, held and `passed` ones are passed over
 * (writes to other records keep flowing). An item not due yet ends the list there (`later`): the run waits
 * for its back-off rather than sending what was queued after it.
 */
export function nextDue(
  items: readonly OutboxItem[], skip: { passed: ReadonlySet<string>; holds: ReadonlyMap<string, HoldReason> }, now: number,
): { due: OutboxItem[]; later?: OutboxItem } {
  const due: OutboxItem[] = []
  for (const item of items) {
    if (due.length >= RECHECK_BATCH) break
    if (skip.passed.has(item.id) || item.status !== 'pending' || skip.holds.has(item.id)) continue
    if (item.nextAttemptAt > now) return { due, later: item }
    due.push(item)
  }
  return { due }
}

/** A re-read item is still to be sent by this tab: it exists, waits, and belongs to the signed-in writer. */
export function stillToSend(item: OutboxItem | undefined, owner: string | null): item is OutboxItem {
  return !!item && item.status === 'pending' && !!item.owner && item.owner === owner
}

export type ResolvedWrite = { item: OutboxItem; path: string; body: unknown }

/**
 * The leading items of `fresh` that can go in one batch call, with their references resolved by `resolve`
 * (null: a reference is not answered yet): JSON writes only (a file goes alone), not a write that refers to a
 * create earlier in the same batch (it needs the id the server gives that create), and within BATCH_MAX_CHARS.
 * Fewer than two: the first is sent alone.
 */
export async function leadingBatch(
  fresh: readonly OutboxItem[],
  resolve: (item: OutboxItem, ids: string[]) => Promise<{ path: string; body: unknown } | null>,
): Promise<ResolvedWrite[]> {
  const group: ResolvedWrite[] = []
  let chars = 0
  for (const item of fresh) {
    if (item.file) break
    const ids = referencedIds(item.path, item.body)
    if (ids.some((id) => group.some((g) => g.item.id === id))) break
    const request = await resolve(item, ids)
    if (!request) break
    // Within the server's body limit: a batch ends before the write that would take it over.
    chars += request.path.length + (request.body === undefined ? 0 : JSON.stringify(request.body).length)
    if (chars > BATCH_MAX_CHARS && group.length > 0) break
    group.push({ item, ...request })
  }
  return group
}
