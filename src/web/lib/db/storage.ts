// How much this device lets the app keep. Persistent storage is asked for after sign-in so the browser
// does not evict queued writes and offline data under pressure; usage and quota feed the sync panel,
// which warns before the quota is reached.
import { useEffect, useState } from 'react'

/** Above this share of the quota the sync panel warns that the device is nearly full. */
export const STORAGE_WARNING_RATIO = 0.8

/** Asks the browser to keep this site's data (IndexedDB, localStorage) under storage pressure. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return false
  try {
    if (await storage.persisted?.()) return true
    return await storage.persist()
  } catch {
    return false
  }
}

export type StorageEstimate = { usage: number; quota: number; persisted: boolean; nearlyFull: boolean }

export async function estimateStorage(): Promise<StorageEstimate | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.estimate) return null
  const { usage = 0, quota = 0 } = await storage.estimate()
  const persisted = (await storage.persisted?.()) ?? false
  return { usage, quota, persisted, nearlyFull: quota > 0 && usage / quota > STORAGE_WARNING_RATIO }
}

/** The storage estimate, read when `active` (the sync panel is open, a sitting is recorded) and refreshed every `everyMs`. */
export function useStorageEstimate(active: boolean, everyMs = 30_000): StorageEstimate | null {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null)
  useEffect(() => {
    if (!active) return
    let live = true
    const read = () => void estimateStorage().then((e) => { if (live) setEstimate(e) }).catch(() => undefined)
    read()
    const timer = setInterval(read, everyMs)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [active, everyMs])
  return estimate
}
