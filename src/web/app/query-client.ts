// Server data is cached by TanStack Query and persisted in the device database, one row per user (see
// lib/query/persisted-cache.ts, lib/db/saved-queries.ts), so the shell (profile, schools, years) and lists
// render after a reload while offline. The saved cache outlives app updates: it is dropped only when the shape
// of what it holds changes (buster: SAVED_DATA_VERSION, ADR 0115), so an update installed while online never
// takes offline use away.
import { onlineManager, QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { isApiError, isNetworkError } from '../lib/api/api-error'
import { restoredFromDevice } from '../lib/query/load-cached'
import { revalidating } from '../lib/query/query-etag'
import { savedQueriesOnDevice } from '../lib/db/saved-queries'
import { createOwnerPersister, shouldPersistQuery } from '../lib/query/persisted-cache'
import { SAVED_DATA_VERSION } from '../lib/query/saved-data-version'
import { currentWriter } from '../lib/session/session'

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/**
 * An HTTP 4xx will not change on retry; 5xx may, and so may a network failure, but only while the server is
 * believed reachable (lib/query/online-status.ts): offline, the fetch ends at once and keeps the data it had.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  if (isNetworkError(error)) return onlineManager.isOnline()
  return !(isApiError(error) && error.status < 500)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        // Each answer's ETag kept with it, sent back on its refresh (ADR 0134).
        persister: revalidating,
      },
    },
  })
}

/** The saved caches on this device; what the previous version saved in localStorage moves there. */
export const savedQueries = typeof window === 'undefined' ? undefined : savedQueriesOnDevice(window.localStorage)

/**
 * The restore waits for the device's copy on a page the service worker controls. A page it does not control (a
 * first visit, or a reload that bypassed it) cannot have opened offline: it renders without waiting for the
 * first open of the device database (tens of milliseconds on a fresh profile) and merges the copy behind, if
 * there is one (`mergeSavedCopyBehind` in app.tsx).
 */
export const restoreWaits = (): boolean => typeof navigator === 'undefined' || Boolean(navigator.serviceWorker?.controller)

export const persister = createOwnerPersister({
  storage: savedQueries,
  restoreWaits,
  currentOwner: currentWriter,
  leaving: typeof window === 'undefined' ? undefined : { window, document },
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: String(SAVED_DATA_VERSION),
  // Reports are kept as rows of their own (features/reports/device-fetch.ts, ADR 0051), not in this copy.
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}

/**
 * Refreshes the answers restored from the device (they may predate the previous visit's last writes), not
 * those fetched since the page started: the shell's answers often arrive before the restore ends (ADR 0109).
 * A restored answer already being asked for again is left to that call, not cancelled and asked twice: on a busy
 * tablet the merge behind the restore (restore-behind.ts) can land while it is on its way, often with an early
 * answer from lang-dir.js that a second call could not take.
 */
export function refreshRestored(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => restoredFromDevice(query.state.dataUpdatedAt) }, { cancelRefetch: false })
}

/** Drops every cached answer from the screen, and `owner`'s saved copy (logout, 401, account switch); resolves
 * once the copy is gone from the device. */
export async function clearQueryCache(queryClient: QueryClient, owner?: string | null): Promise<void> {
  queryClient.clear()
  if (owner) await persister.forget(owner)
}
