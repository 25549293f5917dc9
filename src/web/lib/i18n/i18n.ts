import { i18n, setupI18n } from '@lingui/core'
import type { I18n } from '@lingui/core'
import { loadCatalog, loadedCatalog, loadFirstCatalog } from './catalogs'
import type { FirstScreen } from './catalogs'
import { applyDocumentLanguage, getLanguage } from './language'
import type { Language } from './language'

export { loadCatalog }

let fullCatalog: Promise<void> | null = null

/** The screen whose part of the catalog the app started with (null once it started with the full catalog). */
let startedWithPartFor: FirstScreen | null = null

/**
 * Loads the catalog of the first screen (the sign-in page's messages only, on a first visit to it, ADR
 * 0105; the app's start and the report's, on a class report's, ADR 0108) and activates it: the app's start
 * awaits this before rendering.
 */
export async function loadAndActivateLanguage(language: Language = getLanguage()): Promise<typeof i18n> {
  const first = await loadFirstCatalog(language)
  startedWithPartFor = first.partFor
  if (!first.partFor) fullCatalog = Promise.resolve()
  i18n.loadAndActivate({ locale: language, messages: first.messages })
  applyDocumentLanguage(language)
  return i18n
}

/** Whether the app started with the part of the catalog of this screen, and may show it without the rest. */
export function startedWithPartOf(screen: FirstScreen): boolean {
  return startedWithPartFor === screen
}

/**
 * The whole catalog of the active language, added to what is shown (the screen re-renders with it). Every
 * screen but the one the app started with a part of the catalog for waits for it (routes/__root.tsx); that
 * one fetches it after its first paint. A failed fetch (offline on a first visit) is tried again by the next call.
 */
export function loadFullCatalog(language: Language = getLanguage()): Promise<void> {
  fullCatalog ??= loadCatalog(language).then(
    (messages) => i18n.load(language, messages),
    (error: unknown) => {
      fullCatalog = null
      throw error
    },
  )
  return fullCatalog
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
