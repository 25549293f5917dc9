// School situations in which a write could be lost, applied twice or sent for the wrong user (issue 7),
// each against the fake server.
import { beforeEach, describe, expect, it } from 'vitest'
import { send } from '../api/api-client'
import { NetworkError } from '../api/api-error'
import { MiscueDb } from '../db/db'
import { Outbox } from './outbox'
import { MAX_SEND_AGE_MS, RECHECK_BATCH, classify, isConflict } from './replay-policy'
import type { NewOutboxItem } from './outbox'
import { pathRef, ref } from './references'
import { createMemoryLock } from './replay-lock'
import type { ReplayLock } from './replay-lock'
import { FakeWriteServer } from './testing/fake-write-server'

const A = 'sample.localhost|7'
const B = 'sample.localhost|9'

let db: MiscueDb
let server: FakeWriteServer
let owner: string | null
let online: boolean
let clock: number
let lock: ReplayLock

function tab(extra: Partial<ConstructorParameters<typeof Outbox>[0]> = {}) {
  return new Outbox({
    db, send: server.send, isOnline: () => online, now: () => clock, schedule: () => () => {},
    currentOwner: () => owner, lock, channel: null, ...extra,
  })
}

/** A tab whose outbox holds `n` creates queued while offline; the connection is back when it returns. */
async function queuedOffline(n: number) {
  online = false
  const outbox = tab()
  for (let i = 0; i < n; i++) await outbox.enqueue(create())
  online = true
  return outbox
}

let w = 0
const create = (label = 'thing'): NewOutboxItem => ({
  entity: 'thing', operation: 'create', method: 'POST', path: '/api/thing/', body: { w: ++w, name: label },
  invalidates: ['things'], scope: {}, label,
})
const update = (id: number): NewOutboxItem => ({
  entity: 'thing', operation: 'update', method: 'PUT', path: `/api/thing/${id}/`, body: { w: ++w },
  invalidates: ['things'], scope: {}, recordId: id, label: `thing ${id}`,
})

beforeEach(() => {
  db = new MiscueDb(`scenarios-${crypto.randomUUID()}`)
  server = new FakeWriteServer()
  owner = A
  online = true
  clock = Date.parse('2026-11-24T08:00:00Z')
  lock = createMemoryLock()
})

describe('two tabs, one queue', () => {
  it('sends each queued write once when both tabs replay as the network returns, and shows no rejection', async () => {
    online = false
    const first = tab()
    const second = tab()
    await first.enqueue(create('Grade 1'))
    await first.enqueue(create('Grade 2'))
    online = true

    await Promise.all([first.replayNow(), second.replayNow(), first.replayNow()])

    expect(server.applied.map((a) => a.w)).toEqual([w - 1, w])
    expect(server.log).toHaveLength(2)
    expect(first.items()).toEqual([])
    expect(second.items()).toEqual([])
  })

  it('treats the in-flight answer (409 in_progress) as "try again later", never as a rejection', async () => {
    server.answerNext('in-progress')
    const outbox = tab()
    const result = await outbox.enqueue(create())
    expect(result.state).toBe('queued')
    expect(outbox.items()[0]).toMatchObject({ status: 'pending', attempts: 1 })
    // Retry-After: 1 s is shorter than the first back-off, so the back-off wins.
    expect(outbox.items()[0]?.nextAttemptAt).toBe(clock + 2000)
    await outbox.replayNow()
    expect(server.applied).toHaveLength(1)
    expect(outbox.items()).toEqual([])
  })

  it('never brings back an item another tab removed while this one was sending', async () => {
    const outbox = tab()
    online = false
    const { item } = await outbox.enqueue(create())
    online = true
    server.answerNext('server-error')
    const replay = outbox.replayNow()
    await db.outbox.delete(item.id) // the other tab saw it accepted meanwhile
    await replay
    expect(await db.outbox.count()).toBe(0)
  })

  it('a write whose answer was lost (timeout after the server applied it) is applied once, not twice', async () => {
    server.answerNext('timeout-after-apply')
    const outbox = tab()
    expect((await outbox.enqueue(create())).state).toBe('queued')
    await outbox.replayNow()
    expect(server.applied).toHaveLength(1)
    expect(outbox.items()).toEqual([])
  })
})

