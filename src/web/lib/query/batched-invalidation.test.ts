// A write accepted alone refreshes its lists at once; a run of replayed writes refreshes them once per
// window instead of after every write.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { batchedInvalidation } from './batched-invalidation'

afterEach(() => {
  vi.useRealTimers()
})

describe('batched invalidation', () => {
  it('refreshes at once for the first write, then once at the end of the window for the rest', async () => {
    vi.useFakeTimers()
    const queryClient = new QueryClient()
    const refreshed: unknown[] = []
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => { refreshed.push(filters?.queryKey) })
    const invalidate = batchedInvalidation(queryClient, 500)

    await invalidate(['grades', 1])
    expect(refreshed).toEqual([['grades', 1]])
    for (let i = 0; i < 100; i++) await invalidate(['grades', 1])
    await invalidate(['classes', 1])
    expect(refreshed).toEqual([['grades', 1], ['classes', 1]])

    vi.advanceTimersByTime(500)
    expect(refreshed).toEqual([['grades', 1], ['classes', 1], ['grades', 1]])
    // Later, a write alone is refreshed at once again.
    vi.advanceTimersByTime(1000)
    await invalidate(['grades', 1])
    expect(refreshed).toHaveLength(4)
  })
})
