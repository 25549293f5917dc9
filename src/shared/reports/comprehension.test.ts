// Golden cases for the level decision (ADR 0122), worked out by hand from Fountas & Pinnell (2016), Benchmark
// Assessment System 1, 3rd ed., Assessment Guide: accuracy cut-offs A–K 95/90, L–Z 98/95; comprehension out of 7
// (A–K: excellent 6–7, satisfactory 5, limited 4, unsatisfactory 0–3) or 10 (L–Z: 9–10, 7–8, 5–6, 0–4);
// "Finding the independent, instructional and hard texts". Through the same calculation the server and the
// capture screen use (scoreSitting, then judgeComprehension).
import { describe, expect, it } from 'vitest'
import { judgeComprehension } from './comprehension'
import type { ComprehensionStep } from './comprehension'
import { DEFAULT_MISCUE_TYPES } from './miscue-types'
import { BUILT_IN_PROFILES, scoreSitting } from './scoring-profile'

const FP = BUILT_IN_PROFILES.find((p) => p.code === 'fountas-pinnell')!.rules
const STANDARD = BUILT_IN_PROFILES.find((p) => p.code === 'standard')!.rules
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

/** F&P's own conversation: one point per item, out of 7 (A–K) or 10 (L–Z). */
const conversation = (n: number): ComprehensionStep => ({ kind: 'retell', items: Array.from({ length: n }, (_, i) => ({ prompt: `key understanding ${i + 1}`, expected: '', points: 1 })) })
const points = (given: number, of: number) => Array.from({ length: of }, (_, i) => (i < given ? 1 : 0))

function decide(o: { rules?: typeof FP; passage: number; errors: number; level: string; step: ComprehensionStep; given: number[] }) {
  const rules = o.rules ?? FP
  const marks = Array.from({ length: o.errors }, (_, i) => ({ word_index: i, miscue: 'substitution', self_corrected: false }))
  const f = scoreSitting({ rules, content: words(o.passage), total_attempted: o.passage, duration_seconds: 60, marks, types: DEFAULT_MISCUE_TYPES, text_level: o.level })
  const { comprehension, level_decision } = judgeComprehension({ rules: rules.comprehension, step: o.step, given: o.given, text_level: o.level, band: f.band })
  return { accuracy: f.accuracy, band: f.band, score: comprehension.score, max: comprehension.max, category: comprehension.category, level: level_decision }
}

describe('F&P level decision, levels A–K (out of 7; 95/90)', () => {
  const at = (errors: number, given: number) => decide({ passage: 100, errors, level: 'C', step: conversation(7), given: points(given, 7) })
  it('97 % with 6 of 7 (excellent): independent', () => {
    expect(at(3, 6)).toEqual({ accuracy: 97, band: 'independent', score: 6, max: 7, category: 'excellent', level: 'independent' })
  })
  it('97 % with 5 of 7 (satisfactory): independent', () => expect(at(3, 5)).toMatchObject({ category: 'satisfactory', level: 'independent' }))
  it('97 % with 4 of 7 (limited): instructional', () => expect(at(3, 4)).toMatchObject({ category: 'limited', level: 'instructional' }))
  it('97 % with 3 of 7 (unsatisfactory): hard', () => expect(at(3, 3)).toMatchObject({ category: 'unsatisfactory', level: 'hard' }))
  it('92 % with 7 of 7: instructional', () => expect(at(8, 7)).toMatchObject({ band: 'instructional', category: 'excellent', level: 'instructional' }))
  it('92 % with 4 of 7 (limited): hard', () => expect(at(8, 4)).toMatchObject({ band: 'instructional', level: 'hard' }))
  it('88 % with 7 of 7: hard whatever the comprehension', () => expect(at(12, 7)).toMatchObject({ band: 'frustration', level: 'hard' }))
})

describe('F&P level decision, levels L–Z (out of 10; 98/95)', () => {
  const at = (errors: number, given: number) => decide({ passage: 100, errors, level: 'M', step: conversation(10), given: points(given, 10) })
  it('98 % with 9 of 10 (excellent): independent', () => expect(at(2, 9)).toMatchObject({ accuracy: 98, band: 'independent', category: 'excellent', level: 'independent' }))
  it('98 % with 7 of 10 (satisfactory): independent', () => expect(at(2, 7)).toMatchObject({ category: 'satisfactory', level: 'independent' }))
  it('98 % with 6 of 10 (limited): instructional', () => expect(at(2, 6)).toMatchObject({ category: 'limited', level: 'instructional' }))
  it('97 % with 10 of 10: instructional (below 98 at these levels)', () => expect(at(3, 10)).toMatchObject({ band: 'instructional', level: 'instructional' }))
  it('96 % with 5 of 10 (limited): hard', () => expect(at(4, 5)).toMatchObject({ category: 'limited', level: 'hard' }))
  it('94.5 % with 10 of 10: hard at M (below 95), instructional at C', () => {
    // 200 words, 11 errors: 189 / 200 = 94.5 %, compared unrounded.
    const step = conversation(10)
    expect(decide({ passage: 200, errors: 11, level: 'M', step, given: points(10, 10) })).toMatchObject({ accuracy: 94.5, band: 'frustration', level: 'hard' })
    expect(decide({ passage: 200, errors: 11, level: 'C', step, given: points(10, 10) })).toMatchObject({ accuracy: 94.5, band: 'instructional', level: 'instructional' })
  })
})

describe('questions authored with the assessment, put on F&P scale', () => {
  const step: ComprehensionStep = {
    kind: 'questions',
    items: [{ prompt: 'Where did the fox live?', expected: 'Near a river', points: 2 }, { prompt: 'Why did he go down?', expected: 'To drink', points: 2 }],
  }
  it('3 of 4 is 5.25 of 7 (satisfactory at C) and 7.5 of 10 (satisfactory at M)', () => {
    expect(decide({ passage: 100, errors: 3, level: 'C', step, given: [2, 1] })).toMatchObject({ score: 3, max: 4, category: 'satisfactory', level: 'independent' })
    expect(decide({ passage: 100, errors: 2, level: 'M', step, given: [2, 1] })).toMatchObject({ score: 3, max: 4, category: 'satisfactory', level: 'independent' })
  })
  it('a level no rule lists takes the rule for any level (out of 10)', () => {
    expect(decide({ passage: 100, errors: 3, level: 'GRADE 2', step, given: [1, 1] })).toMatchObject({ category: 'limited' })
  })
  it('points are held to each question: more than it is worth counts as its worth', () => {
    expect(decide({ passage: 100, errors: 0, level: 'C', step, given: [5, 0] })).toMatchObject({ score: 2, max: 4 })
  })
  it('a profile without comprehension rules (Clay) scores the answers and decides no level', () => {
    expect(decide({ rules: STANDARD, passage: 100, errors: 3, level: 'C', step, given: [2, 2] })).toMatchObject({ score: 4, max: 4, category: null, level: null })
  })
})
