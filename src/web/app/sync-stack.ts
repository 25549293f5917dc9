// The device database and the outbox: loaded on demand by app/start-app.tsx (DeferredOutbox), never on a first
// visit to the sign-in page (ADR 0100).
import { deviceDb } from '../lib/db/db'
import type { MiscueDb } from '../lib/db/db'
import { purgeOwner } from '../lib/db/device-cache'
import { Outbox } from '../lib/sync/outbox'
import type { OutboxDeps } from '../lib/sync/outbox'

export type SyncStack = { db: MiscueDb; outbox: Outbox; purgeOwner: (owner: string) => Promise<void> }

/** Opens the device database and starts the outbox (prunes old answers, then replays what is due). */
export function createSyncStack(deps: Omit<OutboxDeps, 'db'>): SyncStack {
  const db = deviceDb()
  const outbox = new Outbox({ ...deps, db })
  void outbox.start()
  return { db, outbox, purgeOwner: (owner) => purgeOwner(db, owner) }
}
