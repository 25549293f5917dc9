// Answers kept on this device (ADR 0051), shown at once and refreshed behind (ADR 0115), as the `persister` of
// the kept queries (ADR 0134): the query function is the plain load, the query's data the answer itself. The copy
// stored for the signed-in user is shown when the server has not answered within a moment, dated (the query's
// `dataUpdatedAt`) with the time it was fetched, and the server's answer replaces it (and is stored) whenever it
// comes. A school connection that says "online" but never answers must not keep a kept screen on "Loading…".
// Without a copy the screen waits for the server. A refusal of the server (4xx) is passed on, never hidden behind
// an older copy: a refusal met behind a shown copy removes the copy and asks again, so the screen shows the
// refusal. Persisters run outside the router context, so this takes the page's connection to the database itself
// (deviceDb, shared with the outbox).
// The device database (Dexie) is imported on first use: when its code comes from the service worker's precache it
// is read at once, otherwise (a first visit, nothing kept yet) only when the server is slow, so it never competes
// with a first paint (ADR 0108, 0109).
import { notifyManager } from '@tanstack/react-query'
import type { Query, QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import { isApiError, isNetworkError } from '../api/api-error'
import { revalidating } from '../query/query-etag'
import { whenIdle } from '../scheduling/when-idle'
import { currentWriter } from '../session/session'
import type { CachedAnswer } from './device-cache'
import { deviceCacheOf } from './device-cache-of'

/** How long the server is given to answer before the copy kept on this device is shown. */
export const SERVER_HEAD_START_MS = 200

type Answer = { key: string; value: unknown; fetchedAt: number }

async function putKept(owner: string, answers: readonly Answer[]): Promise<void> {
  const cache = await deviceCacheOf(owner)
  await cache.putMany(answers)
  // Signed out (or someone else signed in) while these were written: the sign-out's purge may have run
  // already, so these copies go too (a shared tablet keeps nothing of the previous user).
  if (currentWriter() !== owner) for (const { key } of answers) await cache.remove(key)
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
  return (await deviceCacheOf(owner)).get<T>(key)
}

async function removeKept(key: string, owner = currentWriter()): Promise<void> {
  if (owner) await (await deviceCacheOf(owner)).remove(key)
}

/** The answers waiting to be kept, by owner, and their write. */
let due: { answers: Map<string, Answer[]>; write: Promise<void> } | null = null

/** The server's answer, stored once the browser is idle: the screen shows it without waiting for the device
 * database to load and write, nor competing with them (ADR 0108, 0109); a read of the device, and "keep
 * offline", wait for it (keptWritesSettled). The answers of a screen's calls that come before then are written
 * together, in one transaction with one eviction, rather than one of each per answer (ADR 0133). */
function keep<T>(key: string, data: T): T {
  const owner = currentWriter()
  if (!owner) return data
  if (!due) {
    const answers = new Map<string, Answer[]>()
    const write = whenIdle().then(async () => {
      due = null // answers from now on are the next write's
      for (const [who, list] of answers) await putKept(who, list).catch(() => undefined)
    })
    due = { answers, write }
    writing.add(write)
    void write.finally(() => writing.delete(write))
  }
  due.answers.set(owner, [...(due.answers.get(owner) ?? []), { key, value: data, fetchedAt: Date.now() }])
  return data
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The kept copy, read at once when the device database's code is on the device already (precached by the
 * service worker), else after the server's head start and only if the server has not answered by then: a first
 * visit does not load and open the device database to read a copy it will not show; none when it cannot be read. */
async function readKept<T>(key: string, answered: Promise<void>): Promise<CachedAnswer<T> | undefined> {
  const precached = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)
  let serverAnswered = false
  void answered.then(() => { serverAnswered = true })
  const [kept] = await Promise.all([
    (precached ? Promise.resolve() : delay(SERVER_HEAD_START_MS)).then(() => (serverAnswered ? undefined : getKept<T>(key))).catch(() => undefined),
    delay(SERVER_HEAD_START_MS),
  ])
  return kept
}

/** Marks the device copy a fetch is about to store: once the fetch has stored it (a success, dated now), its
 * age is set to the time the copy was kept, as TanStack Query's own query persister dates a restored query. */
function shownFromDevice<T>(query: Query, kept: CachedAnswer<T>): T {
  const stored = query.state.dataUpdateCount + 1
  notifyManager.schedule(() => {
    if (query.state.dataUpdateCount === stored) query.setState({ dataUpdatedAt: kept.fetchedAt })
  })
  return kept.value
}

/** A kept fetch of `query`: the server's answer (`load`), kept under `key`; a device copy while it is slow. */
async function fetchKept<T>(query: Query, client: QueryClient, key: string, load: () => Promise<T>): Promise<T> {
  const owner = currentWriter()
  const fresh = load().then((data) => keep(key, data))
  const answered = fresh.then(() => undefined, () => undefined)
  const kept = await Promise.race([answered, readKept<T>(key, answered)])
  if (!kept) return fresh.catch((error: unknown) => keptInstead(query, key, error))
  // The copy is shown; the server's answer replaces it when it comes (for the same user only).
  void fresh.then((data) => {
    if (currentWriter() === owner) query.setData(data, { manual: true })
  }, async (error: unknown) => {
    if (!isApiError(error) || error.status >= 500) return
    await removeKept(key, owner).catch(() => undefined)
    await client.invalidateQueries({ queryKey: query.queryKey, exact: true })
  })
  return shownFromDevice(query, kept)
}

/** Without an answer from the server, the copy kept on this device, if any; a refusal is passed on. */
async function keptInstead<T>(query: Query, key: string, error: unknown): Promise<T> {
  if (!isNetworkError(error)) throw error
  const kept = await getKept<T>(key)
  if (!kept) throw error
  return shownFromDevice(query, kept)
}

/**
 * The `persister` of a kept query: its answer kept on this device under `key` (each feature prefixes its own
 * keys), composed with the ETag revalidation every query has (lib/query/query-etag.ts). A 304 keeps the held
 * answer again with the time of asking, so a kept report says how fresh it is.
 */
export function keptOnDevice(key: string) {
  return <T, K extends QueryKey>(queryFn: QueryFunction<T, K, never>, context: QueryFunctionContext<K>, query: Query): Promise<T> =>
    fetchKept(query, context.client, key, () => revalidating(queryFn as QueryFunction<T, QueryKey>, context, query))
}
