// The compiled catalogs, one chunk per language: a first visit downloads only the active language's
// (ADR 0100), a first visit to the sign-in page only the sign-in page's messages of it (ADR 0105), and one
// to a class report only those of the app's start and the report (ADR 0108).
// The service worker precaches them all, so switching languages offline still works.
// Imports nothing of the app, so the unit tests' setup can preload both catalogs without fixing mocks.
import type { Messages } from '@lingui/core'

export type CatalogLanguage = 'en' | 'ar'

const LOADERS: Record<CatalogLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages'),
  ar: () => import('../../locales/ar/messages'),
}
const loaded: Partial<Record<CatalogLanguage, Messages>> = {}

/** The screens a first visit may start with a part of the catalog for (public/lang-dir.js chooses). */
export type FirstScreen = 'sign-in' | 'report'

declare global {
  interface Window {
    /**
     * The first screen's part of the catalog, set by public/lang-dir.js: the sign-in page's messages (ADR
     * 0105), or those of the app's start and a class report opened by its address (ADR 0108).
     */
    miscueFirstCatalog?: { file: string; screen: FirstScreen }
  }
}

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

/**
 * The catalog the app's first render waits for: the first screen's part of it when public/lang-dir.js chose
 * one for this page, the full catalog otherwise. Tells which screen the part is for (null: the full
 * catalog): the full catalog must be loaded (loadCatalog) before any other screen renders.
 */
export async function loadFirstCatalog(language: CatalogLanguage): Promise<{ messages: Messages; partFor: FirstScreen | null }> {
  const first = typeof window === 'undefined' ? undefined : window.miscueFirstCatalog
  if (first) {
    try {
      const module = (await import(/* @vite-ignore */ first.file)) as { messages: Messages }
      return { messages: { ...module.messages }, partFor: first.screen }
    } catch {
      // Not reachable (a stale address after an update): the full catalog will do.
    }
  }
  return { messages: await loadCatalog(language), partFor: null }
}
