// Kept answers (lib/db/kept-fetch.ts) under the reports' own keys: reports kept on this device for offline
// reading (ADR 0051) live in the shared per-user device cache with this prefix, so the cache can list or drop
// the reports alone.
import type { QueryFunctionContext } from '@tanstack/react-query'
import { fetchKept as keptFetch } from '../../lib/db/kept-fetch'
import type { DeviceResult } from '../../lib/db/kept-fetch'

const REPORT_KEY_PREFIX = 'report:'

export function fetchKept<T, R = DeviceResult<T>>(
  query: Pick<QueryFunctionContext, 'client' | 'queryKey'>,
  key: string,
  load: () => Promise<T>,
  shape?: (result: DeviceResult<T>) => R,
): Promise<R> {
  return keptFetch(query, REPORT_KEY_PREFIX + key, load, shape)
}
