// Rendering helpers shared by the web unit tests.
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { activateLanguage, i18n } from './lib/i18n/i18n'

export function renderWithI18n(ui: ReactElement) {
  if (!i18n.locale) activateLanguage('en')
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}
