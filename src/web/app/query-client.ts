// Server data is cached by TanStack Query and persisted to localStorage, one key per user (see
// lib/query/persisted-cache.ts), so the shell and lists render after a reload while offline. The cache
// is dropped when a new build ships (buster: the build id).
import { QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { isApiError } from '../lib/api/api-error'
import { restoredFromDevice } from '../lib/query/load-cached'
import { createOwnerPersister, shouldPersistQuery } from '../lib/query/persisted-cache'
import { currentWriter } from '../lib/session/session'

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'
export const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        // An HTTP 4xx will not change on retry; network errors and 5xx may.
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  })
}

export const persister = createOwnerPersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  currentOwner: currentWriter,
  leaving: typeof window === 'undefined' ? undefined : { window, document },
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: BUILD_ID,
  // Reports are kept per user in IndexedDB (features/reports/report-cache.ts, ADR 0051), not in localStorage.
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}

/**
 * Refreshes the answers restored from the device (they may predate the previous visit's last writes), not
 * those fetched since the page started: the shell's answers often arrive before the restore ends (ADR 0109).
 */
export function refreshRestored(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => restoredFromDevice(query.state.dataUpdatedAt) })
}

/** Drops every cached answer from the screen, and `owner`'s saved copy (logout, 401, account switch). */
export function clearQueryCache(queryClient: QueryClient, owner?: string | null): void {
  queryClient.clear()
  if (owner) persister.forget(owner)
}
