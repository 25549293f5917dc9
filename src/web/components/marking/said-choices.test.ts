import { describe, expect, it } from 'vitest'
import { saidChoices } from './said-choices'

describe('saidChoices', () => {
  it('offers the word, then its first letters growing one at a time, without the punctuation around it', () => {
    expect(saidChoices('"house,', 'ltr')).toEqual(['house', 'h', 'ho', 'hou', 'hous'])
  })

  it('keeps each Arabic letter with its diacritics and adds the single letters', () => {
    expect(saidChoices('ذَهَبَ.', 'rtl')).toEqual(['ذَهَبَ', 'ذَ', 'ذَهَ', 'هَ', 'بَ'])
  })

  it('offers at most ten', () => {
    expect(saidChoices('extraordinarily', 'ltr')).toHaveLength(10)
  })
})