describe('answers', () => {
  it('classifies a 409 as a conflict only with the code conflict; in_progress is a retry', () => {
    expect(classify(409, 'in_progress')).toBe('retry')
    expect(classify(409, 'conflict')).toBe('rejected')
    const rejected = (codes: Record<string, string>) => ({ status: 'rejected' as const, rejection: { status: 409, errors: [], fieldErrors: {}, codes } })
    expect(isConflict(rejected({ _: 'conflict' }))).toBe(true)
    expect(isConflict(rejected({ identifier: 'duplicate' }))).toBe(false)
  })

  it('gives up on a hung request after the timeout, as a network failure the outbox retries', async () => {
    const hung = globalThis.fetch
    globalThis.fetch = (_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))
    })
    try {
      await expect(send({ method: 'POST', path: '/api/thing/', json: {}, timeoutMs: 50 })).rejects.toBeInstanceOf(NetworkError)
    } finally {
      globalThis.fetch = hung
    }
  })
})

describe('a refused write holds back later writes to the same record', () => {
  it('waits behind the refused edit until the user decides, while other records keep flowing', async () => {
    const outbox = tab()
    await outbox.enqueue(create('one'))
    await outbox.enqueue(create('two'))
    server.answerNext('conflict')
    const refused = await outbox.enqueue(update(1))
    expect(refused.state).toBe('rejected')
    const later = await outbox.enqueue(update(1))
    const other = await outbox.enqueue(update(2))

    expect(later.state).toBe('queued')
    expect(later.item.held).toEqual({ kind: 'after-rejected', by: refused.item.id })
    expect(other.state).toBe('accepted')
    expect(server.applied.map((a) => a.record)).toEqual([1, 2, 2])

    await outbox.discard(refused.item.id) // the user chose "use theirs"
    await outbox.replayNow()
    expect(server.applied.map((a) => a.record)).toEqual([1, 2, 2, 1])
    expect(outbox.items()).toEqual([])
  })
})

describe('references to records created offline', () => {
  it('sends a class and then a student in it, the placeholder replaced by the id the server gave', async () => {
    online = false
    const outbox = tab()
    await outbox.enqueue(create('earlier'))
    const klass = await outbox.enqueue(create('Class 1A'))
    await outbox.enqueue({ ...create('Sara in 1A'), body: { w: ++w, class_id: ref(klass.item.id) } })
    await outbox.enqueue({ ...update(0), path: `/api/thing/${pathRef(klass.item.id)}/`, recordId: undefined })

    online = true
    // The page reloads before replaying: the mapping comes from the database, not from memory.
    await tab().start()
    expect(server.log.map((l) => l.path)).toEqual(['/api/thing/', '/api/thing/', '/api/thing/', '/api/thing/2/'])
    expect(server.applied.map((a) => [a.op, a.record])).toEqual([['create', 1], ['create', 2], ['create', 3], ['update', 2]])
    expect(await db.outbox.count()).toBe(0)
  })

  it('holds a write that refers to a refused or discarded create, saying why', async () => {
    online = false
    const outbox = tab()
    const klass = await outbox.enqueue(create('Class 1A'))
    const student = await outbox.enqueue({ ...create('Sara'), body: { w: ++w, class_id: ref(klass.item.id) } })
    online = true
    server.answerNext('reject')
    await outbox.replayNow()
    expect(outbox.items().find((i) => i.id === student.item.id)?.held).toEqual({ kind: 'reference-rejected', by: klass.item.id })

    await outbox.discard(klass.item.id)
    await outbox.replayNow()
    expect(outbox.items()[0]?.held).toEqual({ kind: 'reference-discarded', by: klass.item.id })
    expect(server.applied).toEqual([])
  })
})

describe('old writes', () => {
  it('flags a write older than the server keeps keys instead of sending it blindly; the user may send it', async () => {
    online = false
    const outbox = tab()
    await outbox.enqueue(create())
    clock += MAX_SEND_AGE_MS + 1
    online = true
    await outbox.replayNow()
    expect(server.log).toEqual([])
    expect(outbox.items()[0]?.held).toEqual({ kind: 'too-old' })

    await outbox.sendAnyway(outbox.items()[0]!.id)
    expect(server.applied).toHaveLength(1)
  })
})

