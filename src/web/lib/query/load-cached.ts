import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'

type LoadOptions<T, K extends QueryKey> = EnsureQueryDataOptions<T, Error, T, K>

/**
 * Cached data first (refreshed in the background when stale), else a fetch. Offline without cached
 * data it resolves to `fallback` instead of waiting for the connection.
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
  if (!navigator.onLine && fallback !== undefined) return fallback
  return queryClient.fetchQuery(options)
}

/**
 * Like loadCached for a list the shell works from (the user's schools, the years): an empty copy is asked of
 * the server again when online, since it may date from before the first one was added. A list that cannot be
 * read at all resolves to empty.
 */
export async function loadList<T, K extends QueryKey>(queryClient: QueryClient, options: LoadOptions<T[], K>): Promise<T[]> {
  const cached = queryClient.getQueryData<T[]>(options.queryKey)
  if (cached?.length === 0 && navigator.onLine) return queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => cached)
  return loadCached(queryClient, options, []).catch(() => [])
}

/** Warms the cache for a screen without ever blocking navigation on it. */
export function preload<T, K extends QueryKey>(queryClient: QueryClient, options: LoadOptions<T, K>): void {
  if (navigator.onLine) void queryClient.prefetchQuery(options)
}
