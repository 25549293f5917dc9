import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '../../../test-utils'
import { CommonSummaryCard } from './common-summary-card'

const share = (miscue: string, percentage: number, color_code: string) => ({ miscue, arabic_miscue: '', miscue_code: miscue.toLowerCase(), color_code, count: percentage, percentage })

describe('CommonSummaryCard', () => {
  it('shows total students, total tests and the pie with each miscue type', () => {
    renderWithI18n(<CommonSummaryCard report={{ total_students: 4, total_tests: 7, cues: { analysable: 0, coded: 0, cues: [] }, miscues: [share('Omission', 75, '#0072B2'), share('Told', 25, '#CC79A7')] }} />)
    expect(screen.getByText('Total students').nextElementSibling?.textContent).toBe('4')
    expect(screen.getByText('Total tests').nextElementSibling?.textContent).toBe('7')
    expect(screen.getByRole('row', { name: /Omission/ }).textContent).toContain('75%')
    expect(screen.getByTestId('pie-chart')).toBeTruthy()
  })

  it('is drawn with its heading before the report arrives, holding what it is given meanwhile', () => {
    renderWithI18n(<CommonSummaryCard pending={<p role="status">Loading…</p>} />)
    const card = screen.getByRole('region', { name: 'Common miscue summary' })
    expect(card.textContent).toContain('Loading…')
    expect(screen.queryByText('Total students')).toBeNull()
    expect(screen.queryByTestId('pie-chart')).toBeNull()
  })

  it('shows the empty message instead of a pie when there is nothing to show', () => {
    renderWithI18n(<CommonSummaryCard report={{ total_students: 0, total_tests: 0, miscues: [], cues: { analysable: 0, coded: 0, cues: [] } }} />)
    expect(screen.getByText('No miscue data for this class and assessment yet.')).toBeTruthy()
    expect(screen.queryByTestId('pie-chart')).toBeNull()
  })
})
