// The chosen language and direction live in localStorage (`language`, `direction`) and default to
// English, left-to-right (spec §1). index.html applies them before the first paint.
import { reloadPage } from './reload-page'

export const LANGUAGES = ['en', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export type Direction = 'ltr' | 'rtl'

const LANGUAGE_KEY = 'language'
const DIRECTION_KEY = 'direction'

/** The translation code is the first two letters of the stored value, lower-cased. */
export function getLanguage(): Language {
  const code = (safeGet(LANGUAGE_KEY) ?? 'en').slice(0, 2).toLowerCase()
  return code === 'ar' ? 'ar' : 'en'
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr'
}

export function applyDocumentLanguage(language: Language = getLanguage()): void {
  document.documentElement.lang = language
  document.documentElement.dir = directionOf(language)
}

/** Stores the language and its direction, updates <html>, then reloads the page (spec §1). */
export function switchLanguage(language: Language, reload: () => void = reloadPage): void {
  localStorage.setItem(LANGUAGE_KEY, language)
  localStorage.setItem(DIRECTION_KEY, directionOf(language))
  applyDocumentLanguage(language)
  reload()
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
