// Server data is cached by TanStack Query and persisted to localStorage so the shell and lists render
// after a reload while offline. The cache is dropped when the app version changes (buster).
import { QueryClient } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { isApiError } from '../lib/api/api-error'

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const QUERY_CACHE_KEY = 'miscue-query-cache'
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'

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

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: QUERY_CACHE_KEY,
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: APP_VERSION,
  // Reports are kept per user in IndexedDB (features/reports/report-cache.ts, ADR 0051), not in localStorage.
  dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== 'reports' },
}

/** Drops every cached answer, in memory and on disk (logout, account switch). */
export function clearQueryCache(queryClient: QueryClient): void {
  queryClient.clear()
  localStorage.removeItem(QUERY_CACHE_KEY)
}
