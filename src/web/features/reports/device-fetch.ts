// Network first, then the copy kept on this device (lib/db/kept-fetch.ts), under the reports' own keys.
import { fetchKept as keptFetch } from '../../lib/db/kept-fetch'
import type { DeviceResult } from '../../lib/db/kept-fetch'
import { REPORT_KEY_PREFIX } from './report-cache'

export function fetchKept<T>(key: string, load: () => Promise<T>): Promise<DeviceResult<T>> {
  return keptFetch(REPORT_KEY_PREFIX + key, load)
}
