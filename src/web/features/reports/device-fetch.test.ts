import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../lib/api/api-error'
import { keptWritesSettled, SERVER_HEAD_START_MS } from '../../lib/db/kept-fetch'
import { deviceDb } from '../../lib/db/db'
import { deviceCache } from '../../lib/db/device-cache'
import { keptReport } from './device-fetch'
import { classAssessmentsQuery } from './queries'

let user = 'sample.localhost|7'
vi.mock('../../lib/session/session', () => ({ currentWriter: () => user }))

beforeEach(() => {
  user = 'sample.localhost|7'
})
afterEach(() => vi.useRealTimers())

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

/** What a screen opened afresh (nothing in memory, or `client`'s) shows of a kept query: its answer, the time
 * it is dated, and whether it came from the device (dated before it was asked for). */
async function fetchKept<T>(key: string, load: () => Promise<T>, client = newClient()) {
  await tick(2) // a copy kept before the asking is dated before it
  const askedAt = Date.now()
  const data = await client.fetchQuery({ queryKey: [key], queryFn: load, persister: keptReport(key), staleTime: 0 })
  await tick() // a copy from the device is dated once stored
  const fetchedAt = client.getQueryState([key])!.dataUpdatedAt
  return { data, fetchedAt, fromDevice: fetchedAt < askedAt }
}
const never = () => new Promise<never>(() => undefined)

