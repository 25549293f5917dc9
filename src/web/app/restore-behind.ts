// A page restored without waiting for the device (query-client.ts, `restoreWaits`) merges its saved copy once
// read. Imported on such a page only, after the restore and when the device holds a copy: off the first visit.
import { hydrate, onlineManager } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { currentWriter } from '../lib/session/session'
import { CACHE_MAX_AGE_MS, persistOptions, refreshRestored, savedQueries } from './query-client'

/** On a page restored without waiting for the device: its saved copy once read, where this page has nothing
 * newer (hydrate keeps the newer of two answers), refreshed when online. The device's writes wait for it. */
export async function restoreBehind(queryClient: QueryClient): Promise<void> {
  const owner = currentWriter()
  if (!owner || !savedQueries) return
  const copy = await savedQueries.load(owner)
  if (!copy) return
  const saved = JSON.parse(copy) as PersistedClient
  if (saved.buster !== persistOptions.buster || Date.now() - saved.timestamp > CACHE_MAX_AGE_MS) return
  hydrate(queryClient, saved.clientState)
  if (onlineManager.isOnline()) await refreshRestored(queryClient)
}
