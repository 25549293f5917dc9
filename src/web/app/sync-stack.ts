// The device database and the outbox: loaded on demand by app/start-app.tsx (DeferredOutbox), never on a first
// visit to the sign-in page (ADR 0100).
import { deviceDb } from '../lib/db/db'
import type { MiscueDb } from '../lib/db/db'
import { purgeOwner } from '../lib/db/device-cache'
import { setKeptAnswerStore } from '../lib/api/revalidation'
import { Outbox } from '../lib/sync/outbox'
import type { OutboxDeps } from '../lib/sync/outbox'
import type { KeptAnswer } from '../lib/api/revalidation'

export type SyncStack = { db: MiscueDb; outbox: Outbox; purgeOwner: (owner: string) => Promise<void> }

/** Opens the device database and starts the outbox (prunes old answers, then replays what is due). */
export function createSyncStack(deps: Omit<OutboxDeps, 'db'>): SyncStack {
  const db = deviceDb()
  const outbox = new Outbox({ ...deps, db })
  void outbox.start()
  // GET answers kept with their ETag survive a reload in the device cache (per user; ADR 0102). Written
  // without eviction: the next report written evicts the oldest rows over the budget, these included.
  const owner = (key: string) => key.slice(0, key.indexOf('|', key.indexOf('|') + 1))
  setKeptAnswerStore({
    get: async (key) => (await db.deviceCache.get([owner(key), `etag:${key}`]))?.value as KeptAnswer | undefined,
    put: async (key, kept) => {
      await db.deviceCache.put({ owner: owner(key), key: `etag:${key}`, value: kept, fetchedAt: Date.now(), size: JSON.stringify(kept).length })
    },
  })
  return { db, outbox, purgeOwner: (owner) => purgeOwner(db, owner) }
}
