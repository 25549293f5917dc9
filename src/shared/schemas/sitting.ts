// A sitting: one reading of an assessment by a student, marked word by word (design/domain.md "A sitting").
// POST /api/sitting/ validates with SittingSchema; the figures are computed by src/shared/reports/figures.ts.
import * as v from 'valibot'
import { CODES } from './codes'
import { MAX_MARK_CUES } from '../reports/cue-categories'
import type { CueSummary } from '../reports/cue-categories'
import { durationSeconds } from '../reports/figures'
import type { Band } from '../reports/figures'
import type { ProfileVersion } from '../reports/scoring-profile'
import { ProfileVersionSchema, type CueCategory } from './scoring'
import type { SittingVersion } from './sitting-version'
import { MAX_COMPREHENSION_ITEMS, MAX_ITEM_POINTS } from './assessment'
import type { AssessmentKind } from '../reports/assessment-kinds'
import type { LevelDecision, ScoredComprehension } from '../reports/comprehension'

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))

/** Longest sitting accepted whatever the assessment says (an hour). */
export const MAX_SITTING_SECONDS = 3600
/** Most marks one sitting may carry. */
export const MAX_MARKS = 5000
/** Longest text of what the child said on one mark. */
export const MAX_SAID_LENGTH = 60

/** Most words one insertion mark may hold. */
export const MAX_INSERTED_WORDS = 20

/** Seconds as a number, or "00:MM:SS" / "MM:SS" text; becomes whole seconds from 1 to an hour. */
export const SittingDuration = v.pipe(
  v.union([
    v.number(CODES.invalidNumber),
    v.pipe(v.string(), v.transform((s) => durationSeconds(s) ?? Number.NaN)),
  ], CODES.invalidNumber),
  v.number(CODES.invalidNumber),
  v.check((n) => Number.isFinite(n), CODES.invalidNumber),
  v.integer(CODES.invalidNumber),
  v.minValue(1, CODES.tooSmall),
  v.maxValue(MAX_SITTING_SECONDS, CODES.tooLarge),
)

const MiscueCodeText = v.pipe(v.string(CODES.required), v.trim(), v.nonEmpty(CODES.required), v.maxLength(40, CODES.tooLong))

export const SittingMarkSchema = v.object({
  /** 0-based index of the word in the passage. */
  word_index: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall)),
  /** A miscue type code of the taxonomy (GET /api/miscue-type/). */
  miscue: MiscueCodeText,
  /** The reader fixed this error unprompted: counts as a self-correction, not an error (never on a told word). */
  self_corrected: v.optional(v.boolean(CODES.invalidChoice), false),
  /** Words an insertion holds: each is an error against accuracy (ADR 0118). */
  words: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall), v.maxValue(MAX_INSERTED_WORDS, CODES.tooLarge)), 1),
  /** The word is a name: one error however often it is misread, under the profiles that say so. */
  proper_noun: v.optional(v.boolean(CODES.invalidChoice), false),
  /** The letter of the word (diacritics not counted) a short-vowel or case-ending mark is on. */
  letter_index: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(100, CODES.tooLarge))),
  /** A told word the child hesitated on for the profile's hesitation time (ADR 0120). */
  hesitated: v.optional(v.boolean(CODES.invalidChoice), false),
  /** One of the words of a line the child skipped, marked in one gesture (ADR 0120). */
  skipped_line: v.optional(v.boolean(CODES.invalidChoice), false),
  /** What the child said instead (a substitution, an insertion, an attempt); empty: not recorded. */
  said: v.optional(v.pipe(v.string(CODES.invalidChoice), v.trim(), v.maxLength(MAX_SAID_LENGTH, CODES.tooLong)), ''),
  /** The cue categories (codes of the kit's cue_categories) the error or self-correction was coded with. */
  cues: v.optional(v.pipe(v.array(MiscueCodeText, CODES.invalidChoice), v.maxLength(MAX_MARK_CUES, CODES.tooLong)), []),
})
export type SittingMarkInput = v.InferInput<typeof SittingMarkSchema>

/** Why the reading has a gap: the page was hidden (a tablet asleep, another app) or the microphone was lost. */
export const GAP_REASONS = ['hidden', 'microphone'] as const
export type GapReason = (typeof GAP_REASONS)[number]

