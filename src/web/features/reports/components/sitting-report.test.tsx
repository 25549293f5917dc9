// The sitting report shows the figures a running record is read by (ADR 0118): the error rate and the
// self-correction rate as 1 : x, the errors against accuracy and against WCPM when they differ, the profile
// version, and the miscue types the tablet scored with when the institution has changed them since.
import { cleanup, screen } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { Sitting } from '../../../../shared/schemas/sitting'
import { activateLanguage } from '../../../lib/i18n/i18n'
import { renderWithI18n } from '../../../test-utils'
import { SittingReport } from './sitting-report'

const student = { id: 7, first_name: 'Sara', last_name: 'Ahmed', arabic_name: 'سارة أحمد', enrollment_code: 'SMPL-1', gender: 'f' as const, school: 1 }
const sitting: Sitting = {
  id: 3, student: 7, student_name: 'Sara Ahmed', assessment: 2, assessment_name: 'Marion', assessment_type: 'Passage', kind: 'passage', class: 1, class_name: 'Grade 1 A',
  school: 1, academic_year: 1, academic_year_name: '2026-2027', teacher: 4, teacher_name: 'Layla Nasser', content: '<span>Marion</span>', direction: 'ltr',
  marks: [], miscues: [{ miscue: 'Substitution', arabic_miscue: 'استبدال', miscue_code: 'substitution', color_code: '#D55E00', count: 2, percentage: 100 }],
  cue_summary: { analysable: 0, coded: 0, cues: [] }, cue_categories: [],
  score: 91, accuracy: 91.3, wcpm: 21, clpm: null, comprehension: null, level_decision: null, error_count: 2, fluency_error_count: 1, self_correction_count: 2, error_rate: 12, self_correction_ratio: 2,
  band: 'instructional', total_question: 23, total_attempted: 23, total_correct: 21, duration: '00:01:00', duration_seconds: 60,
  created_in_device_at: '2026-10-01T08:00:00.000Z', audio_url: null, notes: '', scoring_version: 2,
  scoring_profile: { id: 1, version: 2, display_name: 'Running records (Clay)', arabic_display_name: 'السجل الجاري (كلاي)' },
  text_level: null, scored_flags: { substitution: true }, reading_gaps: [], bracket_word: null, discontinued: false, created_at: '2026-10-01T08:00:00.000Z',
  version: 1, voided: null, trail: [], words: [], lines: [],
}

function show(shown: Sitting = sitting) {
  const root = createRootRoute()
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <SittingReport student={student} sitting={{ data: shown, dataUpdatedAt: 0 }} /> })
  const target = createRoute({ getParentRoute: () => root, path: '/report/$studentId/student', component: () => null })
  renderWithI18n(<RouterProvider router={createRouter({ routeTree: root.addChildren([page, target]), history: createMemoryHistory({ initialEntries: ['/'] }) })} />)
}
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent

afterEach(() => {
  localStorage.removeItem('language')
  activateLanguage('en')
})

describe('the sitting report', () => {
  it('shows the error rate and the self-correction rate as 1 : x, and the errors against WCPM apart', async () => {
    show()
    await screen.findByText('Error rate', { selector: 'dt' })
    expect(detail('Error rate')).toBe('1 : 12')
    expect(detail('Self-correction rate')).toBe('1 : 2')
    expect(detail('Errors')).toBe('2 (1 counted against WCPM)')
    expect(detail('Scored with')).toBe('Running records (Clay) (version 2)')
    expect(screen.getByTestId('scored-flags').textContent).toContain('Substitution counted as an error')
  })

  it('says the same in Arabic', async () => {
    localStorage.setItem('language', 'ar')
    activateLanguage('ar')
    show()
    await screen.findByText('معدل الأخطاء', { selector: 'dt' })
    expect(detail('معدل الأخطاء')).toBe('1 : 12')
    expect(detail('معدل التصحيح الذاتي')).toBe('1 : 2')
    expect(detail('صُحّحت وفق')).toContain('السجل الجاري (كلاي)')
    expect(screen.getByTestId('scored-flags').textContent).toContain('استبدال يُحتسب خطأً')
  })

  it('says where the page was hidden or the microphone lost, and the one-minute bracket, in both languages (ADR 0120)', async () => {
    const timed: Sitting = {
      ...sitting, bracket_word: 79, discontinued: false,
      reading_gaps: [{ at: '2026-10-01T08:00:20.000Z', seconds: 12, reason: 'hidden' }, { at: '2026-10-01T08:01:10.000Z', seconds: 1, reason: 'microphone' }],
    }
    show(timed)
    const notes = await screen.findByTestId('reading-timing')
    expect(notes.textContent).toMatch(/the page was hidden for 12 seconds: the clock kept running and the recording has a gap there\./)
    expect(notes.textContent).toMatch(/the microphone was lost for 1 second/)
    expect(notes.textContent).toContain('up to word 80, the word reached at one minute')
    cleanup()
    localStorage.setItem('language', 'ar')
    activateLanguage('ar')
    show({ ...timed, discontinued: true })
    const arabic = await screen.findByTestId('reading-timing')
    expect(arabic.textContent).toContain('كانت الصفحة مخفية مدة 12 ثانية: استمر الوقت في الجريان')
    expect(arabic.textContent).toContain('أُوقفت القراءة')
  })

  it('says nothing of timing for a sitting without gaps, bracket or discontinue', async () => {
    show()
    await screen.findByText('Error rate', { selector: 'dt' })
    expect(screen.queryByTestId('reading-timing')).toBeNull()
  })
})
