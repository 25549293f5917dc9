import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../lib/api/api-error'
import { activateLanguage, i18n } from '../../lib/i18n/i18n'
import { renderWithI18n } from '../../test-utils'
import { SpreadsheetUploadDialog, isSpreadsheetName, uploadErrorOutcome } from './spreadsheet-upload-dialog'

beforeAll(() => {
  activateLanguage('en')
})

describe('uploadErrorOutcome', () => {
  it('shows 501 "not available yet" as information with the server text', () => {
    expect(uploadErrorOutcome(i18n, new ApiError(501, ['Importing it is not available yet.']))).toEqual({ kind: 'info', messages: ['Importing it is not available yet.'] })
  })

  it('shows refusals and network failures as errors', () => {
    expect(uploadErrorOutcome(i18n, new ApiError(400, ['Only .xls and .xlsx']))).toEqual({ kind: 'error', messages: ['Only .xls and .xlsx'] })
    expect(uploadErrorOutcome(i18n, new NetworkError()).kind).toBe('error')
  })
})

describe('SpreadsheetUploadDialog', () => {
  it('offers only .xls and .xlsx names', () => {
    expect(isSpreadsheetName('a.XLSX')).toBe(true)
    expect(isSpreadsheetName('a.xls')).toBe(true)
    expect(isSpreadsheetName('a.csv')).toBe(false)
  })

  it('asks for confirmation, sends the file and shows the answer', async () => {
    const onUpload = vi.fn().mockResolvedValue({ kind: 'info', messages: ['Not available yet.'] })
    renderWithI18n(<SpreadsheetUploadDialog open title="Upload libraries" onClose={() => {}} onUpload={onUpload} />)
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'libs.xlsx')
    await userEvent.upload(await screen.findByLabelText('Spreadsheet file'), file)
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, upload' }))
    expect(onUpload).toHaveBeenCalledWith(file)
    expect((await screen.findByRole('status')).textContent).toContain('Not available yet.')
  })
})
