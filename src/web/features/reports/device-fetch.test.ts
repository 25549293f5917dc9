import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../lib/api/api-error'
import { keptWritesSettled } from '../../lib/db/kept-fetch'
import { fetchKept } from './device-fetch'

let user = 'sample.localhost|7'
vi.mock('../../lib/session/session', () => ({ currentWriter: () => user }))

beforeEach(() => { user = 'sample.localhost|7' })
afterEach(() => vi.useRealTimers())

describe('fetchKept', () => {
  it('answers from the server and keeps the answer with its time', async () => {
    const fresh = await fetchKept('common:1', async () => ({ total_tests: 3 }))
    expect(fresh).toMatchObject({ data: { total_tests: 3 }, fromDevice: false })
  })

  it("offline, shows the copy kept on this device with the time it was fetched", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T08:00:00Z'), toFake: ['Date'] })
    await fetchKept('accuracy:1', async () => [{ id: 1 }])
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'))
    const kept = await fetchKept('accuracy:1', async () => { throw new NetworkError() })
    expect(kept).toEqual({ data: [{ id: 1 }], fetchedAt: Date.parse('2026-11-20T08:00:00Z'), fromDevice: true })
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
})
