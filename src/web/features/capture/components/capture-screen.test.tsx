// The capture screen's timer bar by touch: a paused reading carries on from a visible button, untimed passages
// (the usual running record) as well as timed ones, and the clock runs again from where it stopped.
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from '../../../../shared/reports/miscue-types'
import { STANDARD_RULES } from '../../../../shared/reports/scoring-profile'
import { MiscueDb } from '../../../lib/db/db'
import { Outbox } from '../../../lib/sync/outbox'
import { OutboxProvider } from '../../../lib/sync/outbox-context'
import { createMemoryLock } from '../../../lib/sync/replay-lock'
import { renderWithI18n } from '../../../test-utils'
import type { CaptureRecord } from '../capture-record'
import { putCapture } from '../capture-store'
import { CaptureScreen } from './capture-screen'

const OWNER = 'sample.localhost|4'
const TYPES = DEFAULT_MISCUE_TYPES.map((t, i) => ({ ...t, id: i + 1, language: t.language ?? null, scoring_class: t.scoring_class ?? null, active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z' }))

let db: MiscueDb
let outbox: Outbox

function pausedReading(durationSeconds: number): CaptureRecord {
  return {
    id: crypto.randomUUID(), owner: OWNER, schoolId: 1, yearId: 2, classId: 3, className: 'Grade 1 A', studentId: 5, studentName: 'Sara Ahmed', studentArabicName: 'سارة أحمد',
    assessment: { id: 9, title: 'Park walk', content: 'Tom and his dog ran to the park', direction: 'ltr', duration_seconds: durationSeconds },
    types: TYPES, profile: { id: 1, version: 1, rules: STANDARD_RULES, display_name: 'Standard', arabic_display_name: 'قياسي' },
    marks: [], lastWord: null, phase: 'paused', elapsedMs: 5_000, startedAt: '2026-01-01T09:00:00.000Z', recordAudio: false, audio: { segments: 0, bytes: 0, type: null },
    notes: '', createdAt: 1, updatedAt: 1,
  }
}

async function showPaused(record: CaptureRecord) {
  await putCapture(db, record)
  renderWithI18n(
    <OutboxProvider outbox={outbox}>
      <CaptureScreen db={db} row={{ record, state: 'in-progress' }} onDone={() => {}} onReport={() => {}} />
    </OutboxProvider>,
  )
}

beforeEach(() => {
  // Only the clock and the ticker are faked: the device database keeps its real timers.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  db = new MiscueDb(`capture-screen-${crypto.randomUUID()}`)
  outbox = new Outbox({ db, isOnline: () => false, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null, schedule: () => () => {} })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a paused reading on the capture screen', () => {
  it.each([['an untimed passage', 0], ['a timed passage', 60]])('carries on by touch on %s, the clock running again', async (_, seconds) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await showPaused(pausedReading(seconds))
    const clock = screen.getByRole('timer', { name: 'Reading time' })
    expect(clock.textContent).toMatch(/^0:05/)

    await user.click(screen.getByRole('button', { name: 'Carry on reading' }))
    screen.getByRole('button', { name: 'Pause' })
    act(() => vi.advanceTimersByTime(3_000))
    expect(clock.textContent).toMatch(/^0:08/)
    expect(screen.queryByRole('button', { name: 'Carry on reading' })).toBeNull()
  })
})
