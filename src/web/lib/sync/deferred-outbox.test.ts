// The outbox the app holds before IndexedDB code has loaded: nothing is lost or reordered while it loads,
// and screens that subscribed early hear when it has.
import { describe, expect, it } from 'vitest'
import { DeferredOutbox } from './deferred-outbox'
import type { Outbox } from './outbox'

function fakeOutbox() {
  const listeners = new Set<() => void>()
  const calls: string[] = []
  const outbox = {
    items: () => [{ id: 'x' }],
    subscribe: (l: () => void) => { listeners.add(l); return () => listeners.delete(l) },
    replayNow: async () => { calls.push('replayNow') },
    discard: async (id: string) => { calls.push(`discard ${id}`) },
  } as unknown as Outbox
  return { outbox, calls, listeners }
}

describe('DeferredOutbox', () => {
  it('answers "nothing yet" until loaded, runs calls made meanwhile in order once loaded, and tells subscribers', async () => {
    const real = fakeOutbox()
    let loaded!: (o: Outbox) => void
    const deferred = new DeferredOutbox(() => new Promise((resolve) => { loaded = resolve }))
    let heard = 0
    const unsubscribe = deferred.subscribe(() => { heard++ })
    expect(deferred.items()).toEqual([])
    expect(deferred.isReplaying()).toBe(false)

    const first = deferred.replayNow()
    const second = deferred.discard('a')
    loaded(real.outbox)
    await Promise.all([first, second])
    expect(real.calls).toEqual(['replayNow', 'discard a'])
    expect(deferred.items()).toEqual([{ id: 'x' }])
    expect(heard).toBe(1)
    expect(real.listeners.size).toBe(1)
    unsubscribe()
    expect(real.listeners.size).toBe(0)
  })

  it('passes every argument on: a write that must not hold the screen (wait: false) is not made to wait', async () => {
    const seen: unknown[] = []
    const real = { enqueue: async (...args: unknown[]) => { seen.push(args); return { state: 'queued' } } } as unknown as Outbox
    const deferred = new DeferredOutbox(async () => real)
    await deferred.enqueue({ method: 'POST', path: '/api/sitting/', body: {} } as never, { wait: false })
    expect(seen).toEqual([[{ method: 'POST', path: '/api/sitting/', body: {} }, { wait: false }]])
  })
})
