import { describe, expect, it } from 'vitest'
import { countryOptions } from './school-form'

const countries = [
  { code: 'EG', name_en: 'Egypt', name_ar: 'مصر' },
  { code: 'AE', name_en: 'United Arab Emirates', name_ar: 'الإمارات العربية المتحدة' },
  { code: 'JO', name_en: 'Jordan', name_ar: 'الأردن' },
]

describe('countryOptions', () => {
  it('names and sorts countries in the interface language', () => {
    expect(countryOptions(countries, 'en').map((o) => o.label)).toEqual(['Egypt', 'Jordan', 'United Arab Emirates'])
    expect(countryOptions(countries, 'ar').map((o) => o.value)).toEqual(['JO', 'AE', 'EG'])
  })

  it('keeps a stored code that is not in the list choosable', () => {
    expect(countryOptions([], 'en', 'XK')).toEqual([{ value: 'XK', label: 'XK' }])
  })
})
