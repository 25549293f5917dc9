import type { QueryClient } from '@tanstack/react-query'
import type { MiscueDb } from '../lib/db/db'
import type { OutboxApi } from '../lib/sync/deferred-outbox'

export type RouterContext = {
  queryClient: QueryClient
  /** Loads the device database on first use (a first visit to the sign-in page never does: ADR 0100). */
  outbox: OutboxApi
  /** The device database, opened with the outbox on first use (app/sync-stack.ts): sittings, audio, caches. */
  deviceDb: () => Promise<MiscueDb>
}
