import { describe, expect, it } from 'vitest'
import { Gate, GateFull, PerKeyConcurrency, WindowCounter } from './limits'

describe('WindowCounter', () => {
  it('counts per key within the window, says how long to wait, and starts again after it', () => {
    let now = 0
    const counter = new WindowCounter(2, 60_000, () => now)
    expect([counter.take('a'), counter.take('a'), counter.take('b')]).toEqual([0, 0, 0])
    now = 15_000
    expect(counter.take('a')).toBe(45)
    counter.refund('a')
    expect(counter.take('a')).toBe(0)
    now = 60_000
    expect(counter.take('a')).toBe(0)
  })

  it('keeps at most its number of keys, forgetting expired and then the oldest', () => {
    let now = 0
    const counter = new WindowCounter(1, 1000, () => now, 3)
    for (const key of ['a', 'b', 'c']) counter.take(key)
    now = 10
    counter.take('d') // full: 'a' (the oldest) goes
    expect(counter.take('a')).toBe(0)
    expect(counter.take('d')).toBeGreaterThan(0)
  })
})

describe('PerKeyConcurrency', () => {
  it('lets each key run at most its limit at once; leaving twice counts once', () => {
    const running = new PerKeyConcurrency(2)
    const first = running.enter('u')!
    const second = running.enter('u')!
    expect(running.enter('u')).toBeNull()
    expect(running.enter('v')).not.toBeNull()
    first()
    first()
    expect(running.count('u')).toBe(1)
    expect(running.enter('u')).not.toBeNull()
    second()
  })
})

describe('Gate', () => {
  it('runs at most its concurrency, queues in order, and refuses beyond its queue', async () => {
    const gate = new Gate(2, 2)
    const order: number[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => { release = resolve })
    const tasks = [0, 1, 2, 3].map((i) => gate.run(async () => { order.push(i); await held }))
    await Promise.resolve()
    expect(gate.running).toBe(2)
    expect(gate.queued).toBe(2)
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(GateFull)
    release()
    await Promise.all(tasks)
    expect(order).toEqual([0, 1, 2, 3])
    expect(gate.running).toBe(0)
  })
})
