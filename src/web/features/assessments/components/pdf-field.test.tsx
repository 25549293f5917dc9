import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '../../../lib/i18n/i18n'
import { renderWithI18n } from '../../../test-utils'
import { PdfField } from './pdf-field'

beforeAll(() => {
  activateLanguage('en')
})

describe('PdfField', () => {
  it('refuses a file named .pdf that is not a PDF and keeps nothing', async () => {
    const onChange = vi.fn()
    renderWithI18n(<PdfField label="PDF file" required stored={null} onStoredOpen={() => {}} onChange={onChange} />)
    await userEvent.upload(screen.getByLabelText(/PDF file/), new File(['not a pdf'], 'x.pdf', { type: 'application/pdf' }))
    expect((await screen.findByRole('alert')).textContent).toContain('“x.pdf” is not a PDF document')
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('accepts a real PDF and shows its name and size', async () => {
    const onChange = vi.fn()
    renderWithI18n(<PdfField label="PDF file" required stored={{ name: 'old.pdf' }} onStoredOpen={() => {}} onChange={onChange} />)
    expect(screen.getByRole('button', { name: 'old.pdf' })).toBeTruthy()
    await userEvent.upload(screen.getByLabelText(/PDF file/), new File(['%PDF-1.4\n%%EOF\n'], 'new.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:application\/pdf;/)))
    expect(screen.getByRole('status').textContent).toContain('Chosen: new.pdf (15 byte)')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
