// The persisted query cache's store on this device (ADR 0134, step 3): each user's saved shell and lists are one
// row of the device cache (key `queries`), beside the kept reports. One store holds what the query cache keeps on
// the device, and the sign-out's purge and the size budget take that row with the rest.
// The persister (lib/query/persisted-cache.ts) works over localStorage's synchronous shape; this holds the copies
// in memory, reads the signed-in user's row before the restore and writes behind:
// - the restore reads the row with IndexedDB itself, not Dexie, so Dexie's code stays off the first screen (ADR
//   0108, 0109); on a first visit, without a device database, it answers at once and creates none;
// - writes go through the device cache (Dexie, imported on first use) once the browser is idle, or at once when
//   this page has written there already; one batch at a time, in order, only the newest copy of each user;
// - a copy the previous version saved in localStorage is read once, moved to the device, then removed there.
import { LEGACY_QUERY_CACHE_KEY, QUERY_CACHE_PREFIX, queryCacheKey } from '../query/persisted-cache'
import type { SavedCacheStorage } from '../query/persisted-cache'
import { whenIdle } from '../scheduling/when-idle'
import { DEVICE_DB_NAME, deviceCacheOf } from './device-cache-of'

/** The device cache's key of a user's saved query cache. */
export const SAVED_QUERIES_KEY = 'queries'

/** `owner`'s saved query cache read with IndexedDB itself; none without a device database, which this never creates. */
export function readSavedQueries(owner: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined)
    const open = indexedDB.open(DEVICE_DB_NAME)
    open.onupgradeneeded = () => open.transaction?.abort() // no device database yet: nothing is saved
    open.onerror = () => resolve(undefined)
    open.onsuccess = () => {
      const db = open.result
      try {
        const read = db.transaction('deviceCache').objectStore('deviceCache').get([owner, SAVED_QUERIES_KEY])
        read.onsuccess = () => resolve((read.result as { value?: string } | undefined)?.value)
        read.onerror = () => resolve(undefined)
      } catch {
        resolve(undefined) // a device database without the device cache
      } finally {
        db.close()
      }
    }
  })
}

export function savedQueriesOnDevice(legacy: Storage | undefined): SavedCacheStorage & { load(owner: string): Promise<void> } {
  const copies = new Map<string, string>()
  const loads = new Map<string, Promise<void>>()
  /** Owners whose copy this page has set or removed: a late read of the device does not replace it. */
  const touched = new Set<string>()
  /** The copy to write for each owner (null: remove it), and the batch that will write it. */
  const due = new Map<string, string | null>()
  let next: Promise<void> | null = null
  let writes: Promise<void> = Promise.resolve()
  let written = false
  const ownerOf = (key: string) => key.slice(QUERY_CACHE_PREFIX.length)

  function save(owner: string, copy: string | null): Promise<void> {
    touched.add(owner)
    due.set(owner, copy)
    next ??= writes.then(() => (written ? undefined : whenIdle())).then(async () => {
      next = null
      const batch = [...due]
      due.clear()
      for (const [who, value] of batch) {
        const cache = await deviceCacheOf(who)
        await (value === null ? cache.remove(SAVED_QUERIES_KEY) : cache.put(SAVED_QUERIES_KEY, value))
        written = true
      }
    })
    const batch = next
    writes = batch.catch(() => { next = null })
    return batch
  }

  if (legacy) {
    legacy.removeItem(LEGACY_QUERY_CACHE_KEY)
    for (const key of Object.keys(legacy).filter((k) => k.startsWith(QUERY_CACHE_PREFIX))) {
      const copy = legacy.getItem(key)!
      copies.set(key, copy)
      save(ownerOf(key), copy).then(() => legacy.removeItem(key), () => undefined) // kept there until moved
    }
  }

  return {
    getItem: (key) => copies.get(key) ?? null,
    setItem(key, value) {
      copies.set(key, value)
      void save(ownerOf(key), value).catch(() => undefined)
    },
    removeItem(key) {
      copies.delete(key)
      legacy?.removeItem(key)
      return save(ownerOf(key), null).catch(() => undefined)
    },
    load(owner) {
      let loading = loads.get(owner)
      if (!loading) {
        loading = touched.has(owner) ? Promise.resolve() : readSavedQueries(owner).then((copy) => {
          if (copy !== undefined && !touched.has(owner)) copies.set(queryCacheKey(owner), copy)
        })
        loads.set(owner, loading)
      }
      return loading
    },
  }
}
