import { describe, expect, it } from 'vitest'
import { scoringAgreement } from '../../../shared/reports/scorer-agreement'
import { comparisonRows, shownRows } from './comparison-rows'

const WORDS = ['The', 'cat', 'sat', 'on', 'the', 'mat']

describe('the comparison rows', () => {
  it('sets each scorer\'s marks on their word and flags the words the codes differ on', () => {
    const first = [{ word_index: 1, miscue: 'substitution', self_corrected: false, said: 'cot' }, { word_index: 3, miscue: 'omission', self_corrected: false }]
    const second = [{ word_index: 1, miscue: 'substitution', self_corrected: true, said: 'cot' }, { word_index: 3, miscue: 'omission', self_corrected: false }, { word_index: 9, miscue: 'insertion', self_corrected: false }]
    const rows = comparisonRows(WORDS, first, second, scoringAgreement(WORDS.length, first, second))
    expect(rows.map((r) => r.disagree)).toEqual([false, true, false, false, false, true])
    expect(rows[1]).toMatchObject({ word: 'cat', first: [first[0]], second: [second[0]] })
    // The insertion beyond the passage is on its last word, where the agreement counts it.
    expect(rows[5]!.second).toEqual([second[2]])
    expect(shownRows(rows, true).map((r) => r.index)).toEqual([1, 5])
    expect(shownRows(rows, false)).toHaveLength(6)
  })
})
