// The signed-in user's device cache, with the device database's code (Dexie) imported on first use: what imports
// this stays off the first visit's code (ADR 0108, 0109).
import type { MiscueDb } from './db'
import type { DeviceCache } from './device-cache'

/** The device database's name (IndexedDB), read without Dexie by the saved query cache's restore (saved-queries.ts). */
export const DEVICE_DB_NAME = 'miscue'

let db: Promise<MiscueDb> | null = null

/** `owner`'s device cache, over the page's one connection to the device database (`deviceDb`). */
export async function deviceCacheOf(owner: string): Promise<DeviceCache> {
  db ??= import('./db').then(({ deviceDb }) => deviceDb(), (error: unknown) => {
    db = null // a chunk that failed to load is asked for again next time
    throw error
  })
  const [{ deviceCache }, opened] = await Promise.all([import('./device-cache'), db])
  return deviceCache(opened, owner)
}
