// Kept answers (lib/db/kept-fetch.ts) under the reports' own keys: reports kept on this device for offline
// reading (ADR 0051) live in the shared per-user device cache with this prefix, so the cache can list or drop
// the reports alone.
import { keptOnDevice } from '../../lib/db/kept-fetch'

const REPORT_KEY_PREFIX = 'report:'

/** The `persister` of a kept report query (lib/db/kept-fetch.ts). */
export function keptReport(key: string) {
  return keptOnDevice(REPORT_KEY_PREFIX + key)
}
