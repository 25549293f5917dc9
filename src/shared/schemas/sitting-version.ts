// A sitting after it was recorded (ADR 0123): its marks corrected, rescored with another profile, voided or restored. Each
// change names the version it was made on (a change on an older version is refused as a conflict) and says why;
// the sitting keeps every earlier version in its trail.
import * as v from 'valibot'
import { CODES } from './codes'
import { requiredText } from '../rules/text'
import type { KindFigures } from '../reports/assessment-kinds'
import type { LevelDecision } from '../reports/comprehension'
import type { ProfileVersion } from '../reports/scoring-profile'
import { ProfileVersionSchema } from './scoring'
import { MAX_MARKS, SittingMarkSchema, type SittingMark } from './sitting'

/** The version the change is made on: the `version` the sitting report read. */
const BaseVersion = v.pipe(v.number(CODES.required), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall))
/** Why (kept with who and when). */
const Reason = requiredText(5, 1000)

/** POST …/sitting/{id}/correction/: the sitting's marks as they should be, scored with the profile it has. */
export const SittingCorrectionSchema = v.object({
  version: BaseVersion,
  reason: Reason,
  marks: v.pipe(v.array(SittingMarkSchema, CODES.invalidChoice), v.maxLength(MAX_MARKS, CODES.tooLong)),
})

/** POST …/sitting/{id}/rescore/: the same marks scored with another profile (or another version of it). */
export const SittingRescoreSchema = v.object({ version: BaseVersion, reason: Reason, scoring_profile: ProfileVersionSchema })

/** POST …/sitting/{id}/void/: the sitting stays as evidence, shown as void, and leaves every report. */
export const SittingVoidSchema = v.object({ version: BaseVersion, reason: Reason })

/** POST …/sitting/{id}/restore/: a void sitting counts again, as it was before the void. */
export const SittingRestoreSchema = v.object({ version: BaseVersion, reason: Reason })

export type SittingChangeKind = 'corrected' | 'rescored' | 'voided' | 'restored'

/** A version's stored figures (by the assessment's kind) and the level decision they gave. */
export type VersionFigures = KindFigures & { level_decision: LevelDecision | null }

/** What a version of a sitting held: its marks, its stored figures, the profile they were computed with. */
export type SittingState = {
  marks: SittingMark[]
  figures: VersionFigures
  scoring_profile: ProfileVersion | null
  voided: boolean
}

/** One change in a sitting's trail (the answer of each change call, and `trail` on the sitting report). */
export type SittingVersion = {
  version: number
  kind: SittingChangeKind
  made_by: number | null
  made_by_name: string
  made_at: string
  reason: string
  before: SittingState
  after: SittingState
}
