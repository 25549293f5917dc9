// Where a sitting on the device stands, from its record and its write in the outbox (the capture list's badges).
import { describe, expect, it } from 'vitest'
import { MiscueDb, type OutboxItem } from '../../lib/db/db'
import { OutboxStore } from '../../lib/sync/outbox-store'
import type { CaptureRecord } from './capture-record'
import { getCapture, putCapture } from './capture-store'
import { captureState, loadCaptures } from './use-captures'

const record = (o: Partial<CaptureRecord>) => ({ id: 'c1', phase: 'saved', ...o }) as CaptureRecord
const item = (o: Partial<OutboxItem>) => ({ id: 'c1', status: 'pending', ...o }) as OutboxItem

describe('captureState', () => {
  it('follows a sitting from the screen to the server', () => {
    expect(captureState(record({ phase: 'reading' }), undefined, null)).toBe('in-progress')
    expect(captureState(record({}), item({}), null)).toBe('saved')
    expect(captureState(record({}), item({}), 'c1')).toBe('sending')
    expect(captureState(record({ serverId: 41 }), undefined, null)).toBe('synced')
  })

  it('needs attention when the server refused it, when it is held, or when it left the queue without reaching the server', () => {
    expect(captureState(record({}), undefined, null)).toBe('saved') // just accepted: its answer is being read
    expect(captureState(record({}), item({ status: 'rejected' }), null)).toBe('attention')
    expect(captureState(record({}), item({ held: { kind: 'too-old' } }), null)).toBe('attention')
    expect(captureState(record({}), undefined, null, true)).toBe('attention')
  })
})

/** An answer as the outbox store gives it. */
const storedAnswer = (db: MiscueDb) => (id: string) => new OutboxStore(db).answer(id)

describe('loadCaptures', () => {
  const OWNER = 'sample.localhost|4'
  const stored = (o: Partial<CaptureRecord>) => ({
    id: crypto.randomUUID(), owner: OWNER, phase: 'reading', audio: { segments: 0, bytes: 0, type: null }, createdAt: 1, updatedAt: 1, ...o,
  }) as CaptureRecord

  it('a sitting the page was closed on after queueing it, and the server then accepted, reads synced, not in progress', async () => {
    const db = new MiscueDb(`captures-${crypto.randomUUID()}`)
    const killed = stored({})
    const reading = stored({})
    await putCapture(db, killed)
    await putCapture(db, reading)
    // Its write was replayed by the next page and accepted; the record was never marked saved.
    await db.answers.put({ id: killed.id, owner: OWNER, payload: { id: 77 }, acceptedAt: Date.now() })

    const { records, lost } = await loadCaptures(db, OWNER, new Set(), storedAnswer(db))
    const byId = new Map(records.map((r) => [r.id, r]))
    expect(captureState(byId.get(killed.id)!, undefined, null, lost.has(killed.id))).toBe('synced')
    expect(captureState(byId.get(reading.id)!, undefined, null, lost.has(reading.id))).toBe('in-progress')
    await expect.poll(async () => (await getCapture(db, killed.id, OWNER))?.phase).toBe('saved')
    expect((await getCapture(db, killed.id, OWNER))?.serverId).toBe(77)
    db.close()
  })

  it('a saved sitting whose write was accepted a moment ago, its answer still being stored, reads synced, not lost', async () => {
    const db = new MiscueDb(`captures-${crypto.randomUUID()}`)
    const sent = stored({ phase: 'saved', savedAt: 5 })
    await putCapture(db, sent)
    const store = new OutboxStore(db)
    // A busy device: the answer's store is under way when the list reads the captures.
    let open!: () => void
    const busy = new Promise<void>((resolve) => { open = resolve })
    const bulkPut = db.answers.bulkPut.bind(db.answers)
    db.answers.bulkPut = (async (...args: Parameters<typeof bulkPut>) => { await busy; return bulkPut(...args) }) as typeof bulkPut
    void store.accepted({ id: sent.id, owner: OWNER, payload: { id: 78 }, acceptedAt: Date.now() })
    // The write has left the queue; the list reads the captures meanwhile.
    const loading = loadCaptures(db, OWNER, new Set(), (id) => store.answer(id))
    await new Promise((r) => setTimeout(r, 20))
    open()
    const { records, lost } = await loading
    expect(captureState(records[0]!, undefined, null, lost.has(sent.id))).toBe('synced')
    expect(records[0]!.serverId).toBe(78)
    db.close()
  })

  it('a saved sitting that left the queue without an answer needs attention', async () => {
    const db = new MiscueDb(`captures-${crypto.randomUUID()}`)
    const dropped = stored({ phase: 'saved', savedAt: 5 })
    await putCapture(db, dropped)
    const { records, lost } = await loadCaptures(db, OWNER, new Set(), storedAnswer(db))
    expect(captureState(records[0]!, undefined, null, lost.has(dropped.id))).toBe('attention')
    db.close()
  })
})
