// A saved query cache that does not fit on a full device (saved-queries.ts): written again without its largest
// query, then the next, the shell's last (ADR 0115), until it fits.
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { removeLargestQuery } from '../query/persisted-cache'

/** Writes what fits of `copy` after its write failed with `error`; gives up (rethrowing) when the device is not
 * full or nothing is left, the copy saved before staying. */
export async function writeSmaller(copy: string | null, write: (copy: string | null) => Promise<void>, error: unknown): Promise<void> {
  let client = copy === null ? undefined : JSON.parse(copy) as PersistedClient
  for (let errorCount = 1; ; errorCount++) {
    const full = (error as { name?: string } | null)?.name === 'QuotaExceededError'
    client = full && client ? removeLargestQuery({ persistedClient: client, error: error as Error, errorCount }) : undefined
    if (!client) throw error
    try {
      return await write(JSON.stringify(client))
    } catch (next) {
      error = next
    }
  }
}
