// The outbox against a model (fast-check): random sequences of writes by two users on one tablet, the
// network going and coming, every kind of server answer, reloads and a second tab replaying at the same
// time, a sign-in expiring (every call refused 401 until the same user signs in again) and a device too full to
// store a write. Invariant: every write is either applied exactly once on the server, in per-record order, or
// still in the outbox, visible to the user who made it; a write the device could not store is said so at once
// and never sent. OUTBOX_PBT_RUNS sets the run count (default CI-sized).
import fc from 'fast-check'
import { afterAll, expect, it, vi } from 'vitest'
import { MiscueDb } from '../db/db'
import { Outbox } from './outbox'
import { BACKOFF_MAX_MS } from './replay-policy'
import type { NewOutboxItem } from './outbox'
import { ref } from './references'
import { createMemoryLock } from './replay-lock'
import { FakeWriteServer } from './testing/fake-write-server'
import type { Answer } from './testing/fake-write-server'

const RUNS = Number(process.env.OUTBOX_PBT_RUNS ?? 30)
const USERS = ['sample.localhost|7', 'sample.localhost|9']
const ANSWERS: Answer[] = ['ok', 'reject', 'conflict', 'in-progress', 'server-error', 'timeout-after-apply', 'offline']

type Command =
  | { kind: 'create'; tab: number }
  /** An edit of the `target`-th record this user created (accepted or still queued). */
  | { kind: 'update'; tab: number; target: number }
  | { kind: 'offline' }
  | { kind: 'online'; tab: number }
  | { kind: 'answers'; answers: Answer[] }
  | { kind: 'reload'; tab: number }
  | { kind: 'both-tabs-replay' }
  | { kind: 'switch-user'; user: number }
  /** Several writes made without a connection (creates, and edits of the `targets`-th records), then it returns: they go in batch calls. */
  | { kind: 'burst'; tab: number; targets: (number | null)[] }
  /** The sign-in runs out: the server refuses every call (401) until the same user signs in again. */
  | { kind: 'expire-sign-in' }
  | { kind: 'sign-in-again'; tab: number }
  /** The device is full for the next write: storing it fails. */
  | { kind: 'full' }

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), tab: fc.nat(1) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('update' as const), tab: fc.nat(1), target: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('online' as const), tab: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('answers' as const), answers: fc.array(fc.constantFrom(...ANSWERS), { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), tab: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'both-tabs-replay' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('switch-user' as const), user: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('burst' as const), tab: fc.nat(1), targets: fc.array(fc.option(fc.nat(5)), { minLength: 2, maxLength: 8 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire-sign-in' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sign-in-again' as const), tab: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'full' as const }) },
)

const counts = { runs: 0, commands: 0, writes: 0, applied: 0, leftQueued: 0, batches: 0, notStored: 0, refusedSignIn: 0 }
afterAll(() => {
  console.log(`outbox model: ${counts.runs} runs, ${counts.commands} commands, ${counts.writes} writes, ` +
    `${counts.applied} applied once, ${counts.leftQueued} left queued (refused or held) for their owner; ${counts.batches} batch calls; ` +
    `${counts.notStored} not stored (device full), ${counts.refusedSignIn} calls refused for an expired sign-in`)
})

/** What the model knows about each write: who made it, which record, and its place in that record's order. */
type ModelWrite = { w: number; owner: string; record: string; notStored?: boolean }

