// How an institution marks and scores sittings (ADR 0091): its miscue taxonomy (defaults it may override or
// switch off, and types of its own) and its scoring profiles (versioned rules, one chosen per passage language).
import * as v from 'valibot'
import { requiredText } from '../rules/text'
import { MISCUE_LANGUAGES, SCORING_CLASSES } from '../reports/miscue-types'
import type { CueCategoryDef } from '../reports/cue-categories'
import type { MiscueTypeDef } from '../reports/miscue-types'
import { RULE_NAMES, STANDARD_RULES } from '../reports/scoring-profile'
import { CODES } from './codes'
import { editVersion } from './edit-version'

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))
const flag = (fallback: boolean) => v.optional(v.boolean(CODES.invalidChoice), fallback)

/** A type's code: lower-case letters, digits and underscores (it names the type in marks and API calls). */
export const MiscueCode = v.pipe(
  v.string(CODES.required), v.trim(), v.nonEmpty(CODES.required), v.minLength(2, CODES.tooShort), v.maxLength(40, CODES.tooLong),
  v.regex(/^[a-z][a-z0-9_]*$/, CODES.invalidChoice),
)

const miscueTypeFields = {
  display_name: requiredText(2, 100),
  arabic_display_name: requiredText(2, 100),
  /** #RRGGBB. */
  color_code: v.pipe(v.string(CODES.required), v.trim(), v.regex(/^#[0-9a-fA-F]{6}$/, CODES.invalidChoice)),
  counts_as_error: v.boolean(CODES.invalidChoice),
  sort_order: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(1000, CODES.tooLarge)), 100),
  /** Offered on every passage (null), or only on Arabic or English ones. */
  language: v.optional(v.nullable(v.picklist(MISCUE_LANGUAGES, CODES.invalidChoice)), null),
  scoring_class: v.optional(v.nullable(v.picklist(SCORING_CLASSES, CODES.invalidChoice)), null),
  /** Switched off: no longer offered for new sittings; past sittings keep it. */
  active: flag(true),
}

/** POST /api/miscue-type/: a type of the institution's own. */
export const MiscueTypeCreateSchema = v.object({ code: MiscueCode, ...miscueTypeFields })
/** PUT /api/miscue-type/{code}/: the institution's version of a type (a default is overridden for it alone). */
export const MiscueTypeUpdateSchema = v.object({ ...miscueTypeFields, updated_at: editVersion })
export type MiscueTypeInput = v.InferInput<typeof MiscueTypeCreateSchema>

const percent = v.pipe(v.number(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(100, CODES.tooLarge))
/** Text levels a set of cut-offs applies to (F&P letters, or a grade name); null: any level. */
const LevelCutoffsSchema = v.pipe(
  v.object({
    levels: v.nullable(v.pipe(v.array(v.pipe(v.string(CODES.required), v.trim(), v.toUpperCase(), v.nonEmpty(CODES.required), v.maxLength(10, CODES.tooLong))), v.maxLength(100, CODES.tooLong))),
    independent: percent,
    instructional: percent,
  }, CODES.invalidChoice),
  v.check((b) => b.instructional <= b.independent, CODES.invalidChoice),
)

const SWITCHES_WITH_DEFAULTS = RULE_NAMES.filter((name) => name !== 'insertions_against_wcpm')

export const ScoringRulesSchema = v.pipe(
  v.object({
    ...Object.fromEntries(SWITCHES_WITH_DEFAULTS.map((name) => [name, flag(STANDARD_RULES[name])])) as Record<(typeof SWITCHES_WITH_DEFAULTS)[number], ReturnType<typeof flag>>,
    /** Left out: insertions count against WCPM as they count against accuracy. */
    insertions_against_wcpm: v.optional(v.boolean(CODES.invalidChoice)),
    bands: v.optional(v.pipe(v.array(LevelCutoffsSchema, CODES.invalidChoice), v.minLength(1, CODES.required), v.maxLength(30, CODES.tooLong)), STANDARD_RULES.bands),
  }),
  v.transform((r) => ({ ...r, insertions_against_wcpm: r.insertions_against_wcpm ?? r.count_insertions })),
)

/** POST /api/scoring-profile/ and PUT /api/scoring-profile/{id}/: an institution's own profile. */
export const ScoringProfileSchema = v.object({
  display_name: requiredText(2, 100),
  arabic_display_name: requiredText(2, 100),
  rules: ScoringRulesSchema,
  updated_at: editVersion,
})
export type ScoringProfileInput = v.InferInput<typeof ScoringProfileSchema>

/** PUT /api/scoring-profile/selection/: the profile each passage language is scored with from now on. */
export const ScoringSelectionSchema = v.object({ ar: id, en: id })
export type ScoringSelection = v.InferInput<typeof ScoringSelectionSchema>

/** Which profile version a sitting was scored with (sent by the capture screen: what the teacher saw). */
export const ProfileVersionSchema = v.object({
  id,
  version: v.pipe(v.number(CODES.required), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall)),
})

/** One cue category of the taxonomy (the capture kit): what a miscue tells about the cues the child used (ADR 0121). */
export type CueCategory = CueCategoryDef & { id: number }

/** One miscue type of the taxonomy (GET /api/miscue-type/). */
export type MiscueType = Required<MiscueTypeDef> & {
  id: number
  active: boolean
  /** True when the row is the institution's (its own type, or its version of a default). */
  own: boolean
  updated_at: string
}
