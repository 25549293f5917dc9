// The compiled catalogs, one chunk per language: a first visit downloads only the active language's
// (ADR 0100), and a first visit to the sign-in page only the sign-in page's messages of it (ADR 0105).
// The service worker precaches them all, so switching languages offline still works.
// Imports nothing of the app, so the unit tests' setup can preload both catalogs without fixing mocks.
import type { Messages } from '@lingui/core'

export type CatalogLanguage = 'en' | 'ar'

const LOADERS: Record<CatalogLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages'),
  ar: () => import('../../locales/ar/messages'),
}
const loaded: Partial<Record<CatalogLanguage, Messages>> = {}

declare global {
  interface Window {
    /** The sign-in page's catalog, set by public/lang-dir.js when the first screen is the sign-in page. */
    miscueSignInCatalog?: string
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
 * The catalog the app's first render waits for: the sign-in page's messages when public/lang-dir.js chose
 * them for this page (a production build's first screen is the sign-in page), the full catalog otherwise.
 * Tells which it is: the full catalog must be loaded (loadCatalog) before any other screen renders.
 */
export async function loadFirstCatalog(language: CatalogLanguage): Promise<{ messages: Messages; full: boolean }> {
  const signIn = typeof window === 'undefined' ? undefined : window.miscueSignInCatalog
  if (signIn) {
    try {
      const module = (await import(/* @vite-ignore */ signIn)) as { messages: Messages }
      return { messages: { ...module.messages }, full: false }
    } catch {
      // Not reachable (a stale address after an update): the full catalog will do.
    }
  }
  return { messages: await loadCatalog(language), full: true }
}
