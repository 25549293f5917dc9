// The new-sitting form asks for the level of the text read only when the passage's profile sets its bands by
// level (F&P), offering the levels the profile names, and starts the sitting with the level chosen.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BUILT_IN_PROFILES } from '../../../../shared/reports/scoring-profile'
import type { CaptureKit } from '../../../../shared/schemas/capture'
import { renderWithI18n } from '../../../test-utils'
import { NewSittingForm } from './new-sitting-form'

const profiles = BUILT_IN_PROFILES.map(({ source: _source, ...p }, i) => ({ ...p, id: i + 1, built_in: true, updated_at: '2026-01-01T00:00:00.000Z' }))
const fp = profiles.find((p) => p.code === 'fountas-pinnell')!
const standard = profiles.find((p) => p.code === 'standard')!
const kit: CaptureKit = {
  school: 1, academic_year: 1, miscue_types: [], cue_categories: [],
  classes: [{ id: 3, name: 'Grade 1 A', students: [{ id: 5, first_name: 'Sara', last_name: 'Ahmed', arabic_name: 'سارة أحمد', enrollment_code: 'S1' }] }],
  assessments: [
    { id: 8, title: 'The red hen', content: 'The red hen', direction: 'ltr', duration_seconds: 0 },
    { id: 9, title: 'ذهب الولد', content: 'ذهب الولد', direction: 'rtl', duration_seconds: 0 },
  ],
  scoring: { profiles, selected: { en: fp.id, ar: standard.id } },
}

describe('the new-sitting form', () => {
  it('asks for the text level under F&P only, and starts the sitting with it', async () => {
    const onStart = vi.fn(async () => {})
    const user = userEvent.setup()
    renderWithI18n(<NewSittingForm kit={{ data: kit, dataUpdatedAt: 0, isPending: false, isError: false, refetch: () => {} }} online onStart={onStart} />)
    await user.selectOptions(screen.getByLabelText('Class'), 'Grade 1 A')
    await user.selectOptions(screen.getByLabelText('Student'), 'Sara Ahmed')
    await user.selectOptions(screen.getByLabelText('Passage'), 'ذهب الولد')
    expect(screen.queryByLabelText('Text level')).toBeNull() // Arabic passages: running records, one set of bands
    await user.selectOptions(screen.getByLabelText('Passage'), 'The red hen')
    const level = screen.getByLabelText('Text level')
    expect([...level.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Not given', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])
    await user.selectOptions(level, 'M')
    await user.click(screen.getByRole('button', { name: 'Start sitting' }))
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ assessmentId: 8, textLevel: 'M' }))
  })
})