describe('kept queries', () => {
  it('answers from the server and keeps the answer with its time', async () => {
    const fresh = await fetchKept('common:1', async () => ({ total_tests: 3 }))
    expect(fresh).toMatchObject({ data: { total_tests: 3 }, fromDevice: false })
  })

  it('reads no copy from the device when the server answers within its head start', async () => {
    await new Promise((resolve) => setTimeout(resolve, SERVER_HEAD_START_MS + 50)) // the previous tests' reads are done
    const reads = vi.spyOn(IDBObjectStore.prototype, 'get')
    try {
      await fetchKept('common:5', async () => ({ total_tests: 5 }))
      await new Promise((resolve) => setTimeout(resolve, SERVER_HEAD_START_MS + 100))
      expect(reads).not.toHaveBeenCalled()
    } finally {
      reads.mockRestore()
    }
  })

  it("keeps a screen's answers on the device together, with one eviction rather than one per answer", async () => {
    await new Promise((resolve) => setTimeout(resolve, SERVER_HEAD_START_MS + 50)) // the previous tests' reads are done
    await keptWritesSettled()
    const evictionScans = vi.spyOn(IDBIndex.prototype, 'openCursor')
    try {
      await Promise.all([fetchKept('types:6', async () => [1]), fetchKept('common:6', async () => ({ total_tests: 6 })), fetchKept('accuracy:6', async () => [{ id: 6 }])])
      await keptWritesSettled()
      expect(evictionScans).toHaveBeenCalledTimes(1)
    } finally {
      evictionScans.mockRestore()
    }
    const offline = async () => { throw new NetworkError() }
    expect(await fetchKept('common:6', offline)).toMatchObject({ data: { total_tests: 6 }, fromDevice: true })
    expect(await fetchKept('accuracy:6', offline)).toMatchObject({ data: [{ id: 6 }], fromDevice: true })
  })

  it("offline, shows the copy kept on this device with the time it was fetched", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00Z'), toFake: ['Date'] })
    await fetchKept('accuracy:1', async () => [{ id: 1 }])
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'))
    const kept = await fetchKept('accuracy:1', async () => { throw new NetworkError() })
    expect(kept).toEqual({ data: [{ id: 1 }], fetchedAt: Date.parse('2026-11-20T08:00:00Z'), fromDevice: true })
  })

  it('reads offline a report the previous version of the app kept: the rows are the answers as they were', async () => {
    const keptAt = Date.parse('2026-11-02T08:00:00Z')
    await deviceCache(deviceDb(), user).put('report:class-assessments:3:4', { results: [{ assessment_id: 5 }], count: 1 }, keptAt)
    const query = classAssessmentsQuery(3, 4)
    const client = newClient()
    const unsubscribe = new QueryObserver(client, { ...query, queryFn: async () => { throw new NetworkError() } }).subscribe(() => undefined)
    await vi.waitFor(() => expect(client.getQueryState(query.queryKey)?.dataUpdatedAt).toBe(keptAt))
    expect(new QueryObserver(client, query).getCurrentResult().data).toEqual([{ assessment_id: 5 }]) // shaped by its select
    unsubscribe()
  })

  it("never shows one user's kept report to another user of the tablet", async () => {
    await fetchKept('sitting:9', async () => ({ score: 90 }))
    user = 'sample.localhost|8'
    await expect(fetchKept('sitting:9', async () => { throw new NetworkError() })).rejects.toBeInstanceOf(NetworkError)
  })

  it('keeps nothing of a user who signed out while their copy was still being written', async () => {
    await fetchKept('common:3', async () => ({ total_tests: 2 })) // answered; its copy is written in the background
    user = '' // signed out at once
    await keptWritesSettled()
    user = 'sample.localhost|7'
    await expect(fetchKept('common:3', async () => { throw new NetworkError() })).rejects.toBeInstanceOf(NetworkError)
  })

  it('passes a refusal from the server through instead of hiding it behind an old copy', async () => {
    await fetchKept('common:2', async () => ({ total_tests: 1 }))
    await expect(fetchKept('common:2', async () => { throw new ApiError(403, ['Forbidden']) })).rejects.toBeInstanceOf(ApiError)
  })

  it('on a connection that never answers, shows the kept copy after the server\'s head start, not after the timeout', async () => {
    await fetchKept('common:4', async () => ({ total_tests: 4 }))
    await keptWritesSettled()
    const started = performance.now()
    const kept = await fetchKept('common:4', never)
    expect(kept).toMatchObject({ data: { total_tests: 4 }, fromDevice: true })
    expect(performance.now() - started).toBeLessThan(SERVER_HEAD_START_MS + 1_000)
  })

  it('the server\'s late answer replaces the copy on screen and on the device', async () => {
    await fetchKept('common:5', async () => ({ total_tests: 1 }))
    await keptWritesSettled()
    let answer: (value: { total_tests: number }) => void = () => undefined
    const late = new Promise<{ total_tests: number }>((resolve) => { answer = resolve })
    const client = newClient()
    const shown = await fetchKept('common:5', () => late, client)
    expect(shown).toMatchObject({ data: { total_tests: 1 }, fromDevice: true })
    const answeredAt = Date.now()
    answer({ total_tests: 2 })
    await vi.waitFor(() => expect(client.getQueryData(['common:5'])).toEqual({ total_tests: 2 }))
    expect(client.getQueryState(['common:5'])!.dataUpdatedAt).toBeGreaterThanOrEqual(answeredAt) // not from the device
    await keptWritesSettled()
    expect(await fetchKept('common:5', async () => { throw new NetworkError() })).toMatchObject({ data: { total_tests: 2 }, fromDevice: true })
  })

  it('a refusal that arrives after the copy was shown removes the copy, and the screen shows the refusal', async () => {
    await fetchKept('common:6', async () => ({ total_tests: 1 }))
    await keptWritesSettled()
    let refuse: () => void = () => undefined
    const late = new Promise<never>((_, reject) => { refuse = () => reject(new ApiError(404, ['Not found'])) })
    let calls = 0
    const queryFn = () => (++calls === 1 ? late : Promise.reject(new ApiError(404, ['Not found'])))
    // On screen: an observed query is asked again when invalidated.
    const client = newClient()
    const askedAt = Date.now()
    const unsubscribe = new QueryObserver(client, { queryKey: ['common:6'], queryFn, persister: keptReport('common:6'), staleTime: Infinity }).subscribe(() => undefined)
    await vi.waitFor(() => expect(client.getQueryState(['common:6'])?.dataUpdatedAt).toBeLessThan(askedAt)) // the copy from the device
    refuse()
    await vi.waitFor(() => expect(client.getQueryState(['common:6'])?.status).toBe('error'))
    unsubscribe()
  })
})
