// Agreement between two scorings against pairs worked out by hand (ADR 0128).
import { describe, expect, it } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from './miscue-types'
import { disagreedTypes, figuresDifference, pooledAgreement, scoringAgreement, wordCode } from './scorer-agreement'
import type { ComparedMark } from './scorer-agreement'
import { scoreSitting, STANDARD_RULES } from './scoring-profile'

const mark = (word_index: number, miscue: string, self_corrected = false, said?: string): ComparedMark => ({ word_index, miscue, self_corrected, said })

describe('word codes', () => {
  it('a word nobody marked is correct; marks are coded whatever order they were made in', () => {
    expect(wordCode([])).toBe('correct')
    expect(wordCode([mark(3, 'repetition'), mark(3, 'insertion')])).toBe(wordCode([mark(3, 'insertion'), mark(3, 'repetition')]))
    expect(wordCode([mark(1, 'substitution', true)])).toBe('substitution+sc')
  })
})

describe('percent agreement and Cohen\'s kappa', () => {
  it('all agree: 100 % and kappa 1', () => {
    // 5 words, both: w1 substitution. po = 1, pe = (4/5)² + (1/5)² = 0.68, kappa = 0.32 / 0.32 = 1
    const a = scoringAgreement(5, [mark(1, 'substitution')], [mark(1, 'substitution', false, 'cat')])
    expect(a).toMatchObject({ words: 5, agreed: 5, percent: 100, kappa: 1, disagreements: [] })
    expect(a.expected).toBeCloseTo(0.68, 10)
  })

  it('all agree on a clean reading: 100 %, kappa undefined (null) because chance agreement is 1', () => {
    expect(scoringAgreement(6, [], [])).toMatchObject({ agreed: 6, percent: 100, kappa: null, observed: 1, expected: 1 })
  })

  it('all disagree: 0 % and kappa -1 when the two split the words the other way round', () => {
    // 4 words; A: w0 w1 substitution, B: w2 w3 substitution. po = 0, pe = 0.5·0.5 + 0.5·0.5 = 0.5, kappa = -0.5 / 0.5 = -1
    const a = scoringAgreement(4, [mark(0, 'substitution'), mark(1, 'substitution')], [mark(2, 'substitution'), mark(3, 'substitution')])
    expect(a).toMatchObject({ agreed: 0, percent: 0, kappa: -1 })
    expect(a.disagreements.map((d) => [d.word_index, d.first, d.second])).toEqual([
      [0, 'substitution', 'correct'], [1, 'substitution', 'correct'], [2, 'correct', 'substitution'], [3, 'correct', 'substitution'],
    ])
  })

  it('all disagree with no code shared: 0 % and kappa 0', () => {
    // 4 words; A marks every word, B none. po = 0, pe = 1·0 + 0·1 = 0, kappa = 0
    expect(scoringAgreement(4, [0, 1, 2, 3].map((i) => mark(i, 'omission')), [])).toMatchObject({ percent: 0, kappa: 0 })
  })

  it('a type used by only one scorer adds nothing to chance agreement', () => {
    // 10 words; A: w2 substitution, w5 omission; B: w2 substitution, w5 mispronunciation (B alone uses it).
    // po = 9/10, pe = 0.8·0.8 + 0.1·0.1 + 0.1·0 (omission) + 0·0.1 (mispronunciation) = 0.65, kappa = 0.25 / 0.35 = 0.714
    const a = scoringAgreement(10, [mark(2, 'substitution'), mark(5, 'omission')], [mark(2, 'substitution'), mark(5, 'mispronunciation', false, 'hose')])
    expect(a).toMatchObject({ words: 10, agreed: 9, percent: 90, kappa: 0.714 })
    expect(a.expected).toBeCloseTo(0.65, 10)
    expect(a.disagreements).toEqual([{
      word_index: 5, first: 'omission', second: 'mispronunciation', first_marks: [mark(5, 'omission')], second_marks: [mark(5, 'mispronunciation', false, 'hose')],
    }])
  })

  it('a self-correction seen by one scorer only is a disagreement', () => {
    // 4 words; A: w1 substitution corrected, B: w1 substitution. po = 0.75, pe = 0.75² = 0.5625, kappa = 0.1875 / 0.4375 = 0.429
    const a = scoringAgreement(4, [mark(1, 'substitution', true)], [mark(1, 'substitution')])
    expect(a).toMatchObject({ agreed: 3, percent: 75, kappa: 0.429 })
    expect(a.disagreements[0]).toMatchObject({ word_index: 1, first: 'substitution+sc', second: 'substitution' })
  })

  it('no words: nothing to compare', () => {
    expect(scoringAgreement(0, [mark(0, 'omission')], [])).toMatchObject({ words: 0, percent: null, kappa: null })
  })
})

describe('several pairs pooled (a teacher\'s or a school\'s summary)', () => {
  it('the mean of the percents, kappa over all words pooled, and the types disagreed on', () => {
    // Pair 1, 4 words: A w1 substitution; B w1 substitution, w2 omission → 3 of 4 agree, 75 %.
    // Pair 2, 5 words: A w0 omission; B nothing → 4 of 5 agree, 80 %. Mean (75 + 80) / 2 = 77.5.
    // Pooled 9 words: A correct 7, substitution 1, omission 1; B the same counts. po = 7/9,
    // pe = (7/9)² + (1/9)² + (1/9)² = 51/81, kappa = (63/81 - 51/81) / (30/81) = 12/30 = 0.4.
    // Disagreements: pair 1 w2 (omission), pair 2 w0 (omission) → omission 2.
    const pooled = pooledAgreement([
      { words: 4, first: [mark(1, 'substitution')], second: [mark(1, 'substitution'), mark(2, 'omission')] },
      { words: 5, first: [mark(0, 'omission')], second: [] },
    ])
    expect(pooled).toEqual({ pairs: 2, mean_percent: 77.5, kappa: 0.4, words: 9, disagreed_types: [{ type: 'omission', count: 2 }] })
  })

  it('no pairs: nothing to say', () => {
    expect(pooledAgreement([])).toEqual({ pairs: 0, mean_percent: null, kappa: null, words: 0, disagreed_types: [] })
  })

  it('a disagreement is about the types the two did not give alike, self-correction included', () => {
    expect(disagreedTypes({ first_marks: [mark(1, 'substitution', true)], second_marks: [mark(1, 'substitution')] })).toEqual(['substitution'])
    expect(disagreedTypes({ first_marks: [mark(1, 'repetition'), mark(1, 'insertion')], second_marks: [mark(1, 'repetition')] })).toEqual(['insertion'])
    expect(disagreedTypes({ first_marks: [mark(1, 'omission')], second_marks: [mark(1, 'substitution')] })).toEqual(['omission', 'substitution'])
  })
})

describe('difference in figures', () => {
  it('second minus first in accuracy, WCPM and errors, and whether the band is the same', () => {
    // 20 words read in 60 s. First: 2 errors → 90 %, WCPM 18, instructional. Second: 1 error → 95 %, WCPM 19, independent.
    const content = 'Once upon a time a small fox lived near a quiet river and every morning he went down to drink'
    const score = (marks: ComparedMark[]) => scoreSitting({ rules: STANDARD_RULES, content, total_attempted: 20, duration_seconds: 60, marks, types: DEFAULT_MISCUE_TYPES })
    const first = score([mark(1, 'substitution'), mark(4, 'omission')])
    const second = score([mark(1, 'substitution')])
    expect(figuresDifference(first, second)).toEqual({ accuracy: 5, wcpm: 1, error_count: -1, first_band: 'instructional', second_band: 'independent', same_band: false })
  })
})