it('applies every accepted write exactly once, in per-record order, and keeps every other write for its owner', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
      counts.runs++
      counts.commands += commands.length
      const db = new MiscueDb(`model-${crypto.randomUUID()}`)
      const server = new FakeWriteServer()
      const lock = createMemoryLock()
      let owner = USERS[0]!
      let online = true
      let clock = Date.parse('2026-11-24T08:00:00Z')
      const makeTab = () => new Outbox({
        db, send: server.send, isOnline: () => online, now: () => clock, schedule: () => () => {},
        currentOwner: () => owner, lock, channel: null,
      })
      const tabs = [makeTab(), makeTab()]
      const writes: ModelWrite[] = []
      let full = false
      /** Records each user created: the create's outbox item id, used as `ref` until the server answers. */
      const records = new Map<string, string[]>(USERS.map((u) => [u, []]))
      let w = 0

      for (const cmd of commands) {
        clock += 60_000
        const write = async (tab: number, target: number | null) => {
          const mine = records.get(owner)!
          if (target !== null && mine.length === 0) return
          const id = tabs[tab]!.newItemId()
          const record = target !== null ? mine[target % mine.length]! : id
          const item: NewOutboxItem = target === null
            ? { entity: 'thing', operation: 'create', method: 'POST', path: '/api/thing/', body: { w: ++w }, invalidates: [], scope: {}, label: 'new', id }
            : await updateOf(db, record, ++w, id)
          if (full) {
            vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
            full = false
          }
          const result = await tabs[tab]!.enqueue(item)
          writes.push({ w, owner, record, notStored: result.state === 'not-stored' })
          // A create the device could not keep is no record to edit later.
          if (target === null && result.state !== 'not-stored') mine.push(id)
        }
        if (cmd.kind === 'create' || cmd.kind === 'update') {
          await write(cmd.tab, cmd.kind === 'update' ? cmd.target : null)
        } else if (cmd.kind === 'burst') {
          const was: boolean = online
          online = false
          for (const target of cmd.targets) await write(cmd.tab, target)
          online = was
          if (online) await tabs[cmd.tab]!.replayNow()
        } else if (cmd.kind === 'offline') online = false
        else if (cmd.kind === 'online') {
          online = true
          await tabs[cmd.tab]!.replayNow()
        } else if (cmd.kind === 'answers') server.answerNext(...cmd.answers)
        else if (cmd.kind === 'reload') {
          tabs[cmd.tab] = makeTab()
          await tabs[cmd.tab]!.start()
        } else if (cmd.kind === 'both-tabs-replay') await Promise.all([tabs[0]!.replayNow(), tabs[1]!.replayNow()])
        else if (cmd.kind === 'expire-sign-in') server.expireSignIn()
        else if (cmd.kind === 'sign-in-again') {
          // The same user (the writer does not change, so nothing is hidden or dropped), sending what waited.
          server.signInAgain()
          await tabs[cmd.tab]!.replayNow()
        } else if (cmd.kind === 'full') full = true
        else {
          owner = USERS[cmd.user]!
          await Promise.all(tabs.map((t) => t.ownerChanged()))
        }
      }

      // Settle: the network is good from now on, every user signs in once more and both tabs replay, with
      // time enough between rounds for every back-off (a write applied whose answer was lost waits for its
      // retry, which then gets the stored answer).
      online = true
      server.answerNormallyFromNow()
      server.signInAgain()
      for (const user of USERS) {
        owner = user
        for (let round = 0; round < 3; round++) {
          clock += BACKOFF_MAX_MS + 1
          await Promise.all(tabs.map((t) => t.replayNow()))
        }

        const appliedW = server.applied.map((a) => a.w)
        const visible = new Set(tabs[0]!.items().map((i) => (i.body as { w: number }).w))
        expect(new Set(tabs[1]!.items().map((i) => (i.body as { w: number }).w))).toEqual(visible)
        for (const write of writes.filter((x) => x.owner === user)) {
          const times = appliedW.filter((x) => x === write.w).length
          if (write.notStored) {
            expect(times).toBe(0)
            expect(visible.has(write.w)).toBe(false)
            continue
          }
          // Exactly one of: applied once and gone, or not applied and still shown to its owner.
          expect(times <= 1 && (times === 1) !== visible.has(write.w)).toBe(true)
        }
        // Nobody sees another user's writes.
        for (const t of tabs) expect(t.items().every((i) => i.owner === user)).toBe(true)
      }

      // Per record, the server applied writes in the order they were made.
      const order = new Map(writes.map((x, i) => [x.w, i]))
      const byRecord = new Map<number, number[]>()
      for (const a of server.applied) byRecord.set(a.record, [...(byRecord.get(a.record) ?? []), order.get(a.w)!])
      for (const seq of byRecord.values()) expect(seq).toEqual([...seq].sort((x, y) => x - y))

      counts.writes += writes.length
      counts.applied += server.applied.length
      counts.notStored += writes.filter((x) => x.notStored).length
      counts.leftQueued += writes.length - server.applied.length - writes.filter((x) => x.notStored).length
      counts.batches += server.batches
      counts.refusedSignIn += server.refusedSignIn
      tabs.forEach((t) => t.close())
      db.close()
    }),
    { numRuns: RUNS },
  )
}, 600_000)

/** An edit of a record: by its server id when its create was accepted, else by reference to the queued create. */
async function updateOf(db: MiscueDb, createId: string, w: number, id: string): Promise<NewOutboxItem> {
  const answer = await db.answers.get(createId)
  const serverId = (answer?.payload as { id?: number } | undefined)?.id
  return serverId === undefined
    ? { entity: 'thing', operation: 'update', method: 'PUT', path: `/api/thing/{$ref:${createId}.id}/`, body: { w, of: ref(createId) }, invalidates: [], scope: {}, label: 'edit', id }
    // Edits of one record queued together chain their versions (ADR 0116).
    : { entity: 'thing', operation: 'update', method: 'PUT', path: `/api/thing/${serverId}/`, body: { w }, invalidates: [], scope: {}, recordId: serverId, label: 'edit', id, chainVersion: true }
}
