import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../../test-utils'
import { RangeReportForm } from './range-report-form'

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

describe('RangeReportForm', () => {
  it('keeps the buttons disabled until both dates are set and in order, then sends the range', () => {
    const onAction = vi.fn()
    renderWithI18n(<RangeReportForm title="Bundle" classId={4} actions={['download', 'email']} busy={false} offline={false} onAction={onAction} />)
    const download = screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement
    expect(download.disabled).toBe(true)
    fill('From date', '2026-03-10')
    fill('To date', '2026-03-01')
    expect(download.disabled).toBe(true)
    expect(screen.getByText('The end date is before the start date.')).toBeTruthy()
    fill('To date', '2026-03-31')
    expect(download.disabled).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Email' }))
    expect(onAction).toHaveBeenCalledWith('email', { from_date: '2026-03-10', to_date: '2026-03-31', scope: 3 })
  })

  it("says 'must select a class' for the class scope without a class, and not for the school scope", () => {
    renderWithI18n(<RangeReportForm title="Tally" classId={0} actions={['download']} busy={false} offline={false} onAction={() => {}} />)
    fill('From date', '2026-03-01')
    fill('To date', '2026-03-31')
    expect(screen.getByRole('alert').textContent).toContain('must select a class')
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: '2' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the parent buttons only when the report offers them', () => {
    const { unmount } = renderWithI18n(<RangeReportForm title="B" classId={4} actions={['download', 'email']} busy={false} offline={false} onAction={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Download parent report' })).toBeNull()
    unmount()
    renderWithI18n(<RangeReportForm title="B" classId={4} actions={['download', 'email', 'download_parent', 'email_parent']} busy={false} offline={false} onAction={() => {}} />)
    expect(screen.getByRole('button', { name: 'Download parent report' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Email parent report' })).toBeTruthy()
  })
})
