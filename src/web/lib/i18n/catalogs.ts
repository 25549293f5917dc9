// The compiled catalogs, one chunk per language: a first visit downloads only the active language's
// (ADR 0100). The service worker precaches both, so switching languages offline still works.
// Imports nothing of the app, so the unit tests' setup can preload both catalogs without fixing mocks.
import type { Messages } from '@lingui/core'

export type CatalogLanguage = 'en' | 'ar'

const LOADERS: Record<CatalogLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages'),
  ar: () => import('../../locales/ar/messages'),
}
const loaded: Partial<Record<CatalogLanguage, Messages>> = {}

/** Fetches a language's catalog once (from the precache when offline). */
export async function loadCatalog(language: CatalogLanguage): Promise<Messages> {
  loaded[language] ??= (await LOADERS[language]()).messages
  return loaded[language]
}

/** A catalog already loaded by loadCatalog; throws otherwise (a programming error, not a user's). */
export function loadedCatalog(language: CatalogLanguage): Messages {
  const messages = loaded[language]
  if (!messages) throw new Error(`The ${language} catalog is not loaded yet (await loadCatalog first)`)
  return messages
}
