import { i18n, setupI18n } from '@lingui/core'
import type { I18n } from '@lingui/core'
import { loadCatalog, loadedCatalog } from './catalogs'
import { applyDocumentLanguage, getLanguage } from './language'
import type { Language } from './language'

export { loadCatalog }

/** Loads the active language's catalog, then activates it (the app's start awaits this before rendering). */
export async function loadAndActivateLanguage(language: Language = getLanguage()): Promise<typeof i18n> {
  await loadCatalog(language)
  return activateLanguage(language)
}

/** Activates a language whose catalog is loaded (loadCatalog; the unit tests' setup loads both). */
export function activateLanguage(language: Language = getLanguage()): typeof i18n {
  i18n.loadAndActivate({ locale: language, messages: loadedCatalog(language) })
  applyDocumentLanguage(language)
  return i18n
}

export { i18n }

/** A separate instance in one language (its catalog loaded), for a page printed in the family's language. */
export function createI18nFor(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: loadedCatalog(language) } })
}
