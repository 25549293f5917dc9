// The persisted query cache, one per user on a shared device (ADR 0036). Screens' lists and the profile
// are kept under `miscue-query-cache:<host|userId>` by query-sync-storage-persister, throttled to one write a
// second, in a storage of localStorage's shape: on the device database in the app (lib/db/saved-queries.ts,
// ADR 0134), which reads the user's copy before the restore. Rules:
// - only the signed-in user's key is ever written: a throttled write still due for the previous user
//   after a switch is dropped, so nothing of A's lands in B's key (or anywhere after A signed out);
// - report bodies are never persisted (they live in Dexie's device cache, see lib/db/device-cache.ts);
// - every other query with data is persisted whatever its status: a refresh that failed (offline, a school
//   Wi-Fi without internet) never removes what was saved, and the copy is saved as the data it holds (ADR 0115);
// - when storage is full the largest queries are dropped one by one until the write fits, instead of
//   the cache silently no longer being saved; the shell's (profile, schools, years) go last (a storage that
//   refuses behind, as the device database does, drops them itself: lib/db/smaller-copy.ts);
// - a write still due when the page is left (a full page load, the tab closed or hidden) is made at once,
//   so the next page load does not restore a copy older than what this one showed; a storage whose writes the
//   page's going away can cut off keeps them where it cannot (`leaving`, lib/db/saved-queries.ts).
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { PersistedClient, Persister, PersistRetryer } from '@tanstack/react-query-persist-client'
import type { Query } from '@tanstack/react-query'

export const QUERY_CACHE_PREFIX = 'miscue-query-cache:'
/** The one key every user shared before the cache was per user; removed from localStorage at start. */
export const LEGACY_QUERY_CACHE_KEY = 'miscue-query-cache'
/** Query keys starting with one of these are not persisted (report bodies and the capture kit: Dexie device cache). */
export const NOT_PERSISTED_PREFIXES: readonly string[] = ['reports', 'report', 'capture']

export function queryCacheKey(owner: string): string {
  return `${QUERY_CACHE_PREFIX}${owner}`
}

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.data !== undefined && !NOT_PERSISTED_PREFIXES.includes(String(query.queryKey[0]))
}

/** The copy to save: a query whose last refresh failed is saved as the data it holds, not as the failure. */
export function asSaved(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => query.state.status === 'error'
    ? { ...query, state: { ...query.state, status: 'success' as const, error: null } }
    : query)
  return { ...client, clientState: { ...client.clientState, queries } }
}

/** Query keys the shell starts from (the profile: features/auth; schools and years: features/shell). */
export const SHELL_PREFIXES: readonly string[] = ['auth', 'shell']

/**
 * Drops the largest query (by its stored size) and lets the persister try again; gives up when none are left.
 * The shell's queries go last: without them the app cannot open offline at all.
 */
export const removeLargestQuery: PersistRetryer = ({ persistedClient }) => {
  const queries = [...persistedClient.clientState.queries]
  if (queries.length === 0) return undefined
  const weight = (q: (typeof queries)[number]) =>
    (SHELL_PREFIXES.includes(String(q.queryKey[0])) ? 0 : Number.MAX_SAFE_INTEGER / 2) + JSON.stringify(q).length
  let largest = 0
  queries.forEach((q, i) => {
    if (weight(q) > weight(queries[largest]!)) largest = i
  })
  queries.splice(largest, 1)
  return { ...persistedClient, clientState: { ...persistedClient.clientState, queries } }
}

/** Where the saved caches are kept: localStorage's shape, and for a storage that reads behind, `owner`'s copy
 * read before it is restored. A removal may be asynchronous: `forget` resolves once it is done. */
export type SavedCacheStorage = Pick<Storage, 'getItem' | 'setItem'> & {
  removeItem(key: string): void | Promise<void>
  load?(owner: string): Promise<unknown>
  /** The page is being left: a storage whose writes a page going away can cut off keeps them where it cannot. */
  leaving?(): void
}

export type OwnerPersister = Persister & {
  /** Removes `owner`'s saved cache (sign-out, 401, another user signing in). */
  forget(owner: string): Promise<void>
}

export function createOwnerPersister(options: {
  storage: SavedCacheStorage | undefined
  currentOwner: () => string | null
  throttleTime?: number
  /** Whether the restore waits for the storage's read of the device (`load`); without it, it restores what is
   * read already. */
  restoreWaits?: () => boolean
  /** Where the page says it is being left (`pagehide`, `visibilitychange`): the due write is made then. */
  leaving?: { window: EventTarget; document: EventTarget & { visibilityState: string } }
}): OwnerPersister {
  const { storage, currentOwner } = options
  const persisters = new Map<string, Persister>()
  /** The newest copy not yet written by the throttled write. */
  let due: { owner: string; client: PersistedClient } | null = null
  const flush = () => {
    const pending = due
    due = null
    if (pending && storage && currentOwner() === pending.owner) {
      try {
        storage.setItem(queryCacheKey(pending.owner), JSON.stringify(pending.client))
      } catch {
        // Storage full: the throttled write, with its retries, still saves what fits.
      }
    }
    storage?.leaving?.()
  }
  options.leaving?.window.addEventListener('pagehide', flush)
  options.leaving?.document.addEventListener('visibilitychange', () => {
    if (options.leaving?.document.visibilityState === 'hidden') flush()
  })
  // Writes only ever land in the signed-in user's key, whenever the throttled write fires.
  const guarded: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = storage && {
    getItem: (key) => storage.getItem(key),
    removeItem: (key) => void storage.removeItem(key),
    setItem: (key, value) => {
      const owner = currentOwner()
      if (owner && key === queryCacheKey(owner)) {
        storage.setItem(key, value)
        if (due?.owner === owner) due = null // written: nothing left to do when the page is left
      }
    },
  }
  const forOwner = (owner: string): Persister => {
    let persister = persisters.get(owner)
    if (!persister) {
      persister = createSyncStoragePersister({
        storage: guarded, key: queryCacheKey(owner), throttleTime: options.throttleTime ?? 1000, retry: removeLargestQuery,
      })
      persisters.set(owner, persister)
    }
    return persister
  }
  return {
    persistClient(client: PersistedClient) {
      const owner = currentOwner()
      if (!owner) return
      const saved = asSaved(client)
      due = { owner, client: saved }
      return forOwner(owner).persistClient(saved)
    },
    restoreClient() {
      const owner = currentOwner()
      if (!owner) return undefined
      const loading = storage?.load?.(owner)
      return loading && options.restoreWaits?.() !== false ? loading.then(() => forOwner(owner).restoreClient()) : forOwner(owner).restoreClient()
    },
    removeClient() {
      const owner = currentOwner()
      if (owner) return forOwner(owner).removeClient()
    },
    async forget(owner: string) {
      if (due?.owner === owner) due = null
      await storage?.removeItem(queryCacheKey(owner))
    },
  }
}
