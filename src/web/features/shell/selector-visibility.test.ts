import { describe, expect, it } from 'vitest'
import { selectorVisibility } from './selector-visibility'

const flags = (over: Partial<{ has_access_to_multiple_tenant: boolean; has_school_selection: boolean; has_year_selection: boolean }> = {}) => ({
  has_access_to_multiple_tenant: false, has_school_selection: true, has_year_selection: true, ...over,
})
const here = { schools: 3, years: 2, onInstitutionHost: true }

describe('school and year selectors follow the access flags (spec §6)', () => {
  it('shows both when the flags allow and there is something to choose', () => {
    expect(selectorVisibility(flags(), here)).toEqual({ school: true, year: true })
  })

  it('hides the school selector when has_school_selection is false, however many schools there are', () => {
    expect(selectorVisibility(flags({ has_school_selection: false }), here)).toEqual({ school: false, year: true })
  })

  it('hides the year selector when has_year_selection is false, and when there is no year', () => {
    expect(selectorVisibility(flags({ has_year_selection: false }), here).year).toBe(false)
    expect(selectorVisibility(flags(), { ...here, years: 0 }).year).toBe(false)
  })

  it('offers no school choice with a single school even when allowed', () => {
    expect(selectorVisibility(flags(), { ...here, schools: 1 }).school).toBe(false)
  })

  it('shows them to multi-tenant users only on an institution host', () => {
    expect(selectorVisibility(flags({ has_access_to_multiple_tenant: true }), { ...here, onInstitutionHost: false })).toEqual({ school: false, year: false })
    expect(selectorVisibility(flags({ has_access_to_multiple_tenant: true }), here)).toEqual({ school: true, year: true })
  })
})
