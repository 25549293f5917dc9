// After the persisted cache is restored, what came from the device is refreshed; what this page has
// fetched already is not asked for again (ADR 0109).
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { refreshRestored } from './query-client'

describe('refreshing what was restored from the device', () => {
  it('marks the restored answers stale and leaves the ones fetched since the page started', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['profile'], { name: 'fetched now' })
    queryClient.setQueryData(['grades'], ['restored'], { updatedAt: Date.now() - 86_400_000 })
    await refreshRestored(queryClient)
    expect(queryClient.getQueryState(['profile'])!.isInvalidated).toBe(false)
    expect(queryClient.getQueryState(['grades'])!.isInvalidated).toBe(true)
  })
})
