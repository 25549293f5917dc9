// One replayer per device (ADR 0035). Every tab has its own Outbox on the same IndexedDB; only the one
// holding the lock sends, the others wait for it and then see what is left. navigator.locks is released
// by the browser when a tab closes or crashes; where it is missing, a lease in localStorage stands in
// (renewed while held, taken over once it expires).

/** Runs `task` while holding the device-wide replay lock; waits for it when another tab holds it. */
export type ReplayLock = <T>(task: () => Promise<T>) => Promise<T>

export const LOCK_NAME = 'miscue-outbox'

/** navigator.locks when the browser has it, else a localStorage lease. */
export function deviceReplayLock(): ReplayLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks?.request) return (task) => locks.request(LOCK_NAME, () => task())
  return createLeaseLock(window.localStorage)
}

/** An in-memory lock shared by every Outbox given the same instance (tests: several "tabs" in one process). */
export function createMemoryLock(): ReplayLock {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task)
    tail = run.catch(() => undefined)
    return run
  }
}

type LeaseOptions = { now?: () => number; ttlMs?: number; pollMs?: number; holder?: string }
type Lease = { holder: string; expires: number }

/**
 * A lease in storage for browsers without navigator.locks: taken when free or expired, renewed every
 * ttl/3 while the task runs, and released after. Two tabs racing for a free lease both write, then read
 * back: only the one whose write stayed proceeds.
 */
export function createLeaseLock(storage: Storage, options: LeaseOptions = {}): ReplayLock {
  const now = options.now ?? Date.now
  const ttl = options.ttlMs ?? 15_000
  const poll = options.pollMs ?? 250
  const holder = options.holder ?? crypto.randomUUID()
  const key = `${LOCK_NAME}-lease`
  const read = (): Lease | null => {
    try {
      return JSON.parse(storage.getItem(key) ?? 'null') as Lease | null
    } catch {
      return null
    }
  }
  const tryTake = async (): Promise<boolean> => {
    const lease = read()
    if (lease && lease.holder !== holder && lease.expires > now()) return false
    storage.setItem(key, JSON.stringify({ holder, expires: now() + ttl }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    return read()?.holder === holder
  }
  const local = createMemoryLock()
  return (task) => local(async () => {
    while (!(await tryTake())) await new Promise((resolve) => setTimeout(resolve, poll))
    const renew = setInterval(() => storage.setItem(key, JSON.stringify({ holder, expires: now() + ttl })), ttl / 3)
    try {
      return await task()
    } finally {
      clearInterval(renew)
      if (read()?.holder === holder) storage.removeItem(key)
    }
  })
}
