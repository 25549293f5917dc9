// A school's country as a spreadsheet gives it: the ISO code (AE), or the English or Arabic name
// ("United Arab Emirates", "الإمارات العربية المتحدة"). Only the upload readers import this (worker, server):
// the names of every country in two languages stay out of the app's main bundle.
import countries from 'i18n-iso-countries'
import ar from 'i18n-iso-countries/langs/ar.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }

countries.registerLocale(en)
countries.registerLocale(ar)

const codes = new Set(Object.keys(countries.getAlpha2Codes()))

/** The alpha-2 code of a country named by code, English or Arabic name; null when none matches. */
export function countryCode(value: string): string | null {
  const text = value.trim()
  if (text === '') return null
  if (/^[a-z]{2}$/i.test(text) && codes.has(text.toUpperCase())) return text.toUpperCase()
  return countries.getAlpha2Code(text, 'en') ?? countries.getAlpha2Code(text, 'ar') ?? null
}

/** The country's name in a language (for the template's instructions). */
export function countryName(code: string, lang: 'en' | 'ar'): string {
  return countries.getName(code, lang) ?? code
}
