// The capture screen's timer bar by touch: a paused reading carries on from a visible button, untimed passages
// (the usual running record) as well as timed ones, and the clock runs again from where it stopped. Its live
// figures follow the assessment's kind (ADR 0122), in both languages.
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from '../../../../shared/reports/miscue-types'
import { STANDARD_RULES } from '../../../../shared/reports/scoring-profile'
import { MiscueDb } from '../../../lib/db/db'
import { activateLanguage } from '../../../lib/i18n/i18n'
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

async function show(record: CaptureRecord) {
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
  activateLanguage('en')
})

describe('a paused reading on the capture screen', () => {
  it.each([['an untimed passage', 0], ['a timed passage', 60]])('carries on by touch on %s, the clock running again', async (_, seconds) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await show(pausedReading(seconds))
    const clock = screen.getByRole('timer', { name: 'Reading time' })
    expect(clock.textContent).toMatch(/^0:05/)

    await user.click(screen.getByRole('button', { name: 'Carry on reading' }))
    screen.getByRole('button', { name: 'Pause' })
    act(() => vi.advanceTimersByTime(3_000))
    expect(clock.textContent).toMatch(/^0:08/)
    expect(screen.queryByRole('button', { name: 'Carry on reading' })).toBeNull()
  })
})

/** A grid or question set read to its end in 30 seconds of a one-minute task, nothing marked wrong. */
function finishedReading(kind: 'letter_grid' | 'word_grid' | 'question_set', content: string): CaptureRecord {
  const record = pausedReading(60)
  const words = content.split(' ').length
  return {
    ...record, phase: 'finished', elapsedMs: 30_000, lastWord: words - 1,
    assessment: { ...record.assessment, kind, content, title: 'Grid',
      ...(kind === 'question_set' ? { comprehension: { kind: 'questions', items: [{ prompt: 'Who ran?', expected: 'Tom', points: 3 }, { prompt: 'Where?', expected: 'The park', points: 1 }] } } : {}) },
    ...(kind === 'question_set' ? { comprehension: [2, 1] } : {}),
  }
}

async function showFinished(record: CaptureRecord) {
  await show(record)
  return within(await screen.findByTestId('live-figures'))
}

describe('the live figures of the capture screen, by the kind of assessment', () => {
  it('keeps a passage its words correct per minute and its level band', async () => {
    const figures = await showFinished({ ...pausedReading(60), phase: 'finished', elapsedMs: 30_000, lastWord: 7 })
    expect(figures.getByTitle('Words read correctly per minute').textContent).toBe('WCPM')
    expect(figures.getByTestId('figure-wcpm').textContent).toBe('16')
    expect(figures.getByTestId('figure-band').textContent).toBe('Independent')
  })

  it('shows a letter grid its correct letter sounds per minute and no level band', async () => {
    const figures = await showFinished(finishedReading('letter_grid', 'm s a t p i n d'))
    expect(figures.getByTitle('Correct letter sounds per minute').textContent).toBe('CLSPM')
    expect(figures.getByTestId('figure-clpm').textContent).toBe('16')
    expect(figures.getByText('8 of 8')).toBeTruthy()
    expect(figures.queryByText('WCPM')).toBeNull()
    expect(figures.queryByText('Level')).toBeNull()
    expect(figures.queryByTestId('figure-band')).toBeNull()
  })

  it('shows it in Arabic too', async () => {
    activateLanguage('ar')
    const figures = await showFinished(finishedReading('letter_grid', 'م س ا ت ب ي ن د'))
    expect(figures.getByTitle('أصوات الحروف الصحيحة في الدقيقة')).toBeTruthy()
    expect(figures.getByTestId('figure-clpm').textContent).toBe('16')
    expect(figures.queryByTestId('figure-band')).toBeNull()
  })

  it('shows a word grid its correct words per minute and no level band', async () => {
    const figures = await showFinished(finishedReading('word_grid', 'the cat sat on a mat'))
    expect(figures.getByTitle('Correct words per minute').textContent).toBe('CWPM')
    expect(figures.getByTestId('figure-wcpm').textContent).toBe('12')
    expect(figures.queryByTestId('figure-band')).toBeNull()
  })

  it('shows a question set its points, nothing per minute and no level band', async () => {
    const figures = await showFinished(finishedReading('question_set', 'Tom and his dog ran to the park'))
    expect(figures.getByTestId('figure-points').textContent).toBe('3 of 4')
    expect(figures.getByTestId('figure-accuracy').textContent).toBe('75%')
    expect(figures.queryByTestId(/^figure-(wcpm|clpm)$/)).toBeNull()
    expect(figures.queryByTestId('figure-band')).toBeNull()
  })
})
