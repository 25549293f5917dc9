// Kept answers (lib/db/kept-fetch.ts) under the reports' own keys.
import type { QueryFunctionContext } from '@tanstack/react-query'
import { fetchKept as keptFetch } from '../../lib/db/kept-fetch'
import type { DeviceResult } from '../../lib/db/kept-fetch'
import { REPORT_KEY_PREFIX } from './report-cache'

export function fetchKept<T, R = DeviceResult<T>>(
  query: Pick<QueryFunctionContext, 'client' | 'queryKey'>,
  key: string,
  load: () => Promise<T>,
  shape?: (result: DeviceResult<T>) => R,
): Promise<R> {
  return keptFetch(query, REPORT_KEY_PREFIX + key, load, shape)
}
