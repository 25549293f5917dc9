// The shell's lists at route entry: a copy on the device is used at once, but an empty one is asked of the
// server again (it may date from before the first school was added), and a failure never throws.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadList } from './load-cached'

afterEach(() => vi.restoreAllMocks())

describe('loadList', () => {
  it('uses a copy with rows as it is, and asks the server again for an empty copy when online', async () => {
    const client = new QueryClient()
    const fetched = vi.fn(async () => [{ id: 5 }])
    client.setQueryData(['schools'], [{ id: 1 }])
    expect(await loadList(client, { queryKey: ['schools'], queryFn: fetched, staleTime: 60_000 })).toEqual([{ id: 1 }])
    expect(fetched).not.toHaveBeenCalled()

    client.setQueryData(['years'], [])
    expect(await loadList(client, { queryKey: ['years'], queryFn: fetched, staleTime: 60_000 })).toEqual([{ id: 5 }])
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('offline, an empty copy stays empty without waiting; a list that cannot be read is empty', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['years'], [])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const never = vi.fn(() => new Promise<{ id: number }[]>(() => undefined))
    expect(await loadList(client, { queryKey: ['years'], queryFn: never })).toEqual([])
    vi.restoreAllMocks()
    expect(await loadList(client, { queryKey: ['schools'], queryFn: async () => { throw new Error('503') } })).toEqual([])
  })
})
