// The list of sittings on this device shows each finished one's score by its kind (ADR 0122): a question set's
// points as a score once every question has them, never a score before.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STANDARD_RULES } from '../../../../shared/reports/scoring-profile'
import { renderWithI18n } from '../../../test-utils'
import type { CaptureRecord } from '../capture-record'
import { CaptureList } from './capture-list'

const STEP = { kind: 'questions' as const, items: [{ prompt: 'Who ran?', expected: 'Tom', points: 3 }, { prompt: 'Where?', expected: 'The park', points: 1 }] }

function questionSet(comprehension: (number | null)[]): CaptureRecord {
  return {
    id: crypto.randomUUID(), owner: 'sample.localhost|4', schoolId: 1, yearId: 2, classId: 3, className: 'Grade 1 A', studentId: 5, studentName: 'Sara Ahmed', studentArabicName: 'سارة أحمد',
    assessment: { id: 9, title: 'Park questions', content: 'Tom and his dog ran to the park', direction: 'ltr', duration_seconds: 0, kind: 'question_set', comprehension: STEP },
    types: [], profile: { id: 1, version: 1, rules: STANDARD_RULES, display_name: 'Standard', arabic_display_name: 'قياسي' },
    marks: [], lastWord: 7, phase: 'finished', elapsedMs: 30_000, startedAt: null, recordAudio: false, audio: { segments: 0, bytes: 0, type: null },
    notes: '', createdAt: 1, updatedAt: 1, comprehension,
  }
}

describe('the sittings on this device', () => {
  it.each([['every question scored', [2, 1], '75%'], ['a question not scored yet', [2, null], '—']])(
    'shows a question set with %s its points as a score or none', (_, given, shown) => {
      renderWithI18n(<CaptureList rows={[{ record: questionSet(given), state: 'in-progress' }]} onOpen={() => {}} onReport={() => {}} />)
      const row = screen.getByTestId('capture-row')
      expect(row.querySelectorAll('td')[2]!.textContent).toBe(shown)
    })
})
