// After the persisted cache is restored, what came from the device is refreshed; what this page has
// fetched already is not asked for again (ADR 0109).
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../lib/api/api-error'
import { refreshRestored, shouldRetry } from './query-client'

describe('refreshing what was restored from the device', () => {
  it('marks the restored answers stale and leaves the ones fetched since the page started', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['profile'], { name: 'fetched now' })
    queryClient.setQueryData(['grades'], ['restored'], { updatedAt: Date.now() - 86_400_000 })
    await refreshRestored(queryClient)
    expect(queryClient.getQueryState(['profile'])!.isInvalidated).toBe(false)
    expect(queryClient.getQueryState(['grades'])!.isInvalidated).toBe(true)
  })

  it('leaves a restored answer already being asked for again to that call, rather than asking twice', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['classes'], ['restored'], { updatedAt: Date.now() - 86_400_000 })
    let calls = 0
    let answer: (classes: string[]) => void = () => undefined
    const queryFn = () => { calls += 1; return new Promise<string[]>((resolve) => { answer = resolve }) }
    const observer = new QueryObserver(queryClient, { queryKey: ['classes'], queryFn })
    const unsubscribe = observer.subscribe(() => undefined) // mounted on a restored, stale answer: asked again
    expect(calls).toBe(1)
    const refreshed = refreshRestored(queryClient)
    answer(['fetched'])
    await refreshed
    expect(calls).toBe(1)
    expect(queryClient.getQueryData(['classes'])).toEqual(['fetched'])
    unsubscribe()
  })
})

describe('retrying a failed fetch', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('retries a network failure while the server is believed reachable, never once it is known offline', () => {
    expect(shouldRetry(0, new NetworkError())).toBe(true)
    onlineManager.setOnline(false)
    expect(shouldRetry(0, new NetworkError())).toBe(false)
  })

  it('never retries a refusal, and stops after two tries', () => {
    expect(shouldRetry(0, new ApiError(404, ['Not found']))).toBe(false)
    expect(shouldRetry(0, new ApiError(503, ['Unavailable']))).toBe(true)
    expect(shouldRetry(2, new ApiError(503, ['Unavailable']))).toBe(false)
  })
})
