import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { reloadPage } from '../../lib/i18n/reload-page'
import { LanguageSelect } from './language-select'

vi.mock('../../lib/i18n/reload-page', () => ({ reloadPage: vi.fn() }))

describe('LanguageSelect', () => {
  it('switches to Arabic: right-to-left page, remembered choice, then a reload', async () => {
    const user = userEvent.setup()
    renderWithI18n(<LanguageSelect />)
    await user.click(screen.getByRole('button', { name: 'Language: English' }))
    await user.click(await screen.findByRole('option', { name: 'العربية' }))

    expect(document.documentElement.getAttribute('dir')).toBe('rtl')
    expect(document.documentElement.getAttribute('lang')).toBe('ar')
    expect(localStorage.getItem('language')).toBe('ar')
    expect(localStorage.getItem('direction')).toBe('rtl')
    expect(reloadPage).toHaveBeenCalledOnce()
  })
})