describe('a shared tablet', () => {
  it("never shows or sends user A's writes while B is signed in, and sends them once when A is back", async () => {
    online = false
    const outbox = tab()
    await outbox.enqueue(create('A wrote this'))
    owner = B
    online = true
    await outbox.ownerChanged()
    expect(outbox.items()).toEqual([])
    expect(outbox.unsyncedCount()).toBe(0)
    expect(server.log).toEqual([])

    owner = A
    await outbox.ownerChanged()
    await tab().replayNow()
    expect(server.applied).toHaveLength(1)
    expect(outbox.items()).toEqual([])
  })

  it('sends nothing that has no owner', async () => {
    await db.outbox.add({ ...create(), id: 'legacy', seq: 1, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: clock, owner: null })
    owner = A
    await tab().replayNow()
    expect(server.log).toEqual([])
  })

  it('checks the owner of each item as it is sent: a user switch mid-replay stops the rest', async () => {
    online = false
    let switched = false
    const outbox = tab({
      send: async (request) => {
        if (!switched) owner = B // B signed in (another tab) while the first call was on its way
        switched = true
        return server.send(request)
      },
    })
    // One call more than a batch holds: the first call (checked for A just before it left) carries
    // RECHECK_BATCH writes; the write after it is not sent while B is signed in.
    for (let i = 0; i <= RECHECK_BATCH; i++) await outbox.enqueue(create())
    online = true
    await outbox.replayNow()
    expect(server.applied).toHaveLength(RECHECK_BATCH)
    expect(server.batches).toBe(1)
    owner = A
    await outbox.ownerChanged()
    expect(server.applied).toHaveLength(RECHECK_BATCH + 1)
  })
})

describe('batches (ADR 0104)', () => {
  it('sends a whole batch again when its answer is lost, and the server applies each write once', async () => {
    const outbox = await queuedOffline(4)
    // The connection drops after the server applied the first two writes of the batch.
    server.answerNext('ok', 'timeout-after-apply')
    await outbox.replayNow()
    expect(server.applied).toHaveLength(2)
    expect(outbox.items().map((i) => i.attempts)).toEqual([1, 0, 0, 0])
    clock += 2000
    await outbox.replayNow()
    expect(server.applied.map((a) => a.w)).toEqual([w - 3, w - 2, w - 1, w])
    expect(server.batches).toBe(2)
    expect(outbox.items()).toEqual([])
  })

  it('treats a write still being applied (409 in_progress) inside a batch as retry, never as a rejection', async () => {
    const outbox = await queuedOffline(3)
    server.answerNext('ok', 'in-progress')
    await outbox.replayNow()
    expect(outbox.items().map((i) => [i.status, i.attempts])).toEqual([['pending', 1], ['pending', 0]])
    clock += 2000
    await outbox.replayNow()
    expect(server.applied).toHaveLength(3)
    expect(outbox.items()).toEqual([])
  })

  it('ends a batch before a write that refers to a create in it, and sends it with the id the server gave', async () => {
    online = false
    const outbox = tab()
    await outbox.enqueue(create('earlier'))
    const klass = await outbox.enqueue(create('Class 1A'))
    await outbox.enqueue({ ...create('Sara in 1A'), body: { w: ++w, class_id: ref(klass.item.id) } })
    await outbox.enqueue({ ...update(0), path: `/api/thing/${pathRef(klass.item.id)}/`, recordId: undefined })
    await outbox.enqueue(create('later'))
    online = true
    await outbox.replayNow()
    expect(server.batches).toBe(2)
    expect(server.log.map((l) => l.path)).toEqual(['/api/thing/', '/api/thing/', '/api/thing/', '/api/thing/2/', '/api/thing/'])
    expect(server.applied.map((a) => [a.op, a.record])).toEqual([['create', 1], ['create', 2], ['create', 3], ['update', 2], ['create', 4]])
    expect(await db.outbox.count()).toBe(0)
  })

  it('sends a long queue in calls of RECHECK_BATCH writes, in order, each applied once', async () => {
    const n = RECHECK_BATCH * 2 + 5
    const outbox = await queuedOffline(n)
    await outbox.replayNow()
    expect(server.batches).toBe(3)
    expect(server.applied.map((a) => a.w)).toEqual(Array.from({ length: n }, (_, i) => w - n + 1 + i))
    expect(await db.outbox.count()).toBe(0)
  })
})
