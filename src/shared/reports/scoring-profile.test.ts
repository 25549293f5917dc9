// Scoring profiles against sittings worked out by hand (ADR 0091). The figures are those the server stores and
// the capture screen shows live: both call scoreSitting.
import { describe, expect, it } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from './miscue-types'
import { BUILT_IN_PROFILES, countsAsError, hasDiacritics, scoreSitting, STANDARD_RULES } from './scoring-profile'
import type { RecordedMark, ScoringRules } from './scoring-profile'

const EGRA = BUILT_IN_PROFILES.find((p) => p.code === 'egra-arabic')!.rules
const types = DEFAULT_MISCUE_TYPES

const figures = (rules: ScoringRules, content: string, marks: RecordedMark[], o: { attempted?: number; seconds?: number } = {}) => {
  const f = scoreSitting({ rules, content, total_attempted: o.attempted ?? 1e9, duration_seconds: o.seconds ?? 60, marks, types })
  return { N: f.total_attempted, E: f.error_count, SC: f.self_correction_count, correct: f.total_correct, accuracy: f.accuracy, score: f.score, wcpm: f.wcpm, band: f.band, error_rate: f.error_rate, sc_ratio: f.self_correction_ratio }
}
const mark = (word_index: number, miscue: string, self_corrected = false): RecordedMark => ({ word_index, miscue, self_corrected })

// 20 words.
const ENGLISH = 'Once upon a time a small fox lived near a quiet river and every morning he went down to drink'

describe('English sittings', () => {
  // Marks: w1 substitution, w4 omission, w7 insertion (before "lived"), w9 told, w12 mispronunciation self-corrected,
  // w15 repetition, w17 hesitation; read to word 18 ("to") in 45 s.
  const marks = [mark(1, 'substitution'), mark(4, 'omission'), mark(7, 'insertion'), mark(9, 'told'), mark(12, 'mispronunciation', true), mark(15, 'repetition'), mark(17, 'hesitation')]

  it('standard: every error counts, a self-correction does not', () => {
    // N = 19, E = 4 (w1 w4 w7 w9), SC = 1 → 15 correct, 78.95 %, score 79, WCPM 15 / 0.75 = 20, 1:5, 1:5
    expect(figures(STANDARD_RULES, ENGLISH, marks, { attempted: 19, seconds: 45 })).toEqual({
      N: 19, E: 4, SC: 1, correct: 15, accuracy: 78.95, score: 79, wcpm: 20, band: 'frustration', error_rate: 5, sc_ratio: 5,
    })
  })

  it('insertions set aside (EGRA): only the words of the passage count', () => {
    // E = 3 (w1 w4 w9) → 16 correct of 19 = 84.21 %, WCPM 16 / 0.75 = 21.3, error rate 1:6, SC ratio 1:4
    expect(figures({ ...STANDARD_RULES, count_insertions: false, insertions_against_wcpm: false }, ENGLISH, marks, { attempted: 19, seconds: 45 })).toMatchObject({
      E: 3, SC: 1, correct: 16, accuracy: 84.21, score: 84, wcpm: 21.3, error_rate: 6, sc_ratio: 4,
    })
  })

  it('self-corrections not counted as correct: the corrected error stays an error and is still a self-correction', () => {
    // E = 5 → 14 correct of 19 = 73.68 %, SC = 1
    expect(figures({ ...STANDARD_RULES, self_corrections_correct: false }, ENGLISH, marks, { attempted: 19, seconds: 45 })).toMatchObject({ E: 5, SC: 1, correct: 14, score: 74 })
  })

  it('a clean reading of the whole passage is independent, and Arabic rules change nothing on an English passage', () => {
    expect(figures(STANDARD_RULES, ENGLISH, [], { seconds: 40 })).toMatchObject({ N: 20, E: 0, accuracy: 100, wcpm: 30, band: 'independent', error_rate: null, sc_ratio: null })
    const withoutInsertion = marks.filter((m) => m.miscue !== 'insertion')
    expect(figures(EGRA, ENGLISH, withoutInsertion, { attempted: 19 })).toEqual(figures(STANDARD_RULES, ENGLISH, withoutInsertion, { attempted: 19 }))
  })
})

