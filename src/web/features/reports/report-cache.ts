// Reports kept on this device for offline reading (ADR 0051), through the shared per-user device cache
// (lib/db/device-cache.ts): one row per (owner, report key) with the time it was fetched, evicted oldest
// first over the device budget and purged for an owner at sign-out. `owner` is `host|userId`, so a report
// fetched by one user is never shown to another on a shared tablet. This is the only module of the
// reports that knows where they are kept.
import { MiscueDb } from '../../lib/db/db'
import { deviceCache } from '../../lib/db/device-cache'
import type { CachedAnswer } from '../../lib/db/device-cache'
import { currentWriter } from '../../lib/session/session'

/** Every report key starts with this, so the device cache can list or drop the reports alone. */
export const REPORT_KEY_PREFIX = 'report:'

let db: MiscueDb | null = null
function cacheOf(owner: string) {
  // A connection of its own to the app's database: query functions run outside the router context.
  db ??= new MiscueDb()
  return deviceCache(db, owner)
}

export async function putReport<T>(key: string, value: T, fetchedAt = Date.now(), owner = currentWriter()): Promise<void> {
  if (!owner) return
  await cacheOf(owner).put(REPORT_KEY_PREFIX + key, value, fetchedAt)
}

export async function getReport<T>(key: string, owner = currentWriter()): Promise<CachedAnswer<T> | undefined> {
  if (!owner) return undefined
  return cacheOf(owner).get<T>(REPORT_KEY_PREFIX + key)
}
