// Answers kept on this device for offline screens (reports, large reference lists): one Dexie row per
// owner (`host|userId`) and key, with the time it was fetched so screens can say how old it is.
// Oldest rows go first when the total passes the size budget; an owner's rows go at sign-out and on a
// 401 (see purgeOwner). Small lists that screens need at once stay in the persisted query cache.
import type { DeviceCacheEntry, MiscueDb } from './db'

/** Total size (characters of JSON, a close proxy for bytes) kept across all owners. */
export const DEVICE_CACHE_BUDGET = 25 * 1024 * 1024

export type CachedAnswer<T> = { value: T; fetchedAt: number }

export type DeviceCache = {
  put<T>(key: string, value: T, fetchedAt?: number): Promise<void>
  /** Several answers in one write, then one eviction. */
  putMany(answers: readonly { key: string; value: unknown; fetchedAt: number }[]): Promise<void>
  get<T>(key: string): Promise<CachedAnswer<T> | undefined>
  /** This owner's keys (with fetch time and size), oldest first; `prefix` narrows to one kind. */
  list(prefix?: string): Promise<{ key: string; fetchedAt: number; size: number }[]>
  remove(key: string): Promise<void>
  /** Drops the oldest rows of every owner until the total is within `budget`; returns how many went. */
  evict(budget?: number): Promise<number>
}

/** The device cache of one owner. Writes evict the oldest rows when the budget is exceeded. */
export function deviceCache(db: MiscueDb, owner: string, options: { now?: () => number; budget?: number } = {}): DeviceCache {
  const now = options.now ?? Date.now
  const budget = options.budget ?? DEVICE_CACHE_BUDGET
  const cache: DeviceCache = {
    put: (key, value, fetchedAt = now()) => cache.putMany([{ key, value, fetchedAt }]),
    async putMany(answers) {
      await db.deviceCache.bulkPut(answers.map(({ key, value, fetchedAt }) => ({ owner, key, value, fetchedAt, size: JSON.stringify(value ?? null).length })))
      await cache.evict(budget)
    },
    async get<T>(key: string) {
      const row = await db.deviceCache.get([owner, key])
      return row ? { value: row.value as T, fetchedAt: row.fetchedAt } : undefined
    },
    async list(prefix = '') {
      const rows = await db.deviceCache.where('owner').equals(owner).toArray()
      return rows
        .filter((r) => r.key.startsWith(prefix))
        .sort((a, b) => a.fetchedAt - b.fetchedAt)
        .map(({ key, fetchedAt, size }) => ({ key, fetchedAt, size }))
    },
    async remove(key) {
      await db.deviceCache.delete([owner, key])
    },
    evict: (limit = budget) => evictOldest(db, limit),
  }
  return cache
}

/** Oldest-first eviction across owners until the stored total fits `budget`. */
export async function evictOldest(db: MiscueDb, budget: number): Promise<number> {
  const rows: Pick<DeviceCacheEntry, 'owner' | 'key' | 'size'>[] = []
  await db.deviceCache.orderBy('fetchedAt').each((r) => rows.push({ owner: r.owner, key: r.key, size: r.size }))
  let total = rows.reduce((sum, r) => sum + r.size, 0)
  const doomed: [string, string][] = []
  for (const row of rows) {
    if (total <= budget) break
    doomed.push([row.owner, row.key])
    total -= row.size
  }
  await db.deviceCache.bulkDelete(doomed)
  return doomed.length
}

/**
 * Drops `owner`'s cached answers (sign-out, 401, another user signing in). Their queued writes and the
 * answers those writes refer to stay: they are sent when the owner signs in again.
 */
export async function purgeOwner(db: MiscueDb, owner: string): Promise<void> {
  await db.deviceCache.where('owner').equals(owner).delete()
}
