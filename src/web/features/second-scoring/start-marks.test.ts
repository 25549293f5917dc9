import { describe, expect, it } from 'vitest'
import type { SittingMark } from '../../../shared/schemas/sitting'
import { startMarks } from './start-marks'

const saved: SittingMark[] = [
  { word_index: 1, miscue: 'substitution', self_corrected: true, words: 1, proper_noun: false, letter_index: null, hesitated: false, skipped_line: false, said: 'cot', cues: ['visual'] },
]

describe('what the blind scoring starts from', () => {
  it('the save queued on this device over the one on the server, else the saved one, else nothing', () => {
    expect(startMarks([{ word_index: 4, miscue: 'insertion', words: 2, said: 'big red' }], saved))
      .toEqual([{ word_index: 4, miscue: 'insertion', self_corrected: false, words: 2, said: 'big red' }])
    expect(startMarks(null, saved)).toEqual([{ word_index: 1, miscue: 'substitution', self_corrected: true, said: 'cot', cues: ['visual'] }])
    expect(startMarks(null, null)).toEqual([])
  })
})
