// Work held until the first screen is in (the device database, the outbox: ADR 0109) starts once the
// screen's code and answers are in, and not much later than that however slow the link.
import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from './after-first-paint'

/** The part of the router afterFirstScreen reads: its state and its 'onResolved' event. */
function routerStandIn() {
  const listeners = new Set<() => void>()
  const router = {
    state: { status: 'pending', isLoading: true },
    subscribe: (_event: string, listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const resolve = () => {
    router.state = { status: 'idle', isLoading: false }
    for (const listener of listeners) listener()
  }
  return { router: router as unknown as AnyRouter, resolve, listeners }
}

function answerOnItsWay(queryClient: QueryClient) {
  let answer!: (value: string) => void
  void queryClient.prefetchQuery({ queryKey: ['report'], queryFn: () => new Promise<string>((resolve) => { answer = resolve }) })
  return (value: string) => answer(value)
}

afterEach(() => vi.useRealTimers())

describe('work held until the first screen is in', () => {
  it('waits for the screen to be rendered and for every answer on its way, then starts', async () => {
    vi.useFakeTimers()
    const { router, resolve, listeners } = routerStandIn()
    const queryClient = new QueryClient()
    const answer = answerOnItsWay(queryClient)
    const started = vi.fn()
    void afterFirstScreen(router, queryClient).then(started)

    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).not.toHaveBeenCalled()
    resolve() // the screen is rendered, its report still on its way
    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).not.toHaveBeenCalled()

    answer('figures')
    await vi.advanceTimersByTimeAsync(500)
    expect(started).toHaveBeenCalledOnce()
    expect(listeners.size).toBe(0) // it stopped listening
  })

  it('starts anyway once the page has waited FIRST_SCREEN_WAIT_MS for an answer that does not come', async () => {
    vi.useFakeTimers()
    const { router, resolve } = routerStandIn()
    const queryClient = new QueryClient()
    answerOnItsWay(queryClient)
    const started = vi.fn()
    void afterFirstScreen(router, queryClient).then(started)
    resolve()

    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 500)
    expect(started).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).toHaveBeenCalledOnce()
  })
})
