import { describe, expect, it } from 'vitest'
import { BUILT_IN_PROFILES, RULE_NAMES, STANDARD_RULES } from '../../../shared/reports/scoring-profile'
import { createI18nFor } from '../../lib/i18n/i18n'
import { explainRules, ruleExplanation, summariseRules } from './rule-texts'

const en = createI18nFor('en')
const ar = createI18nFor('ar')
const egra = BUILT_IN_PROFILES.find((p) => p.code === 'egra-arabic')!.rules

describe('the rules of a profile in plain words', () => {
  it('says what the running-records profile does: every error counts, a name once, self-corrections are correct', () => {
    expect(explainRules(en, STANDARD_RULES)).toEqual([
      'A word the reader gets wrong and then corrects on their own counts as read correctly.',
      'Short-vowel and case-ending mistakes are errors on every word, whether or not its vowel marks are printed.',
      'Case-ending mistakes are errors, unless the rule on unwritten short vowels sets them aside.',
      'Stopping on a word at the end of a phrase without its case ending (the pausal form) is correct reading, not an error.',
      'Each word the reader adds that is not in the passage counts as an error in accuracy, as in running records.',
      'Each added word is taken off the words correct per minute.',
      'Two words read in swapped order are one error.',
      'A name (proper noun) misread several times is one error, as in running records and Fountas & Pinnell.',
      'Words correct per minute count every word read over the whole reading time.',
      'The reading goes on whatever happens in the first line.',
      'No hesitation cue: the teacher decides when to tell a word.',
      'Each word of a line the reader skips counts as an error, as in running records, DIBELS 8 and EGRA.',
    ])
    expect(summariseRules(en, STANDARD_RULES)).toEqual([
      'Self-corrections are correct', 'Every short vowel counts', 'Case endings count', 'Pausal endings correct', 'Insertions count', 'Insertions lower WCPM',
      'Reversal: one error', 'Names count once', 'WCPM over the whole reading', 'No discontinue rule', 'No hesitation cue', 'Skipped line: each word',
    ])
  })

  it('says what EGRA Arabic sets aside: unwritten short vowels, case endings and insertions', () => {
    expect(summariseRules(en, egra)).toEqual([
      'Self-corrections are correct', 'Unwritten short vowels ignored', 'Case endings ignored', 'Pausal endings correct', 'Insertions not counted', 'Insertions leave WCPM',
      'Reversal: one error', 'Names count each time', 'One-minute bracket', 'Discontinue rule', '3-second hesitation cue', 'Skipped line: each word',
    ])
    expect(explainRules(en, egra)[1]).toMatch(/^A short-vowel or case-ending mistake on a word printed without vowel marks \(harakat\) is not an error/)
    expect(explainRules(en, egra)[4]).toMatch(/^Words the reader adds are noted but not counted/)
  })

  it('follows each switch: a profile that keeps self-corrections as errors says so', () => {
    expect(ruleExplanation(en, 'self_corrections_correct', false)).toBe(
      'A word the reader gets wrong and then corrects still counts as an error (the self-correction is still counted).')
  })

  it('says all of it in Arabic, each rule and position in its own words', () => {
    const sentences = RULE_NAMES.flatMap((name) => [ruleExplanation(ar, name, true), ruleExplanation(ar, name, false)])
    for (const text of sentences) expect(text).toMatch(/^[^A-Za-z]*[\u0600-\u06FF]/)
    expect(new Set(sentences).size).toBe(2 * RULE_NAMES.length)
    expect(summariseRules(ar, egra).slice(0, 5)).toEqual(['التصحيحات الذاتية صحيحة', 'تُتجاهل الحركات القصيرة غير المكتوبة', 'تُتجاهل الحركات الإعرابية', 'الوقف بالسكون صحيح', 'لا تُحتسب الإضافات'])
  })
})
