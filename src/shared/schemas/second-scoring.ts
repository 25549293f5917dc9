// A second scoring of a sitting (issue 27, ADR 0128): another person scores the reading blind from its recording,
// and the two scorings are compared word by word.
import * as v from 'valibot'
import { CODES } from './codes'
import type { Agreement, FiguresDifference } from '../reports/scorer-agreement'
import { requiredText } from '../rules/text'
import { MAX_MARKS, SittingMarkSchema, type Sitting, type SittingMark } from './sitting'
import type { CueCategory } from './scoring'
import type { VersionFigures } from './sitting-version'

/** POST …/sitting/{id}/second-scoring/: the second scorer's marks, the whole list (saving again replaces them). */
export const SecondScoringSchema = v.object({
  marks: v.pipe(v.array(SittingMarkSchema, CODES.invalidChoice), v.maxLength(MAX_MARKS, CODES.tooLong)),
})
export type SecondScoringInput = v.InferInput<typeof SecondScoringSchema>

/** GET …/sitting/{id}/blind/: what a second scorer works from; never the first marks or figures. */
export type BlindSitting = {
  id: number
  sitting_version: number
  student_name: string
  assessment_name: string
  direction: 'ltr' | 'rtl'
  words: string[]
  /** The passage's lines: each one's first word and length. */
  lines: { start: number; length: number }[]
  duration_seconds: number
  audio_url: string | null
  /** The caller's own second scoring of it, when they saved one. */
  mine: SittingMark[] | null
  /** The cue categories a mark can be coded with (ADR 0121), as on the capture screen. */
  cue_categories: CueCategory[]
}

/** A saved second scoring (the answer of the POST). */
export type SecondScoring = {
  id: number
  sitting_id: number
  sitting_version: number
  scored_by: number | null
  scored_by_name: string
  scored_at: string
  marks: SittingMark[]
  figures: VersionFigures
  /** The sitting's version its settling made; null until settled. */
  settled_version: number | null
  settled_at: string | null
}

/** GET …/sitting/{id}/second-scoring/comparison/: the first scoring beside each second scoring. */
export type ScoringComparison = {
  sitting_id: number
  sitting_version: number
  student: number
  student_name: string
  assessment_name: string
  /** The teacher who recorded and first scored the sitting. */
  first_scored_by: string
  /** Their id (null: an account deleted since): they and school staff may settle. */
  teacher: number | null
  direction: 'ltr' | 'rtl'
  words: string[]
  first: { marks: SittingMark[]; figures: VersionFigures }
  seconds: (SecondScoring & { agreement: Agreement; difference: FiguresDifference })[]
}

/** POST …/sitting/{id}/second-scoring/request/: ask this person (a user id) to score the sitting blind. */
export const SecondScoringRequestSchema = v.object({
  scorer: v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice)),
})
export type SecondScoringRequestInput = v.InferInput<typeof SecondScoringRequestSchema>

/** A request to score a sitting blind (the answer of the POST); done once the person asked saved their scoring. */
export type SecondScoringRequest = {
  id: number
  sitting_id: number
  scorer: number
  scorer_name: string
  asked_by: number | null
  asked_by_name: string
  asked_at: string
  done_at: string | null
}

/** GET …/sitting/{id}/second-scoring/scorers/: who may be asked, and whether they were. */
export type SecondScorerChoice = {
  id: number
  name: string
  email: string
  role: 'institution_admin' | 'school_admin' | 'teacher'
  /** The request to them for this sitting, if any. */
  request: SecondScoringRequest | null
}

/** GET /api/second-scoring/waiting/: a reading the signed-in user was asked to score; never the first marks. */
export type WaitingScoring = {
  request_id: number
  sitting_id: number
  school_id: number
  class_id: number
  class_name: string
  student_name: string
  assessment_name: string
  asked_by_name: string
  asked_at: string
}

/**
 * POST …/sitting/{id}/second-scoring/settle/: which mark is final on each disagreement with one second scoring
 * ('first' or 'second'; a disagreement not named keeps the first scorer's), on the version the comparison showed.
 * It makes a corrected version of the sitting, kept in its trail with the reason (a default names the picks).
 */
export const SettleScoringsSchema = v.object({
  second_scoring: v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice)),
  version: v.pipe(v.number(CODES.required), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall)),
  picks: v.optional(v.pipe(v.array(v.object({
    word_index: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall)),
    take: v.picklist(['first', 'second'], CODES.invalidChoice),
  }), CODES.invalidChoice), v.maxLength(MAX_MARKS, CODES.tooLong)), []),
  reason: v.optional(requiredText(5, 1000)),
})
export type SettleScoringsInput = v.InferInput<typeof SettleScoringsSchema>

/** The answer of a settling: the sitting as it now is (its new version) and the second scoring, marked settled. */
export type SettledScorings = { sitting: Sitting; second_scoring: SecondScoring }

/** One row of the agreement summary: a teacher (who recorded the sittings) or a school, over the period. */
export type AgreementSummaryRow = {
  /** The teacher's or the school's id (null: a teacher whose account was deleted). */
  id: number | null
  name: string
  /** The school's Arabic name (per school); the teacher's name again (per teacher). */
  arabic_name: string
  /** Sittings read in the period with at least one second scoring. */
  sittings: number
  /** Second scorings compared (a sitting scored by two people counts twice). */
  scorings: number
  /** Mean of each second scoring's percent agreement with the first marks it was made against; null without scorings. */
  mean_percent: number | null
  /** Cohen's kappa over all their word codes pooled; null when undefined. */
  kappa: number | null
  words: number
  /** The miscue types most often disagreed on, most first: the number of words whose disagreement is about each. */
  disagreed_types: { type: string; name: string; arabic_name: string; count: number }[]
}

/** GET /api/second-scoring/summary/{teacher|school}/from/{from}/to/{to}/. */
export type AgreementSummary = { by: 'teacher' | 'school'; from_date: string; to_date: string; rows: AgreementSummaryRow[] }
