// The persisted query cache's store on this device (ADR 0134, step 3): each user's saved shell and lists are one
// row of the device cache (key `queries`), beside the kept reports. One store holds what the query cache keeps on
// the device, and the sign-out's purge and the size budget take that row with the rest.
// The persister (lib/query/persisted-cache.ts) works over localStorage's synchronous shape; this holds the copies
// in memory, reads the signed-in user's row before the restore and writes behind:
// - the restore reads the row with IndexedDB itself, not Dexie, so Dexie's code stays off the first screen (ADR
//   0108, 0109); on a first visit, without a device database, it answers at once and creates none;
// - a write is issued at once on that connection, kept open. Without one (a first visit) the first write goes
//   through the device cache (Dexie, imported on first use, which creates the database) once the browser is idle;
// - as the page is left (a full page load, the tab closed or hidden) the copy not yet on the device is also put in
//   localStorage, synchronously: Chromium rolls back every transaction a page has not committed when the page goes
//   away (its connection closes), and a transaction commits only once the store is free and the browser gets to
//   it. The next start reads that copy first and moves it to the device, as it does a copy the previous version
//   saved in localStorage; it is removed there once on the device;
// - on a full device the copy is written without its largest query, then the next, until it fits (the shell's
//   go last, ADR 0115): the write is refused behind, so the persister's own retry never sees it.
import { LEGACY_QUERY_CACHE_KEY, QUERY_CACHE_PREFIX, queryCacheKey } from '../query/persisted-cache'
import type { SavedCacheStorage } from '../query/persisted-cache'
import { whenIdle } from '../scheduling/when-idle'
import { DEVICE_DB_NAME, deviceCacheOf } from './device-cache-of'
import { writeSmaller } from './smaller-copy'

/** The device cache's key of a user's saved query cache. */
const SAVED_QUERIES_KEY = 'queries'

/** The device database opened with IndexedDB itself; none when there is none yet (this never creates it). */
function openDevice(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined)
    const open = indexedDB.open(DEVICE_DB_NAME)
    open.onupgradeneeded = () => open.transaction?.abort() // no device database yet: nothing is saved
    open.onerror = () => resolve(undefined)
    open.onsuccess = () => {
      open.result.onversionchange = () => open.result.close() // a newer version of the app upgrades it
      resolve(open.result)
    }
  })
}

function readRow(db: IDBDatabase, owner: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      const read = db.transaction('deviceCache').objectStore('deviceCache').get([owner, SAVED_QUERIES_KEY])
      read.onsuccess = () => resolve((read.result as { value?: string } | undefined)?.value)
      read.onerror = () => resolve(undefined)
    } catch {
      resolve(undefined) // a device database without the device cache
    }
  })
}

/** Writes `copy` (`first`: its write issued already); on a full device what fits of it. Not a chunk loaded then:
 * offline, on a page the service worker does not control, it would fail to load and the page reload (chunk-reload.ts). */
function writeFitting(copy: string | null, write: (copy: string | null) => Promise<void>, first = write(copy)): Promise<void> {
  return first.catch((error: unknown) => writeSmaller(copy, write, error))
}

/** Writes (or with null removes) `owner`'s copy in one transaction issued now; throws on a closed connection. */
function writeRow(db: IDBDatabase, owner: string, copy: string | null): Promise<void> {
  const transaction = db.transaction('deviceCache', 'readwrite')
  const rows = transaction.objectStore('deviceCache')
  if (copy === null) rows.delete([owner, SAVED_QUERIES_KEY])
  else rows.put({ owner, key: SAVED_QUERIES_KEY, value: copy, fetchedAt: Date.now(), size: JSON.stringify(copy).length })
  transaction.commit()
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onabort = () => reject(transaction.error ?? new Error('aborted'))
  })
}

