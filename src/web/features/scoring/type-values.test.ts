import { describe, expect, it } from 'vitest'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { offeredAlongside, typeBody, typeIssues, typeValues } from './type-values'

const shortVowel: MiscueType = {
  id: 10, code: 'short_vowel', display_name: 'Short vowel (haraka)', arabic_display_name: 'خطأ في الحركة', color_code: '#882255',
  counts_as_error: true, sort_order: 10, language: 'ar', scoring_class: 'short_vowel', active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z',
}
const omission: MiscueType = { ...shortVowel, id: 2, code: 'omission', display_name: 'Omission', arabic_display_name: 'حذف', color_code: '#0072B2', sort_order: 2, language: null, scoring_class: null }
const english: MiscueType = { ...omission, id: 20, code: 'th_sound', language: 'en', sort_order: 20 }
const off: MiscueType = { ...omission, id: 21, code: 'old', active: false, sort_order: 21 }

/** The message each field shows: its first issue's code. */
const codes = (issues: ReturnType<typeof typeIssues>) => Object.fromEntries(Object.entries(issues?.fields ?? {}).map(([k, v]) => [k, v[0]!.message]))

describe('the miscue type form', () => {
  it('starts a new type after the last one, active, counting as an error, on every passage', () => {
    expect(typeValues(undefined, [shortVowel, omission, english])).toMatchObject({ sort_order: '21', language: 'all', scoring_class: 'none', counts_as_error: true, active: true })
    expect(typeValues(undefined, [])).toMatchObject({ sort_order: '1' })
  })

  it('sends an edit with every field, so the server never puts a default in place of one', () => {
    const body = typeBody({ ...typeValues(shortVowel), display_name: 'Haraka' })
    expect(body).toEqual({
      code: 'short_vowel', display_name: 'Haraka', arabic_display_name: 'خطأ في الحركة', color_code: '#882255', counts_as_error: true,
      sort_order: 10, language: 'ar', scoring_class: 'short_vowel', active: true,
    })
    expect(typeBody(typeValues(omission))).toMatchObject({ language: null, scoring_class: null })
    expect(typeIssues(typeValues(shortVowel), 'edit')).toBeUndefined()
  })

  it('checks a new type with the shared schema: code, names, colour and position', () => {
    const valid = { ...typeValues(undefined, [omission]), code: 'sun_letters', display_name: 'Sun letters', arabic_display_name: 'الحروف الشمسية' }
    expect(typeIssues(valid, 'create')).toBeUndefined()
    expect(codes(typeIssues({ ...valid, code: 'Sun letters', display_name: 'S', color_code: 'red', sort_order: '' }, 'create'))).toEqual({
      code: 'invalid_choice', display_name: 'too_short', color_code: 'invalid_choice', sort_order: 'invalid_number',
    })
    expect(codes(typeIssues({ ...valid, sort_order: '1001', arabic_display_name: ' ' }, 'create'))).toEqual({ sort_order: 'too_large', arabic_display_name: 'required' })
    // An edit never asks for the code: it is the type's, from the path.
    expect(typeIssues({ ...typeValues(shortVowel), code: '' }, 'edit')).toBeUndefined()
  })

  it('compares a colour with the other active types offered on the same passages only', () => {
    const all = [shortVowel, omission, english, off]
    expect(offeredAlongside('short_vowel', 'ar', all).map((t) => t.code)).toEqual(['omission'])
    expect(offeredAlongside('new', 'all', all).map((t) => t.code)).toEqual(['short_vowel', 'omission', 'th_sound'])
    expect(offeredAlongside('new', 'en', all).map((t) => t.code)).toEqual(['omission', 'th_sound'])
  })
})
