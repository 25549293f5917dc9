import { beforeEach, describe, expect, it } from 'vitest'
import { MiscueDb } from './db'
import { deviceCache, purgeOwner } from './device-cache'

const A = 'sample.localhost|7'
const B = 'sample.localhost|9'
let db: MiscueDb
let clock: number
beforeEach(() => {
  db = new MiscueDb(`device-cache-${crypto.randomUUID()}`)
  clock = 1_000
})

describe('the device cache for offline reports', () => {
  it("keeps each user's answers apart, with the time they were fetched", async () => {
    const a = deviceCache(db, A, { now: () => clock })
    const b = deviceCache(db, B, { now: () => clock })
    await a.put('reports:class:1', { rows: [1, 2] })
    expect(await a.get('reports:class:1')).toEqual({ value: { rows: [1, 2] }, fetchedAt: 1_000 })
    expect(await b.get('reports:class:1')).toBeUndefined()
    expect((await a.list('reports:')).map((e) => e.key)).toEqual(['reports:class:1'])
    expect(await b.list()).toEqual([])
  })

  it('evicts the oldest answers first when the size budget is passed', async () => {
    const cache = deviceCache(db, A, { now: () => clock++, budget: 50 })
    await cache.put('old', 'x'.repeat(20))
    await cache.put('middle', 'y'.repeat(20))
    await cache.put('new', 'z'.repeat(20))
    expect((await cache.list()).map((e) => e.key)).toEqual(['middle', 'new'])
  })

  it("drops a user's answers when they sign out, and nobody else's", async () => {
    await deviceCache(db, A).put('k', 1)
    await deviceCache(db, B).put('k', 2)
    await purgeOwner(db, A)
    expect(await deviceCache(db, A).get('k')).toBeUndefined()
    expect((await deviceCache(db, B).get('k'))?.value).toBe(2)
  })
})
