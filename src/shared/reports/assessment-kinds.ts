// How each kind of assessment is scored (issue 25, ADR 0122). The kind follows the assessment type's code
// (ADR 0023: `<subject>-passage`, `-letter-sounds`, `-word-reading`, `-comprehension-questions`): a passage is a
// running record (accuracy, a band, WCPM); a letter or word grid is an EGRA timed task (items correct per minute,
// the share of attempted items read correctly, no band); a question set is a score of points, nothing per minute.
import type { ScoredMark, SittingFigures } from './figures'
import { scoreSittingAndMarks } from './scoring-profile'
import type { ScoringRules } from './scoring-profile'
import { judgeComprehension } from './comprehension'
import type { ComprehensionStep, LevelDecision, ScoredComprehension } from './comprehension'

export type AssessmentKind = 'passage' | 'letter_grid' | 'word_grid' | 'question_set'

const BY_TYPE_SUFFIX: [string, AssessmentKind][] = [
  ['-letter-sounds', 'letter_grid'],
  ['-word-reading', 'word_grid'],
  ['-comprehension-questions', 'question_set'],
]

/** The kind of an assessment of this type code; a type of no known kind is read as a passage. */
export function assessmentKindOf(typeCode: string): AssessmentKind {
  return BY_TYPE_SUFFIX.find(([suffix]) => typeCode.endsWith(suffix))?.[1] ?? 'passage'
}

/**
 * The convention each kind follows: the figure per minute it reports (null: none) and whether the accuracy has a
 * band. EGRA Toolkit (RTI International, 2016, 2nd ed.): letter sound identification as correct letter sounds per
 * minute, familiar word reading as correct words per minute, each item right or wrong, a self-correction right,
 * nothing inserted between items; neither has reading-level bands.
 */
export const KIND_CONVENTIONS: Record<AssessmentKind, { per_minute: 'wcpm' | 'clpm' | null; banded: boolean; source: string }> = {
  passage: { per_minute: 'wcpm', banded: true, source: 'the scoring profile (ADR 0118)' },
  letter_grid: { per_minute: 'clpm', banded: false, source: 'RTI International (2016). EGRA Toolkit, 2nd ed., "Letter sound identification"' },
  word_grid: { per_minute: 'wcpm', banded: false, source: 'RTI International (2016). EGRA Toolkit, 2nd ed., "Familiar word reading"' },
  question_set: { per_minute: null, banded: false, source: 'points given out of the points of the questions' },
}

/** A grid scores items, never words inserted between them: the profile's other rules stand. */
export function gridRules(rules: ScoringRules): ScoringRules {
  return { ...rules, count_insertions: false, insertions_against_wcpm: false, reversal_two_errors: false, proper_noun_once: false }
}

/** What a sitting of this kind stores: the figures of its own convention; what does not apply is null. */
export type KindFigures = Omit<SittingFigures, 'wcpm' | 'band'> & { wcpm: number | null; clpm: number | null; band: SittingFigures['band'] | null }

/**
 * The figures of a sitting by its kind: a passage keeps them all; a grid gives its per-minute figure (letters or
 * words) and no band; a question set gives its points as the score, out of the points it has.
 */
export function figuresOfKind(kind: AssessmentKind, figures: SittingFigures, questions?: { score: number; max: number }): KindFigures {
  const convention = KIND_CONVENTIONS[kind]
  if (kind === 'question_set') {
    const accuracy = questions && questions.max > 0 ? Math.round((questions.score / questions.max) * 10000) / 100 : 0
    return {
      ...figures, total_question: questions?.max ?? 0, total_attempted: questions?.max ?? 0, total_correct: questions?.score ?? 0,
      error_count: 0, fluency_error_count: 0, self_correction_count: 0, error_rate: null, self_correction_ratio: null,
      accuracy, score: Math.round(accuracy), wcpm: null, clpm: null, band: null,
    }
  }
  return {
    ...figures,
    wcpm: convention.per_minute === 'wcpm' ? figures.wcpm : null,
    clpm: convention.per_minute === 'clpm' ? figures.wcpm : null,
    band: convention.banded ? figures.band : null,
  }
}

/**
 * A sitting scored by its kind, with its comprehension step when the teacher scored one: what the server stores
 * and the capture screen shows. The level decision is a passage's (accuracy with comprehension).
 */
export function scoreSittingOfKind(input: Parameters<typeof scoreSittingAndMarks>[0] & {
  kind: AssessmentKind
  comprehension: { step: ComprehensionStep; given: readonly number[] } | null
}): { figures: KindFigures; marks: (ScoredMark | null)[]; comprehension: ScoredComprehension | null; level_decision: LevelDecision | null } {
  const grid = input.kind === 'letter_grid' || input.kind === 'word_grid'
  const { figures: raw, marks } = scoreSittingAndMarks({ ...input, rules: grid ? gridRules(input.rules) : input.rules })
  const judged = input.comprehension
    ? judgeComprehension({ rules: input.rules.comprehension, step: input.comprehension.step, given: input.comprehension.given, text_level: input.text_level, band: raw.band })
    : null
  const figures = figuresOfKind(input.kind, raw, judged?.comprehension)
  return { figures, marks, comprehension: judged?.comprehension ?? null, level_decision: input.kind === 'passage' ? judged?.level_decision ?? null : null }
}
