// Golden cases for assessments that are not passages (ADR 0122), worked out by hand from the EGRA Toolkit (RTI
// International, 2016, 2nd ed.): letter sound identification and familiar word reading are timed grids scored as
// items correct per minute, each item right or wrong, a self-correction right; neither has a reading-level band.
import { describe, expect, it } from 'vitest'
import { assessmentKindOf, figuresOfKind, gridRules } from './assessment-kinds'
import { DEFAULT_MISCUE_TYPES } from './miscue-types'
import { BUILT_IN_PROFILES, scoreSitting } from './scoring-profile'
import type { RecordedMark, ScoringRules } from './scoring-profile'

const rulesOf = (code: string) => BUILT_IN_PROFILES.find((p) => p.code === code)!.rules
const m = (word_index: number, miscue: string, self_corrected = false, words?: number): RecordedMark => ({ word_index, miscue, self_corrected, ...(words ? { words } : {}) })

function grid(typeCode: string, rules: ScoringRules, content: string, o: { attempted: number; seconds: number; marks: RecordedMark[] }) {
  const kind = assessmentKindOf(typeCode)
  const f = scoreSitting({ rules: gridRules(rules), content, total_attempted: o.attempted, duration_seconds: o.seconds, marks: o.marks, types: DEFAULT_MISCUE_TYPES })
  const k = figuresOfKind(kind, f)
  return { kind, correct: k.total_correct, score: k.score, clpm: k.clpm, wcpm: k.wcpm, band: k.band }
}

// 100 letters in a grid of ten rows (EGRA's letter sound grid).
const LETTERS = Array.from({ length: 100 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join(' ')
// 50 familiar words.
const WORDS = Array.from({ length: 50 }, (_, i) => ['cat', 'dog', 'sun', 'run', 'big'][i % 5]).join(' ')

describe('letter grid: correct letter sounds per minute', () => {
  it('48 letters reached in 60 s with 6 wrong and 2 self-corrected: 42 clspm, 88 % of attempted, no band, no WCPM', () => {
    const marks = [m(1, 'substitution'), m(5, 'omission'), m(9, 'substitution'), m(13, 'told'), m(20, 'substitution'), m(30, 'omission'), m(33, 'substitution', true), m(40, 'substitution', true)]
    expect(grid('en-letter-sounds', rulesOf('standard'), LETTERS, { attempted: 48, seconds: 60, marks })).toEqual({ kind: 'letter_grid', correct: 42, score: 88, clpm: 42, wcpm: null, band: null })
  })
  it('the child finishes all 100 in 50 s with 10 wrong: 90 correct / 50 s x 60 = 108 clspm (EGRA time remaining)', () => {
    const marks = Array.from({ length: 10 }, (_, i) => m(i * 10, 'substitution'))
    expect(grid('ar-letter-sounds', rulesOf('egra-arabic'), LETTERS, { attempted: 100, seconds: 50, marks })).toMatchObject({ clpm: 108, band: null })
  })
  it('nothing inserted between letters counts, under any profile', () => {
    expect(grid('en-letter-sounds', rulesOf('standard'), LETTERS, { attempted: 30, seconds: 60, marks: [m(3, 'insertion', false, 3)] })).toMatchObject({ correct: 30, clpm: 30 })
  })
})

describe('word grid: correct words per minute', () => {
  it('40 words reached in 60 s, 5 wrong and a reversal: 34 cwpm (a reversal is one item wrong, not two), no band', () => {
    const marks = [m(0, 'substitution'), m(4, 'omission'), m(8, 'told'), m(12, 'substitution'), m(16, 'mispronunciation'), m(22, 'reversal')]
    expect(grid('en-word-reading', rulesOf('dibels-8'), WORDS, { attempted: 40, seconds: 60, marks })).toEqual({ kind: 'word_grid', correct: 34, score: 85, clpm: null, wcpm: 34, band: null })
  })
  it('all 50 in 40 s with 2 wrong: 48 / 40 s x 60 = 72 cwpm', () => {
    expect(grid('ar-word-reading', rulesOf('egra'), WORDS, { attempted: 50, seconds: 40, marks: [m(1, 'substitution'), m(2, 'omission')] })).toMatchObject({ wcpm: 72, band: null })
  })
})

describe('kinds by type code', () => {
  it('passages keep WCPM and a band; question sets have neither', () => {
    expect(assessmentKindOf('en-passage')).toBe('passage')
    expect(assessmentKindOf('ar-comprehension-questions')).toBe('question_set')
    const f = scoreSitting({ rules: rulesOf('standard'), content: WORDS, total_attempted: 50, duration_seconds: 60, marks: [], types: DEFAULT_MISCUE_TYPES })
    expect(figuresOfKind('passage', f)).toMatchObject({ wcpm: 50, clpm: null, band: 'independent' })
    expect(figuresOfKind('question_set', f, { score: 3, max: 4 })).toMatchObject({ score: 75, accuracy: 75, wcpm: null, clpm: null, band: null, error_count: 0 })
  })
})