/** Most gaps one sitting may carry. */
export const MAX_READING_GAPS = 100

/** A stretch of the reading the clock ran on through without the teacher seeing the page or the recording going. */
export const ReadingGapSchema = v.object({
  /** When it started (ISO 8601 with offset). */
  at: v.pipe(v.string(CODES.required), v.trim(), v.isoTimestamp(CODES.invalidDate)),
  /** How long it lasted, in whole seconds (0: under a second). */
  seconds: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(MAX_SITTING_SECONDS, CODES.tooLarge)),
  reason: v.picklist(GAP_REASONS, CODES.invalidChoice),
})
export type ReadingGap = v.InferOutput<typeof ReadingGapSchema>

/** The multipart part of POST /api/sitting/ holding the sitting's JSON body; the recording is the part `audio`. */
export const SITTING_PART = 'sitting'

export const SittingSchema = v.object({
  student: id,
  assessment: id,
  class: id,
  academic_year: id,
  /** When the reading happened on the device (ISO 8601 with offset). */
  created_in_device_at: v.pipe(
    v.string(CODES.required),
    v.trim(),
    v.nonEmpty(CODES.required),
    v.isoTimestamp(CODES.invalidDate),
  ),
  duration: SittingDuration,
  /** Words reached; defaults to the whole passage. */
  total_attempted: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall))),
  /** Words of the passage; only for assessments without text content (a PDF), otherwise counted from the text. */
  total_question: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall), v.maxValue(100000, CODES.tooLarge))),
  marks: v.optional(v.pipe(v.array(SittingMarkSchema, CODES.invalidChoice), v.maxLength(MAX_MARKS, CODES.tooLong)), []),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5000, CODES.tooLong)), ''),
  /** Optional audio as a data URL (data:audio/webm;base64,…); multipart requests send the `audio` part instead. */
  audio: v.optional(v.nullable(v.string())),
  /**
   * The scoring profile version the sitting was scored with on the device (what the teacher saw); without it
   * the institution's current profile for the passage's language (ADR 0091).
   */
  scoring_profile: v.optional(ProfileVersionSchema),
  /**
   * Whether each type the device scored with counted as an error there (its copy of the taxonomy): a type the
   * institution changed while the tablet was offline keeps the flag the teacher's figures were computed with.
   */
  scored_types: v.optional(v.pipe(v.array(v.object({ code: MiscueCodeText, counts_as_error: v.boolean(CODES.invalidChoice) }), CODES.invalidChoice), v.maxLength(500, CODES.tooLong))),
  /** The points the teacher gave each item of the assessment's comprehension step, in its order (ADR 0122). */
  comprehension: v.optional(v.pipe(
    v.array(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(MAX_ITEM_POINTS, CODES.tooLarge)), CODES.invalidChoice),
    v.maxLength(MAX_COMPREHENSION_ITEMS, CODES.tooLong),
  )),
  /** The level of the text read (F&P A-Z or a grade name): picks the profile's band cut-offs. */
  text_level: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(10, CODES.tooLong)))),
  /** Where the page was hidden or the microphone lost while the clock ran (ADR 0120). */
  reading_gaps: v.optional(v.pipe(v.array(ReadingGapSchema, CODES.invalidChoice), v.maxLength(MAX_READING_GAPS, CODES.tooLong)), []),
  /** The word (0-based) the child had reached at the profile's one-minute bracket; only under a profile with one. */
  bracket_word: v.optional(v.nullable(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall)))),
  /** The reading stopped under the profile's discontinue rule (no correct word in the first line). */
  discontinued: v.optional(v.boolean(CODES.invalidChoice), false),
})
export type SittingInput = v.InferInput<typeof SittingSchema>
export type SittingValues = v.InferOutput<typeof SittingSchema>

/** A miscue type's share of all miscues (common report, sitting report pie). */
export type MiscueShare = {
  miscue: string
  arabic_miscue: string
  miscue_code: string
  color_code: string
  count: number
  /** Whole percent of all miscues. */
  percentage: number
}

