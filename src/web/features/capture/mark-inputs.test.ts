import { describe, expect, it } from 'vitest'
import type { SittingMark } from '../../../shared/schemas/sitting'
import { markInputs, markingOfSaved } from './mark-inputs'

const saved: SittingMark[] = [
  { word_index: 4, miscue: 'insertion', self_corrected: false, words: 2, proper_noun: false, letter_index: null, hesitated: false, skipped_line: false, said: 'big red', cues: [] },
  { word_index: 1, miscue: 'substitution', self_corrected: true, words: 1, proper_noun: true, letter_index: 0, hesitated: false, skipped_line: false, said: 'cot', cues: ['visual'] },
]

describe('marks between the marking screen and the server', () => {
  it('a saved scoring comes back as a marking with only what each mark carries, in word order', () => {
    expect(markingOfSaved(saved)).toEqual({
      lastWord: null,
      marks: [
        { word_index: 1, miscue: 'substitution', self_corrected: true, said: 'cot', cues: ['visual'], proper_noun: true, letter_index: 0 },
        { word_index: 4, miscue: 'insertion', self_corrected: false, words: 2, said: 'big red' },
      ],
    })
  })

  it('and goes back to the server as it was saved, defaults left out', () => {
    expect(markInputs(markingOfSaved(saved).marks)).toEqual([
      { word_index: 1, miscue: 'substitution', self_corrected: true, said: 'cot', cues: ['visual'], proper_noun: true, letter_index: 0 },
      { word_index: 4, miscue: 'insertion', self_corrected: false, words: 2, said: 'big red' },
    ])
    expect(markInputs([{ word_index: 0, miscue: 'omission', self_corrected: false, said: '  ' }])).toEqual([{ word_index: 0, miscue: 'omission', self_corrected: false }])
  })
})
