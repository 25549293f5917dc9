// The running capture against a real (fake-indexeddb) database and outbox: the timer's limit, nothing lost by a
// reload, saving once through the outbox with the capture's id as Idempotency-Key and the recording attached, a
// full device (writes refused: said once, told truthfully, tried again, saved without the recording), and
// another user's captures never read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import { BUILT_IN_PROFILES, STANDARD_RULES } from '../../../shared/reports/scoring-profile'
import { MiscueDb } from '../../lib/db/db'
import { createI18nFor } from '../../lib/i18n/i18n'
import { Outbox } from '../../lib/sync/outbox'
import { createMemoryLock } from '../../lib/sync/replay-lock'
import type { CaptureRecord } from './capture-record'
import { CaptureSession, STORE_RETRY_MS } from './capture-session'
import type { SessionProblem } from './capture-session'
import { appendChunk, countInProgress, getCapture, listCaptures, putCapture } from './capture-store'
import { ScreenWakeLock } from './screen-wake-lock'
import { captureFigures, sittingBody } from './sitting-body'

const OWNER = 'sample.localhost|4'
const TYPES = DEFAULT_MISCUE_TYPES.map((t, i) => ({ ...t, id: i + 1, language: t.language ?? null, scoring_class: t.scoring_class ?? null, active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z' }))
const pen = (code: string) => TYPES.find((t) => t.code === code)!

let db: MiscueDb
let outbox: Outbox
let clock: number
let sessions: CaptureSession[]

function capture(o: Partial<CaptureRecord> = {}): CaptureRecord {
  return {
    id: crypto.randomUUID(), owner: OWNER, schoolId: 1, yearId: 2, classId: 3, className: 'Grade 1 A', studentId: 5, studentName: 'Sara Ahmed', studentArabicName: 'سارة أحمد',
    assessment: { id: 9, title: 'Park walk', content: 'Tom and his dog ran to the park', direction: 'ltr', duration_seconds: 60 },
    types: TYPES, profile: { id: 1, version: 1, rules: STANDARD_RULES, display_name: 'Standard', arabic_display_name: 'قياسي' },
    marks: [], lastWord: null, phase: 'ready', elapsedMs: 0, startedAt: null, recordAudio: false, audio: { segments: 0, bytes: 0, type: null },
    notes: '', createdAt: 1, updatedAt: 1, ...o,
  }
}

function open(record: CaptureRecord, onProblem: (problem: SessionProblem) => void = () => undefined, wakeLock?: ScreenWakeLock): CaptureSession {
  const session = new CaptureSession(db, outbox, record, createI18nFor('en'), onProblem, () => clock, wakeLock)
  sessions.push(session)
  return session
}

beforeEach(() => {
  db = new MiscueDb(`capture-${crypto.randomUUID()}`)
  outbox = new Outbox({ db, isOnline: () => false, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null, schedule: () => () => {} })
  clock = 1_000_000
  sessions = []
})
afterEach(() => {
  for (const s of sessions) s.dispose()
})

describe('the timer', () => {
  it("stops the reading at the assessment's limit and asks for the last word", async () => {
    const record = capture()
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    clock += 59_000
    session.tick()
    expect(session.snapshot()).toMatchObject({ running: true, elapsedMs: 59_000 })
    clock += 5_000
    session.tick()
    expect(session.snapshot()).toMatchObject({ running: false, elapsedMs: 60_000, announcement: 'Time is up. Mark the last word read.' })
    expect(session.snapshot().record.phase).toBe('finished')
    session.begin() // no time is left to carry on with
    expect(session.snapshot().running).toBe(false)
  })

  it('runs on while the page is hidden (a tablet asleep): only the teacher pauses it, and the time hidden is kept as a gap', async () => {
    const record = capture({ assessment: { ...capture().assessment, duration_seconds: 0 } })
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    clock += 10_000
    const hiddenAt = new Date(clock).toISOString()
    session.hidden()
    clock += 300_000 // asleep for five minutes while the child read on
    session.shown()
    expect(session.snapshot()).toMatchObject({ running: true, elapsedMs: 310_000, announcement: 'The page was hidden while the clock ran: the gap is kept with the sitting.' })
    clock += 2_000
    session.pause()
    expect(session.snapshot().elapsedMs).toBe(312_000)
    expect(session.snapshot().record.gaps).toEqual([{ at: hiddenAt, seconds: 300, reason: 'hidden' }])
    session.finish()
    session.lastWord(7)
    expect(sittingBody(session.snapshot().record)).toMatchObject({ duration: 312, reading_gaps: [{ at: hiddenAt, seconds: 300, reason: 'hidden' }] })
  })

  it('stops at the limit reached while the page was hidden, the gap ending there', async () => {
    const record = capture()
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    clock += 10_000
    session.hidden()
    clock += 300_000
    session.shown()
    expect(session.snapshot()).toMatchObject({ running: false, elapsedMs: 60_000 })
    expect(session.snapshot().record.phase).toBe('finished')
    expect(session.snapshot().record.gaps).toEqual([{ at: new Date(clock - 300_000).toISOString(), seconds: 50, reason: 'hidden' }])
  })

  it('keeps the gap from a lost microphone to the end of the reading', async () => {
    const record = capture()
    await putCapture(db, record)
    const problems: SessionProblem[] = []
    const session = open(record, (p) => problems.push(p))
    session.begin()
    clock += 5_000
    session.microphoneLost()
    clock += 20_000
    session.finish()
    expect(problems).toEqual(['microphone-lost'])
    expect(session.snapshot()).toMatchObject({ recorderStatus: 'lost', elapsedMs: 25_000 })
    expect(session.snapshot().record.gaps).toEqual([{ at: new Date(clock - 20_000).toISOString(), seconds: 20, reason: 'microphone' }])
  })

  it('keeps the screen on while the clock runs, takes the lock again when the page is shown, and lets it go at a pause', async () => {
    const sentinels: { released: boolean; release: () => Promise<void> }[] = []
    const lock = new ScreenWakeLock(() => ({
      request: async () => {
        const sentinel = { released: false, release: async () => { sentinel.released = true } }
        sentinels.push(sentinel)
        return sentinel
      },
    }))
    const record = capture()
    await putCapture(db, record)
    const session = open(record, undefined, lock)
    session.begin()
    await vi.waitFor(() => expect(sentinels).toHaveLength(1))
    session.hidden()
    sentinels[0]!.released = true // the browser lets it go with the page
    session.shown()
    await vi.waitFor(() => expect(sentinels).toHaveLength(2))
    session.pause()
    expect(sentinels[1]!.released).toBe(true)
  })

  it('goes on where the browser has no wake lock', async () => {
    const record = capture()
    await putCapture(db, record)
    const session = open(record, undefined, new ScreenWakeLock(() => undefined))
    session.begin()
    clock += 3_000
    session.tick()
    expect(session.snapshot()).toMatchObject({ running: true, elapsedMs: 3_000 })
  })
})

describe('the timing conventions of DIBELS 8 and EGRA (ADR 0120)', () => {
  const dibels = BUILT_IN_PROFILES.find((p) => p.code === 'dibels-8')!
  const LINES = 'The cat sat on the mat.\nThe dog ran to the park.\nA bird sang in the tree.'
  const timed = (o: Partial<CaptureRecord> = {}) => capture({
    assessment: { id: 9, title: 'Lines', content: LINES, direction: 'ltr', duration_seconds: 0 },
    profile: { id: 3, version: dibels.version, rules: dibels.rules, display_name: dibels.display_name, arabic_display_name: dibels.arabic_display_name },
    ...o,
  })

  it('asks for the word reached at one minute, takes the furthest word marked until then, and scores WCPM up to it', async () => {
    const record = timed()
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    session.apply(3, pen('substitution'), 'Substitution')
    clock += 59_000
    session.tick()
    expect(session.snapshot().bracketDue).toBe(false)
    clock += 2_000
    session.tick()
    expect(session.snapshot()).toMatchObject({ bracketDue: true, announcement: 'One minute. Touch the word the child has reached: words correct per minute count up to it.' })
    expect(session.snapshot().record.bracketWord).toBe(3)
    session.bracket(7)
    expect(session.snapshot()).toMatchObject({ bracketDue: false, announcement: 'One-minute bracket after word 8: dog' })
    clock += 29_000 // the child reads on for accuracy
    session.apply(15, pen('substitution'), 'Substitution')
    session.finish()
    session.lastWord(17)
    const { record: done } = session.snapshot()
    // 8 words to the bracket with 1 error: 7 WCPM; accuracy over the 18 words read: 16 of 18.
    expect(captureFigures(done)).toMatchObject({ wcpm: 7, total_attempted: 18, total_correct: 16 })
    expect(sittingBody(done)).toMatchObject({ bracket_word: 7, duration: 90, total_attempted: 18 })
  })

  it('discontinues when no word of the first line is correct: the reading stops at the end of the line, none correct', async () => {
    const record = timed()
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    for (const word of [0, 1, 2]) session.apply(word, pen('substitution'), 'Substitution')
    clock += 15_000
    session.discontinue()
    const { record: stopped, marking } = session.snapshot()
    expect(stopped).toMatchObject({ phase: 'finished', discontinued: true, elapsedMs: 15_000 })
    expect(marking.lastWord).toBe(5)
    expect(session.snapshot().announcement).toBe('Discontinued: no word of the first line correct. The reading stopped.')
    expect(captureFigures({ ...stopped, marks: [...marking.marks], lastWord: marking.lastWord })).toMatchObject({ total_attempted: 6, total_correct: 0, wcpm: 0, accuracy: 0 })
    expect(sittingBody({ ...stopped, marks: [...marking.marks], lastWord: marking.lastWord })).toMatchObject({ discontinued: true, total_attempted: 6 })
    session.undoDiscontinue()
    expect(session.snapshot().record.discontinued).toBe(false)
  })

  it('counts a hesitation to 3 seconds, says to tell the word, and keeps the told word with its hesitation', async () => {
    const record = timed()
    await putCapture(db, record)
    const session = open(record)
    session.begin()
    clock += 4_000
    session.hesitation()
    expect(session.snapshot().cue).toEqual({ state: 'counting', seconds: 0 })
    clock += 2_000
    session.tick()
    expect(session.snapshot().cue).toEqual({ state: 'counting', seconds: 2 })
    clock += 1_100
    session.tick()
    expect(session.snapshot()).toMatchObject({ cue: { state: 'tell', seconds: 3 }, announcement: '3 seconds: tell the child the word, then touch it.' })
    session.tellAfterHesitation(4)
    expect(session.snapshot().cue).toBeNull()
    expect(session.snapshot().marking.marks).toEqual([{ word_index: 4, miscue: 'told', self_corrected: false, hesitated: true }])
    session.finish()
    session.lastWord(17)
    expect(sittingBody(session.snapshot().record).marks).toEqual([{ word_index: 4, miscue: 'told', self_corrected: false, hesitated: true }])
    // Started again before 3 seconds, the cue stops: the child read on.
    session.begin()
    session.hesitation()
    session.hesitation()
    expect(session.snapshot()).toMatchObject({ cue: null, announcement: 'Hesitation cue stopped' })
  })

  it('skips a line in one gesture, each word omitted, and gives it back with one undo', async () => {
    const record = timed()
    await putCapture(db, record)
    const session = open(record)
    session.apply(8, pen('substitution'), 'Substitution')
    session.skipLine(9)
    expect(session.snapshot().marking.marks).toEqual([6, 7, 8, 9, 10, 11].map((i) => ({ word_index: i, miscue: 'omission', self_corrected: false, skipped_line: true })))
    session.undo()
    expect(session.snapshot().marking.marks).toEqual([{ word_index: 8, miscue: 'substitution', self_corrected: false }])
  })
})

describe('nothing is lost by a reload', () => {
  it('brings back the marks, the last word, the notes and the time last stored, paused', async () => {
    const record = capture()
    await putCapture(db, record)
    const first = open(record)
    first.begin()
    first.apply(1, pen('substitution'), 'Substitution')
    first.apply(1, pen('self_correction'), 'Self-correction')
    first.insertion(3)
    clock += 4_400
    first.tick()
    first.lastWord(5)
    first.setNotes('Tired today')
    // The tab goes away without any goodbye: only what was written to the device counts.
    await vi.waitFor(async () => expect((await getCapture(db, record.id, OWNER))?.notes).toBe('Tired today'))
    const stored = (await getCapture(db, record.id, OWNER))!
    const second = open(stored)
    expect(second.snapshot().record.phase).toBe('paused')
    expect(second.snapshot().elapsedMs).toBe(4_400)
    expect(second.snapshot().marking).toEqual({
      marks: [{ word_index: 1, miscue: 'substitution', self_corrected: true }, { word_index: 3, miscue: 'insertion', self_corrected: false }],
      lastWord: 5,
    })
  })
})

describe('saving', () => {
  it('queues the sitting once, under the id of the capture, and marks it saved', async () => {
    const record = capture({ phase: 'finished', startedAt: '2026-11-02T08:00:00.000Z', elapsedMs: 30_000 })
    await putCapture(db, record)
    const session = open(record)
    session.apply(2, pen('omission'), 'Omission')
    session.lastWord(7)
    expect(await session.save(true)).toBe('saved')
    const item = (await db.outbox.get(record.id))!
    expect(item).toMatchObject({ entity: 'sitting', method: 'POST', path: '/api/sitting/', status: 'pending' })
    expect(item.file).toBeUndefined() // no recording: a JSON body
    expect(item.body).toEqual(sittingBody({ ...record, marks: [{ word_index: 2, miscue: 'omission', self_corrected: false }], lastWord: 7 }))
    expect((await getCapture(db, record.id, OWNER))?.phase).toBe('saved')
    // Saved again (a second tap, another tab): still one write.
    await open((await getCapture(db, record.id, OWNER))!).save(true)
    expect(await db.outbox.count()).toBe(1)
  })

  it('sends the recording with it as multipart: one file from the pieces written while recording, which then leave the device', async () => {
    const record = capture({ phase: 'finished', lastWord: 7, elapsedMs: 20_000 })
    await putCapture(db, record)
    for (const bytes of [[0x1a, 0x45, 0xdf, 0xa3, 1, 2], [3, 4, 5], [6, 7]]) {
      await appendChunk(db, { captureId: record.id, owner: OWNER, segment: 0, type: 'audio/webm', data: new Uint8Array(bytes).buffer, createdAt: 0 })
    }
    const stored = (await getCapture(db, record.id, OWNER))!
    expect(stored.audio).toEqual({ segments: 1, bytes: 11, type: 'audio/webm' })
    expect(await open(stored).save(true)).toBe('saved')
    const bytes = (await db.outboxFiles.get(record.id))!.bytes
    expect([...new Uint8Array(bytes)]).toEqual([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7])
    const item = (await db.outbox.get(record.id))!
    // The sitting's typed body as JSON in one part beside the recording (ADR 0131), never as form strings.
    expect(item.file).toEqual({ field: 'audio', name: 'sitting.webm', type: 'audio/webm', size: 11, fields: { sitting: JSON.stringify(sittingBody(stored)) } })
    expect(JSON.parse(item.file!.fields!.sitting!)).toMatchObject({ student: 5, duration: 20, total_attempted: 8, marks: [], scoring_profile: { id: 1, version: 1 } })
    expect(await db.audioChunks.count()).toBe(0)
  })
})

describe('a full device', () => {
  /** From now on the device refuses to store the capture (as IndexedDB does past the quota); answers the tries. */
  function fillDevice(): { tries: () => number; free: () => void } {
    let tries = 0
    const put = vi.spyOn(db.captures, 'put').mockImplementation(() => {
      tries++
      return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) as never
    })
    return { tries: () => tries, free: () => put.mockRestore() }
  }
  const stored = async (id: string) => (await getCapture(db, id, OWNER))!

  it('says so once, stops writing every second, tells which marks the device holds, and stores them when space is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const record = capture()
      await putCapture(db, record)
      const problems: SessionProblem[] = []
      const session = open(record, (p) => problems.push(p))
      session.begin()
      session.apply(1, pen('substitution'), 'Substitution')
      await vi.waitFor(async () => expect((await stored(record.id)).marks).toHaveLength(1))

      const device = fillDevice()
      session.apply(3, pen('omission'), 'Omission')
      await vi.waitFor(() => expect(session.snapshot().storage.failing).toBe(true))
      session.apply(5, pen('omission'), 'Omission')
      session.apply(6, pen('omission'), 'Omission')
      for (let s = 0; s < 5; s++) {
        clock += 1_000
        session.tick()
      }
      session.lastWord(7)
      await Promise.resolve()
      expect(problems).toEqual(['store-failed'])
      expect(device.tries()).toBe(1) // neither the clock nor the later marks were written
      expect(session.snapshot().storage).toEqual({ failing: true, kept: 1, total: 4, lastWordKept: false })
      expect(session.snapshot().marking.marks).toHaveLength(4) // the screen keeps everything in memory
      expect((await stored(record.id)).marks).toHaveLength(1)

      // Tried again on its own while the device is still full: one more try, still failing.
      await vi.advanceTimersByTimeAsync(STORE_RETRY_MS)
      await vi.waitFor(() => expect(device.tries()).toBe(2))
      expect(session.snapshot().storage.failing).toBe(true)

      device.free()
      await vi.advanceTimersByTimeAsync(STORE_RETRY_MS)
      await vi.waitFor(() => expect(session.snapshot().storage).toEqual({ failing: false, kept: 4, total: 4, lastWordKept: true }))
      const now = await stored(record.id)
      expect(now.marks.map((m) => m.word_index)).toEqual([1, 3, 5, 6])
      expect(now).toMatchObject({ lastWord: 7, elapsedMs: 5_000 })
      expect(problems).toEqual(['store-failed'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('saves the sitting as the screen shows it without its recording, which leaves the device instead of being copied', async () => {
    const record = capture({ recordAudio: true })
    await putCapture(db, record)
    await appendChunk(db, { captureId: record.id, owner: OWNER, segment: 0, type: 'audio/webm', data: new Uint8Array([1, 2, 3]).buffer, createdAt: 0 })
    const session = open(await stored(record.id))
    session.begin()
    const device = fillDevice()
    session.apply(2, pen('omission'), 'Omission')
    await vi.waitFor(() => expect(session.snapshot().storage.failing).toBe(true))
    session.finish()
    session.lastWord(6)
    device.free() // deleting the recording frees its space
    expect(await session.save(false)).toBe('saved')
    const item = (await db.outbox.get(record.id))!
    expect(item.file).toBeUndefined()
    expect(item.body).toMatchObject({ total_attempted: 7, marks: [{ word_index: 2, miscue: 'omission', self_corrected: false }] })
    expect(await db.outboxFiles.count()).toBe(0)
    expect(await db.audioChunks.count()).toBe(0)
    expect(await stored(record.id)).toMatchObject({ phase: 'saved', lastWord: 6, marks: [{ word_index: 2 }], audio: { bytes: 0 } })
    expect(session.snapshot().storage.failing).toBe(false)
  })
})

describe('per user', () => {
  it("never reads another user's captures on a shared tablet", async () => {
    await putCapture(db, capture())
    await putCapture(db, capture({ owner: 'sample.localhost|9', phase: 'reading' }))
    expect(await listCaptures(db, OWNER)).toHaveLength(1)
    expect(await countInProgress(db, OWNER)).toBe(1)
    const theirs = (await listCaptures(db, 'sample.localhost|9'))[0]!
    expect(await getCapture(db, theirs.id, OWNER)).toBeUndefined()
  })
})
