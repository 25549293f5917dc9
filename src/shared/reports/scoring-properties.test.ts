// Properties every profile keeps whatever the marks (ADR 0118), over sittings fast-check makes up: an insertion never
// changes DIBELS or EGRA words correct per minute, a self-correction never raises E, and adding an error never
// raises accuracy or words correct per minute.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_MISCUE_TYPES } from './miscue-types'
import { BUILT_IN_PROFILES, scoreSitting } from './scoring-profile'
import type { RecordedMark } from './scoring-profile'

const ENGLISH = 'Marion ran to the shop. Marion saw a red hat. Marion put on the hat. Mum and Marion went home. Marion was happy.'
const ARABIC = 'ذَهَبَ الوَلَدُ إلى المَدْرَسَةِ. وَجَلَسَ في الصَّفِّ، ثُمَّ قَرَأَ الكِتابَ مع أخيه'
const PASSAGES = [ENGLISH, ARABIC]
const WORDS = 10
const CODES = DEFAULT_MISCUE_TYPES.map((t) => t.code)
const ERROR_CODES = DEFAULT_MISCUE_TYPES.filter((t) => t.counts_as_error && t.code !== 'insertion').map((t) => t.code)
const profile = (code: string) => BUILT_IN_PROFILES.find((p) => p.code === code)!.rules

const markArb = fc.record({
  word_index: fc.integer({ min: 0, max: WORDS - 1 }),
  miscue: fc.constantFrom(...CODES),
  self_corrected: fc.boolean(),
  words: fc.integer({ min: 1, max: 5 }),
  proper_noun: fc.boolean(),
  letter_index: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
})
/** At most one mark of a type on a word, as the server accepts them. */
const marksArb = fc.uniqueArray(markArb, { selector: (m) => `${m.word_index}:${m.miscue}`, maxLength: 12 })
const sittingArb = fc.record({ passage: fc.constantFrom(...PASSAGES), marks: marksArb, seconds: fc.integer({ min: 10, max: 300 }), profile: fc.constantFrom(...BUILT_IN_PROFILES.map((p) => p.code)) })

const score = (code: string, content: string, marks: readonly RecordedMark[], seconds: number) =>
  scoreSitting({ rules: profile(code), content, total_attempted: WORDS, duration_seconds: seconds, marks, types: DEFAULT_MISCUE_TYPES })
const RUNS = { numRuns: 300, seed: 20261127 }

describe('properties of every profile', () => {
  it('insertions, of any number of words, never change DIBELS 8 or EGRA words correct per minute', () => {
    fc.assert(fc.property(sittingArb, fc.constantFrom('dibels-8', 'egra', 'egra-arabic'), fc.integer({ min: 0, max: WORDS - 1 }), fc.integer({ min: 1, max: 5 }),
      (s, code, gap, words) => {
        const without = s.marks.filter((m) => m.miscue !== 'insertion')
        const withInsertions = [...without, { word_index: gap, miscue: 'insertion', self_corrected: false, words }]
        expect(score(code, s.passage, withInsertions, s.seconds).wcpm).toBe(score(code, s.passage, without, s.seconds).wcpm)
        expect(score(code, s.passage, withInsertions, s.seconds).fluency_error_count).toBe(score(code, s.passage, without, s.seconds).fluency_error_count)
      }), RUNS)
  })

  it('a self-correction never raises E', () => {
    fc.assert(fc.property(sittingArb, fc.nat(), (s, pick) => {
      if (s.marks.length === 0) return
      const i = pick % s.marks.length
      const uncorrected = s.marks.map((m, j) => (j === i ? { ...m, self_corrected: false } : m))
      const corrected = s.marks.map((m, j) => (j === i ? { ...m, self_corrected: true } : m))
      const before = score(s.profile, s.passage, uncorrected, s.seconds)
      const after = score(s.profile, s.passage, corrected, s.seconds)
      expect(after.error_count).toBeLessThanOrEqual(before.error_count)
      expect(after.fluency_error_count).toBeLessThanOrEqual(before.fluency_error_count)
    }), RUNS)
  })

  it('adding an error never raises accuracy or words correct per minute', () => {
    fc.assert(fc.property(sittingArb, fc.integer({ min: 0, max: WORDS - 1 }), fc.constantFrom(...ERROR_CODES, 'insertion'), fc.boolean(), (s, word, code, name) => {
      if (s.marks.some((m) => m.word_index === word && m.miscue === code)) return
      const before = score(s.profile, s.passage, s.marks, s.seconds)
      const after = score(s.profile, s.passage, [...s.marks, { word_index: word, miscue: code, self_corrected: false, proper_noun: name }], s.seconds)
      expect(after.accuracy).toBeLessThanOrEqual(before.accuracy)
      expect(after.wcpm).toBeLessThanOrEqual(before.wcpm)
    }), RUNS)
  })
})