export function savedQueriesOnDevice(synchronous: Storage | undefined): Omit<SavedCacheStorage, 'load'> & { load(owner: string): Promise<string | undefined> } {
  const copies = new Map<string, string>()
  /** Each owner's read of the device (their saved copy), and the owners whose read has ended. */
  const loads = new Map<string, Promise<string | undefined>>()
  const read = new Set<string>()
  /** Owners whose copy this page has set or removed: a late read of the device does not replace it. */
  const touched = new Set<string>()
  /** The copies waiting for the device database to be created (null: remove), and the batch that will write them. */
  const due = new Map<string, string | null>()
  let next: Promise<void> | null = null
  let writes: Promise<void> = Promise.resolve()
  let connection: IDBDatabase | undefined
  let connecting: Promise<IDBDatabase | undefined> | null = null
  const connect = () => (connecting ??= openDevice().then((db) => {
    connection = db
    if (!db) connecting = null // none yet: asked again once the first write has created it
    return db
  }))
  const ownerOf = (key: string) => key.slice(QUERY_CACHE_PREFIX.length)

  function writeNow(owner: string, copy: string | null): Promise<void> | undefined {
    if (!connection) return undefined
    const db = connection
    try {
      // Issued now: the write made as the page is left.
      return writeFitting(copy, (next) => writeRow(db, owner, next), writeRow(db, owner, copy))
    } catch {
      connection = undefined // closed: a newer version of the app took the database over
      connecting = null
      return undefined
    }
  }

  function save(owner: string, copy: string | null): Promise<void> {
    touched.add(owner)
    // Not over a copy not read yet (a page restored without waiting for it reads it behind: query-client.ts).
    const now = loads.has(owner) && !read.has(owner) ? undefined : writeNow(owner, copy)
    if (now) {
      due.delete(owner)
      return now
    }
    due.set(owner, copy)
    next ??= writes.then(() => Promise.all(loads.values())).then(() => (connection ? undefined : whenIdle())).then(async () => {
      next = null
      const batch = [...due]
      due.clear()
      for (const [who, value] of batch) {
        if (value !== null && copies.get(queryCacheKey(who)) !== value) continue // a newer copy is written already
        const written = writeNow(who, value)
        if (written) {
          await written
          continue
        }
        const cache = await deviceCacheOf(who)
        await writeFitting(value, (next) => (next === null ? cache.remove(SAVED_QUERIES_KEY) : cache.put(SAVED_QUERIES_KEY, next)))
      }
      await connect()
    })
    const batch = next
    writes = batch.catch(() => { next = null })
    return batch
  }

  /** Copies not yet on the device (the newest of each key, with its order), and those put in localStorage. */
  let order = 0
  const unsettled = new Map<string, { copy: string; at: number }>()
  const inLocalStorage = new Map<string, number>()

  /** Writes `copy` to the device; once there, an older or equal copy in localStorage is removed. */
  function moveToDevice(key: string, copy: string): void {
    const at = ++order
    copies.set(key, copy)
    unsettled.set(key, { copy, at })
    save(ownerOf(key), copy).then(() => {
      if (unsettled.get(key)?.at === at) unsettled.delete(key)
      if ((inLocalStorage.get(key) ?? Infinity) > at) return
      inLocalStorage.delete(key)
      synchronous?.removeItem(key)
    }, () => undefined) // kept there until moved
  }

  // The copies written as a page was left (or by the previous version), newer than the device's: read first.
  if (synchronous) {
    synchronous.removeItem(LEGACY_QUERY_CACHE_KEY)
    for (const key of Object.keys(synchronous).filter((k) => k.startsWith(QUERY_CACHE_PREFIX))) {
      inLocalStorage.set(key, order)
      moveToDevice(key, synchronous.getItem(key)!)
    }
  }

  return {
    getItem: (key) => copies.get(key) ?? null,
    setItem: moveToDevice,
    leaving() {
      for (const [key, { copy, at }] of unsettled) {
        try {
          synchronous?.setItem(key, copy)
          inLocalStorage.set(key, at)
        } catch {
          // localStorage full: the device's write alone, which lands if the page stays long enough.
        }
      }
    },
    removeItem(key) {
      copies.delete(key)
      unsettled.delete(key)
      inLocalStorage.delete(key)
      synchronous?.removeItem(key)
      return save(ownerOf(key), null).catch(() => undefined)
    },
    load(owner) {
      let loading = loads.get(owner)
      if (!loading) {
        loading = connect().then(async (db) => {
          const copy = db && !touched.has(owner) ? await readRow(db, owner) : undefined
          if (copy !== undefined && !touched.has(owner)) copies.set(queryCacheKey(owner), copy)
          read.add(owner)
          return copy
        })
        loads.set(owner, loading)
      }
      return loading
    },
  }
}
