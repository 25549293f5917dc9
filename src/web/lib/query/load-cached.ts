import { onlineManager } from '@tanstack/react-query'
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'

type LoadOptions<T, K extends QueryKey> = EnsureQueryDataOptions<T, Error, T, K>

/**
 * Cached data first (refreshed in the background when stale), else a fetch. Offline (as the browser or the
 * last call found it, lib/query/online-status.ts) without cached data it resolves to `fallback` instead of
 * waiting for the connection.
 */
export async function loadCached<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: LoadOptions<T, K>,
  fallback?: T,
): Promise<T> {
  const cached = queryClient.getQueryData<T>(options.queryKey)
  if (cached !== undefined) {
    void queryClient.ensureQueryData({ ...options, revalidateIfStale: true }).catch(() => undefined)
    return cached
  }
  if (!onlineManager.isOnline() && fallback !== undefined) return fallback
  return queryClient.fetchQuery(options)
}

/** When this page (the app) started: answers older than this were restored from the device. */
const PAGE_STARTED_AT = Date.now()

/** Whether an answer was restored from the device rather than fetched since this page started. */
export function restoredFromDevice(dataUpdatedAt: number): boolean {
  return dataUpdatedAt < PAGE_STARTED_AT
}

/**
 * Like loadCached for a list the shell works from (the user's schools, the years): an empty copy restored from
 * the device is asked of the server again when online, since it may date from before the first one was added
 * (once per page load: an empty answer fetched since is used as it is). A list that cannot be read resolves to
 * empty.
 */
export async function loadList<T, K extends QueryKey>(queryClient: QueryClient, options: LoadOptions<T[], K>): Promise<T[]> {
  const cached = queryClient.getQueryData<T[]>(options.queryKey)
  const restored = restoredFromDevice(queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0)
  if (cached?.length === 0 && restored && onlineManager.isOnline()) {
    return queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => cached)
  }
  return loadCached(queryClient, options, []).catch(() => [])
}

/** Warms the cache for a screen without ever blocking navigation on it. */
export function preload<T, K extends QueryKey>(queryClient: QueryClient, options: LoadOptions<T, K>): void {
  if (onlineManager.isOnline()) void queryClient.prefetchQuery(options)
}
