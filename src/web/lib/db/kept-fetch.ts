// Network first, then the copy kept on this device (ADR 0051): an answer of the server is stored in the signed-in
// user's device cache with the time it was fetched; without a connection the stored copy is answered with that
// time, so the screen can say how old it is. A refusal of the server (4xx) is passed on, never hidden behind an
// older copy. Query functions run outside the router context, so this opens its own connection to the database.
// The device database (Dexie) is imported on first use, not with the screen: a report's first paint waits
// for the server's answer only, and Dexie is fetched once the browser is idle after it (ADR 0108, 0109).
import { isNetworkError } from '../api/api-error'
import { whenIdle } from '../scheduling/when-idle'
import { currentWriter } from '../session/session'
import type { MiscueDb } from './db'
import type { CachedAnswer } from './device-cache'

export type DeviceResult<T> = { data: T; fetchedAt: number; fromDevice: boolean }

let db: Promise<MiscueDb> | null = null
async function cacheOf(owner: string) {
  db ??= import('./db').then(({ MiscueDb }) => new MiscueDb(), (error: unknown) => {
    db = null // a chunk that failed to load is asked for again next time
    throw error
  })
  const [{ deviceCache }, opened] = await Promise.all([import('./device-cache'), db])
  return deviceCache(opened, owner)
}

export async function putKept<T>(key: string, value: T, fetchedAt = Date.now(), owner = currentWriter()): Promise<void> {
  if (!owner) return
  const cache = await cacheOf(owner)
  await cache.put(key, value, fetchedAt)
  // Signed out (or someone else signed in) while this was written: the sign-out's purge may have run
  // already, so this copy goes too (a shared tablet keeps nothing of the previous user).
  if (currentWriter() !== owner) await cache.remove(key)
}

/** Copies of answers being written to the device in the background (fetchKept). */
const writing = new Set<Promise<void>>()

/** Resolves once every copy being written to the device is written (or has failed). */
export async function keptWritesSettled(): Promise<void> {
  await Promise.allSettled([...writing])
}

export async function getKept<T>(key: string, owner = currentWriter()): Promise<CachedAnswer<T> | undefined> {
  if (!owner) return undefined
  await keptWritesSettled() // a copy still being written is read, not the one before it
  return (await cacheOf(owner)).get<T>(key)
}

/** `key` names the answer in the device cache; each feature prefixes its own keys. */
export async function fetchKept<T>(key: string, load: () => Promise<T>): Promise<DeviceResult<T>> {
  try {
    const data = await load()
    const fetchedAt = Date.now()
    // Written in the background once the browser is idle: the screen shows the answer without waiting for
    // the device database to load and write, nor competing with them (ADR 0108, 0109); a read of the device,
    // and "keep offline", wait for it (keptWritesSettled).
    const owner = currentWriter()
    const write = whenIdle().then(() => putKept(key, data, fetchedAt, owner)).catch(() => undefined)
    writing.add(write)
    void write.finally(() => writing.delete(write))
    return { data, fetchedAt, fromDevice: false }
  } catch (error) {
    if (!isNetworkError(error)) throw error
    const kept = await getKept<T>(key)
    if (!kept) throw error
    return { data: kept.value, fetchedAt: kept.fetchedAt, fromDevice: true }
  }
}
