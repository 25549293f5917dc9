import { i18n, setupI18n } from '@lingui/core'
import type { I18n } from '@lingui/core'
import type { Messages } from '@lingui/core'
import { messages as enMessages } from '../../locales/en/messages'
import { messages as arMessages } from '../../locales/ar/messages'
import { applyDocumentLanguage, getLanguage } from './language'
import type { Language } from './language'

// Both catalogs are bundled: they are small and the app must switch languages offline.
const CATALOGS: Record<Language, Messages> = { en: enMessages, ar: arMessages }

export function activateLanguage(language: Language = getLanguage()): typeof i18n {
  i18n.loadAndActivate({ locale: language, messages: CATALOGS[language] })
  applyDocumentLanguage(language)
  return i18n
}

export { i18n }

/** A separate instance in one language, for a page printed in the family's language whatever the interface's. */
export function createI18nFor(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } })
}