// 10 words; "الْوَلَدُ" (w1) and "الْكِتَابَ" (w4) carry diacritics, the others do not.
const ARABIC = 'قرأ الْوَلَدُ في المكتبة الْكِتَابَ ثم رجع إلى بيته مسرورا'

describe('Arabic sittings', () => {
  // w1 short_vowel (vowelled), w2 short_vowel (unvowelled), w4 case_ending (vowelled), w5 hamza, w6 taa_marbuta,
  // w7 confusable_letters self-corrected, w8 insertion, w9 case_ending (unvowelled); 30 s, whole passage.
  const marks = [
    mark(1, 'short_vowel'), mark(2, 'short_vowel'), mark(4, 'case_ending'), mark(5, 'hamza'), mark(6, 'taa_marbuta'),
    mark(7, 'confusable_letters', true), mark(8, 'insertion'), mark(9, 'case_ending'),
  ]

  it('reads which words carry diacritics', () => {
    expect(ARABIC.split(' ').map(hasDiacritics)).toEqual([false, true, false, false, true, false, false, false, false, false])
  })

  it('standard: every Arabic error type counts, but a case ending dropped on the last word is the pausal form', () => {
    // E = 6 (all but the self-corrected w7 and the case ending on the last word, read in pause), SC = 1
    // → 4 of 10 = 40 %, WCPM 4 / 0.5 = 8
    expect(figures(STANDARD_RULES, ARABIC, marks, { seconds: 30 })).toMatchObject({ N: 10, E: 6, SC: 1, correct: 4, accuracy: 40, wcpm: 8, band: 'frustration' })
  })

  it('EGRA Arabic: unwritten short vowels, case endings and insertions set aside; a written vowel still counts', () => {
    // Counted: w1 (vowelled short vowel), w5 hamza, w6 taa marbuta → E = 3, SC = 1 → 7 of 10 = 70 %, WCPM 14
    expect(figures(EGRA, ARABIC, marks, { seconds: 30 })).toMatchObject({ E: 3, SC: 1, correct: 7, accuracy: 70, wcpm: 14, error_rate: 3, sc_ratio: 4 })
  })

  it('unwritten short vowels set aside but case endings held where they are written', () => {
    // Set aside: w2 (unvowelled short vowel), w9 (unvowelled case ending). Counted: w1, w4, w5, w6, w8 → E = 5 → 50 %
    const rules = { ...STANDARD_RULES, ignore_unwritten_short_vowels: true }
    expect(figures(rules, ARABIC, marks, { seconds: 30 })).toMatchObject({ E: 5, correct: 5, accuracy: 50 })
    expect(countsAsError(rules, { code: 'case_ending', counts_as_error: true, scoring_class: 'case_ending' }, 'الْكِتَابَ')).toBe(true)
    expect(countsAsError(rules, { code: 'case_ending', counts_as_error: true, scoring_class: 'case_ending' }, 'مسرورا')).toBe(false)
  })

  it('only the words reached count: stopping at word 6 leaves 7 running words', () => {
    // Reached w0..w6: marks w1 w2 w4 w5 w6 → standard E = 5 of N = 7 → 2 correct, 28.57 %; the time is 20 s → WCPM 6
    const reached = marks.filter((m) => m.word_index <= 6)
    expect(figures(STANDARD_RULES, ARABIC, reached, { attempted: 7, seconds: 20 })).toMatchObject({ N: 7, E: 5, correct: 2, accuracy: 28.57, score: 29, wcpm: 6 })
  })

  it('a type switched to not counting as an error counts no error under any profile', () => {
    expect(countsAsError(STANDARD_RULES, { code: 'hamza', counts_as_error: false }, 'قرأ')).toBe(false)
  })
})
