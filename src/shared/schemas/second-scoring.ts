// A second scoring of a sitting (issue 27, ADR 0128): another person scores the reading blind from its recording,
// and the two scorings are compared word by word.
import * as v from 'valibot'
import { CODES } from './codes'
import type { Agreement, FiguresDifference } from '../reports/scorer-agreement'
import { MAX_MARKS, SittingMarkSchema, type SittingMark } from './sitting'
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
  direction: 'ltr' | 'rtl'
  words: string[]
  first: { marks: SittingMark[]; figures: VersionFigures }
  seconds: (SecondScoring & { agreement: Agreement; difference: FiguresDifference })[]
}
