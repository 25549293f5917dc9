// The replay rules on plain items, without IndexedDB or a server: holds, what goes next, retry waits, batches.
import { describe, expect, it } from 'vitest'
import { BATCH_MAX_CHARS } from '../../../shared/schemas/batch'
import type { OutboxItem } from '../db/db'
import { pathRef, ref } from './references'
import {
  BACKOFF_MAX_MS, MAX_SEND_AGE_MS, RECHECK_BATCH, computeHolds, leadingBatch, nextDue, referencesOutside, retryDelay, stillToSend,
} from './replay-policy'

const NOW = 1_800_000_000_000
let seq = 0
const item = (fields: Partial<OutboxItem> = {}): OutboxItem => {
  seq += 1
  return {
    id: `w${seq}`, seq, entity: 'grade', operation: 'create', method: 'POST', path: '/api/grade/', body: { n: seq },
    invalidates: [], scope: {}, label: `write ${seq}`, status: 'pending', attempts: 0, nextAttemptAt: 0,
    createdAt: NOW, owner: 'host|7', ...fields,
  }
}
const none = new Set<string>()

describe('holds', () => {
  it('holds later writes to a refused record and writes referring to it; other records keep flowing', () => {
    const refused = item({ status: 'rejected', recordId: 4, operation: 'update' })
    const sameRecord = item({ recordId: 4, operation: 'update' })
    const create = item({ status: 'rejected' })
    const child = item({ body: { grade: ref(create.id) } })
    const other = item({ recordId: 5, operation: 'update' })
    const holds = computeHolds([refused, sameRecord, create, child, other], none, NOW)
    expect(Object.fromEntries(holds)).toEqual({
      [sameRecord.id]: { kind: 'after-rejected', by: refused.id },
      [child.id]: { kind: 'reference-rejected', by: create.id },
    })
  })

  it('a held write holds the writes after it to the same record in turn', () => {
    const refused = item({ status: 'rejected', recordId: 4 })
    const held = item({ recordId: 4 })
    const after = item({ recordId: 4 })
    expect(computeHolds([refused, held, after], none, NOW).get(after.id)).toEqual({ kind: 'after-rejected', by: held.id })
  })

  it('a reference to a create neither queued nor answered can never resolve; an answered one can', () => {
    const orphan = item({ path: `/api/class/${pathRef('gone')}/student/` })
    const resolvable = item({ body: { grade: ref('answered') } })
    const items = [orphan, resolvable]
    expect(referencesOutside(items)).toEqual(['gone', 'answered'])
    expect(Object.fromEntries(computeHolds(items, new Set(['answered']), NOW))).toEqual({
      [orphan.id]: { kind: 'reference-discarded', by: 'gone' },
    })
  })

  it('a write older than the key retention waits for the user unless they chose to send it', () => {
    const old = item({ createdAt: NOW - MAX_SEND_AGE_MS - 1 })
    const chosen = item({ createdAt: NOW - MAX_SEND_AGE_MS - 1, sendOld: true })
    expect(Object.fromEntries(computeHolds([old, chosen], none, NOW))).toEqual({ [old.id]: { kind: 'too-old' } })
  })
})

describe('what goes next', () => {
  it('passes over refused, held and passed items, in queue order', () => {
    const [a, b, c, d] = [item(), item({ status: 'rejected' }), item(), item()]
    const { due, later } = nextDue([a!, b!, c!, d!], { passed: new Set([a!.id]), holds: new Map([[d!.id, { kind: 'too-old' }]]) }, NOW)
    expect(due.map((i) => i.id)).toEqual([c!.id])
    expect(later).toBeUndefined()
  })

  it('stops at the first item still in its back-off and names it, so nothing queued after it overtakes it', () => {
    const [a, waiting, c] = [item(), item({ nextAttemptAt: NOW + 1 }), item()]
    const { due, later } = nextDue([a!, waiting!, c!], { passed: none, holds: new Map() }, NOW)
    expect(due.map((i) => i.id)).toEqual([a!.id])
    expect(later?.id).toBe(waiting!.id)
  })

  it('takes at most one recheck batch at a time', () => {
    const items = Array.from({ length: RECHECK_BATCH + 5 }, () => item())
    expect(nextDue(items, { passed: none, holds: new Map() }, NOW).due).toHaveLength(RECHECK_BATCH)
  })

  it('a re-read item is sent only while it exists, waits and belongs to the signed-in writer', () => {
    expect(stillToSend(item(), 'host|7')).toBe(true)
    expect(stillToSend(undefined, 'host|7')).toBe(false)
    expect(stillToSend(item({ status: 'rejected' }), 'host|7')).toBe(false)
    expect(stillToSend(item(), 'host|9')).toBe(false)
    expect(stillToSend(item({ owner: null }), null)).toBe(false)
  })
})

describe('retry waits', () => {
  it('backs off, and waits longer when the server asks for it, never shorter', () => {
    expect(retryDelay(1, null)).toBe(2_000)
    expect(retryDelay(3, 'nonsense')).toBe(8_000)
    expect(retryDelay(1, '30')).toBe(30_000)
    expect(retryDelay(20, '1')).toBe(BACKOFF_MAX_MS)
  })
})

describe('batches', () => {
  const asIs = (i: OutboxItem) => Promise.resolve({ path: i.path, body: i.body })

  it('groups leading JSON writes and ends before a file or a write referring to a create in the group', async () => {
    const create = item()
    const plain = item()
    const child = item({ body: { grade: ref(create.id) } })
    expect((await leadingBatch([create, plain, child], asIs)).map((w) => w.item.id)).toEqual([create.id, plain.id])
    const upload = item({ file: { field: 'file', name: 'a.xlsx', type: 'application/octet-stream', size: 10 } })
    expect((await leadingBatch([plain, upload, create], asIs)).map((w) => w.item.id)).toEqual([plain.id])
  })

  it('ends before a write whose reference is not answered yet, and sends references resolved', async () => {
    const first = item({ body: { grade: ref('answered') } })
    const waiting = item({ body: { grade: ref('unanswered') } })
    const resolve = (i: OutboxItem, ids: string[]) =>
      Promise.resolve(ids.includes('unanswered') ? null : { path: i.path, body: ids.length ? { grade: 12 } : i.body })
    expect(await leadingBatch([first, waiting], resolve)).toEqual([{ item: first, path: first.path, body: { grade: 12 } }])
  })

  it('ends before the write that would take the batch over the server body limit, but always takes one', async () => {
    const big = (n: number) => item({ body: { text: 'x'.repeat(n) } })
    const [a, b] = [big(BATCH_MAX_CHARS * 0.6), big(BATCH_MAX_CHARS * 0.6)]
    expect((await leadingBatch([a!, b!], asIs)).map((w) => w.item.id)).toEqual([a!.id])
    expect(await leadingBatch([big(BATCH_MAX_CHARS * 2)], asIs)).toHaveLength(1)
  })
})
