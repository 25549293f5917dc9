import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { PieChart } from './pie-chart'

const slices = [
  { key: 'omission', label: 'Omission', value: 60, color: '#0072B2' },
  { key: 'insertion', label: 'Insertion', value: 40, color: '#E69F00' },
  { key: 'told', label: 'Told', value: 0, color: '#CC79A7' },
]

describe('PieChart', () => {
  it('has a table with every slice, its value and share, as the text alternative', () => {
    renderWithI18n(<PieChart slices={slices} caption="Miscues" valueHeader="Percent" shareHeader="Share" formatValue={(v) => `${v}%`} />)
    const table = screen.getByRole('table', { name: 'Miscues' })
    const omission = within(table).getByRole('row', { name: /Omission/ })
    expect(omission.textContent).toContain('60%')
    expect(within(table).getByRole('row', { name: /Told/ }).textContent).toContain('0%')
    // The drawing itself is hidden from screen readers: the table says the same.
    expect(screen.getByTestId('pie-chart').getAttribute('aria-hidden')).toBe('true')
  })

  it('draws one patterned slice per non-zero value, each with a different pattern', () => {
    renderWithI18n(<PieChart slices={slices} caption="Miscues" valueHeader="Percent" shareHeader="Share" />)
    const paths = screen.getByTestId('pie-chart').querySelectorAll('path[fill^="url(#"]')
    expect(paths).toHaveLength(2)
    expect(new Set([...paths].map((p) => p.getAttribute('fill'))).size).toBe(2)
  })

  it('runs the other way round in a right-to-left page', () => {
    renderWithI18n(<PieChart slices={slices} caption="Miscues" valueHeader="Percent" shareHeader="Share" direction="rtl" />)
    expect(screen.getByTestId('pie-chart').querySelector('g')?.getAttribute('transform')).toContain('scale(-1,1)')
  })
})
