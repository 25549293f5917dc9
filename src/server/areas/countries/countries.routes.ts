import { Hono } from 'hono'
import countries from 'i18n-iso-countries'
import ar from 'i18n-iso-countries/langs/ar.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import type { AppEnv } from '../../context'
import { requireAuth } from '../../middleware/auth'
import type { CountryOption } from '../../../shared/schemas/institution'
import { describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

countries.registerLocale(en)
countries.registerLocale(ar)

/** Every ISO 3166-1 alpha-2 country with its English and Arabic name, sorted by English name. */
export const COUNTRIES: CountryOption[] = Object.keys(countries.getAlpha2Codes())
  .map((code) => ({ code, name_en: countries.getName(code, 'en') ?? code, name_ar: countries.getName(code, 'ar') ?? code }))
  .sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'))

/** Reference data for address forms: any signed-in user on any host. */
export const countryRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.countries, requireAuth)
  .get(routes.countries, describe({ summary: 'ISO 3166-1 alpha-2 countries {code, name_en, name_ar}, sorted by English name', tag: 'reference' }), (c) => c.json({ payload: { results: COUNTRIES, count: COUNTRIES.length } }))