export type SittingMark = {
  word_index: number; miscue: string; self_corrected: boolean; words: number; proper_noun: boolean; letter_index: number | null; hesitated: boolean; skipped_line: boolean
  /** What the child said (null: not recorded). */
  said: string | null
  cues: string[]
}

/** GET /api/school/{schoolId}/class/{classId}/sitting/{sittingId}/ and the answer of POST /api/sitting/. */
export type Sitting = {
  id: number
  student: number
  student_name: string
  assessment: number
  assessment_name: string
  assessment_type: string
  /** How the assessment is scored: a passage (WCPM, a band), a letter or word grid (per minute, no band), a question set (points). */
  kind: AssessmentKind
  class: number
  class_name: string
  school: number
  academic_year: number
  academic_year_name: string
  teacher: number | null
  teacher_name: string
  /** The passage's words (a mark's word_index counts them); empty for a PDF. */
  words: string[]
  /** The passage's lines: each one's first word and length (ADR 0120). */
  lines: { start: number; length: number }[]
  /** Escaped HTML of the passage with each miscue marked in its colour. */
  content: string
  /** ltr or rtl: the direction of the passage's subject. */
  direction: 'ltr' | 'rtl'
  marks: SittingMark[]
  miscues: MiscueShare[]
  /** Cue analysis of the errors and self-corrections (ADR 0121). */
  cue_summary: CueSummary
  /** The cue categories a mark on this passage can be coded with (a correction codes with them, ADR 0123). */
  cue_categories: CueCategory[]
  /** Whole percent. */
  score: number
  accuracy: number
  /** Words correct per minute: passages and word grids; null for other kinds. */
  wcpm: number | null
  /** Correct letter sounds per minute: letter grids only. */
  clpm: number | null
  /** E against accuracy. */
  error_count: number
  /** The errors against words correct per minute (ADR 0118). */
  fluency_error_count: number
  self_correction_count: number
  error_rate: number | null
  self_correction_ratio: number | null
  /** The accuracy band: passages only. */
  band: Band | null
  /** The comprehension step as scored after the reading; null without one. */
  comprehension: ScoredComprehension | null
  /** Independent, instructional or hard (F&P: accuracy with comprehension); null when the profile sets no rule. */
  level_decision: LevelDecision | null
  total_question: number
  total_attempted: number
  total_correct: number
  /** "00:MM:SS". */
  duration: string
  duration_seconds: number
  created_in_device_at: string
  /** Null without audio; otherwise a path under /api that answers the stored file to signed-in readers. */
  audio_url: string | null
  notes: string
  scoring_version: number
  /** The scoring profile and version the figures were computed with (null for sittings before profiles). */
  scoring_profile: (ProfileVersion & { display_name: string; arabic_display_name: string }) | null
  /** The level of the text read, when given. */
  text_level: string | null
  /** Types whose "counts as error" the figures used differently from the institution's taxonomy at arrival. */
  scored_flags: Record<string, boolean> | null
  /** Where the page was hidden or the microphone lost while the clock ran on (empty: none). */
  reading_gaps: ReadingGap[]
  /** The word reached at the one-minute bracket (WCPM counts up to it); null: no bracket. */
  bracket_word: number | null
  /** Stopped under the discontinue rule. */
  discontinued: boolean
  created_at: string
  /** The current version: 1 as recorded, one more for each correction, rescore or void (ADR 0123). */
  version: number
  /** Set when the sitting was voided: it leaves every report and shows as void with its reason. */
  voided: { at: string; reason: string } | null
  /** Every change since it was recorded, oldest first, with who, when, why and the state before and after. */
  trail: SittingVersion[]
}

/** A row of GET /api/student/{id}/sitting/ (newest first). */
export type StudentSittingRow = {
  id: number
  school: number
  class: number
  class_name: string
  assessment: number
  assessment_name: string
  academic_year_name: string
  created_in_device_at: string
  score: number
  kind: AssessmentKind
  wcpm: number | null
  clpm: number | null
  band: Band | null
  level_decision: LevelDecision | null
  /** Set when voided: the history shows the sitting as void with its reason; its figures count nowhere. */
  voided: { at: string; reason: string } | null
  /** Cue analysis of the sitting's errors and self-corrections, so the student's page follows it over time. */
  cue_summary: CueSummary
}
