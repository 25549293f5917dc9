import { describe, expect, it } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import { createI18nFor } from '../../lib/i18n/i18n'
import { closeColours, colourName, difference, parseHex, simulate } from './colours'

const en = createI18nFor('en')
const ar = createI18nFor('ar')
const byCode = (code: string) => DEFAULT_MISCUE_TYPES.find((t) => t.code === code)!

describe('colour names', () => {
  it('names the default colours plainly, in English and Arabic', () => {
    const names = Object.fromEntries(DEFAULT_MISCUE_TYPES.map((t) => [t.code, colourName(en, t.color_code)]))
    expect(names).toMatchObject({
      substitution: 'orange', omission: 'dark blue', insertion: 'orange', told: 'light pink', reversal: 'light blue',
      mispronunciation: 'yellow', self_correction: 'dark green', repetition: 'grey', hesitation: 'black',
      short_vowel: 'dark pink', case_ending: 'teal', hamza: 'dark purple', taa_marbuta: 'purple',
    })
    expect(colourName(ar, '#0072B2')).toBe('أزرق داكن')
    expect(colourName(ar, '#56B4E9')).toBe('أزرق فاتح')
    expect(colourName(en, '#FFFFFF')).toBe('white')
    expect(colourName(en, 'red')).toBe('')
  })
})

describe('telling colours apart', () => {
  it('reads colour codes in either case and refuses anything else', () => {
    expect(parseHex('#ff0000')).toEqual([1, 0, 0])
    expect(parseHex('#FF0000')).toEqual([1, 0, 0])
    expect(parseHex('#F00')).toBeNull()
  })

  it('keeps grey grey and makes red and green alike under deuteranopia, but not to typical vision', () => {
    const grey = simulate([0.5, 0.5, 0.5], 'deuteranopia')
    for (const c of grey) expect(c).toBeCloseTo(0.5, 2)
    expect(difference('#D81B60', '#5E9E00')).toBeGreaterThan(50)
    expect(difference('#D81B60', '#5E9E00', 'deuteranopia')).toBeLessThan(difference('#D81B60', '#5E9E00') / 3)
  })

  it('warns about a colour that looks the same, saying for which vision; not about colours that stay apart', () => {
    const others = [byCode('omission'), byCode('substitution'), byCode('repetition'), byCode('hesitation')]
    expect(closeColours('#0073B3', others)).toEqual([{ other: byCode('omission'), vision: 'typical' }])
    // The default case-ending teal and the repetition grey are alike to red-green colour-blind readers.
    expect(closeColours(byCode('case_ending').color_code, others)).toEqual([{ other: byCode('repetition'), vision: 'protanopia' }])
    expect(closeColours('#F0E442', others)).toEqual([])
    expect(closeColours('not a colour', others)).toEqual([])
  })
})
