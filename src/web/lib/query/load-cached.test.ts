// The shell's lists at route entry: a copy on the device is used at once, but an empty one is asked of the
// server again (it may date from before the first school was added), and a failure never throws.
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadList } from './load-cached'

afterEach(() => onlineManager.setOnline(true))

describe('loadList', () => {
  it('uses a copy with rows as it is, and asks the server again for an empty copy restored from the device', async () => {
    const client = new QueryClient()
    const fetched = vi.fn(async () => [{ id: 5 }])
    const restored = { updatedAt: Date.now() - 60_000 } // saved on the device before this page started
    client.setQueryData(['schools'], [{ id: 1 }], restored)
    expect(await loadList(client, { queryKey: ['schools'], queryFn: fetched, staleTime: Infinity })).toEqual([{ id: 1 }])
    expect(fetched).not.toHaveBeenCalled()

    client.setQueryData(['years'], [], restored)
    expect(await loadList(client, { queryKey: ['years'], queryFn: fetched, staleTime: Infinity })).toEqual([{ id: 5 }])
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('an empty answer fetched since the page started is used as it is (a user with no school yet)', async () => {
    const client = new QueryClient()
    const fetched = vi.fn(async () => [] as { id: number }[])
    client.setQueryData(['schools'], [])
    expect(await loadList(client, { queryKey: ['schools'], queryFn: fetched, staleTime: 60_000 })).toEqual([])
    expect(fetched).not.toHaveBeenCalled()
  })

  it('offline, an empty copy stays empty without waiting; a list that cannot be read is empty', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['years'], [], { updatedAt: 1 })
    onlineManager.setOnline(false)
    const never = vi.fn(() => new Promise<{ id: number }[]>(() => undefined))
    expect(await loadList(client, { queryKey: ['years'], queryFn: never })).toEqual([])
    onlineManager.setOnline(true)
    expect(await loadList(client, { queryKey: ['schools'], queryFn: async () => { throw new Error('503') } })).toEqual([])
  })
})
