// Sittings and the miscue taxonomy (issue 8, ADR 0048). Figures are computed once by
// src/shared/reports/figures.ts and stored here, so reports aggregate columns in SQL.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { ScoringRules } from '../../../shared/reports/scoring-profile'
import type { SittingState, VersionFigures } from '../../../shared/schemas/sitting-version'
import type { ScoredComprehension } from '../../../shared/reports/comprehension'
import type { ReadingGap, SittingMark } from '../../../shared/schemas/sitting'
import { academicYears, assessments, classes, institutions, schools, students, users } from './tables'

/**
 * Miscue types; institution_id null = the default set every institution sees. An institution's row with the
 * code of a default replaces it for that institution (its names, colour, flags, or `active` false to hide it).
 */
export const miscueTypes = pgTable('miscue_types', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 40 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  color_code: varchar('color_code', { length: 7 }).notNull(),
  counts_as_error: boolean('counts_as_error').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  /** 'ar' or 'en': offered only on passages of that language; null: on every passage. */
  language: varchar('language', { length: 2 }),
  /** 'short_vowel' or 'case_ending': what a scoring profile may set aside (shared/reports/scoring-profile.ts). */
  scoring_class: varchar('scoring_class', { length: 20 }),
  /** False: no longer offered for new sittings (past sittings keep their marks). */
  active: boolean('active').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [uniqueIndex('miscue_types_code_key').on(sql`coalesce(${t.institution_id}, 0)`, t.code)])

/**
 * Cue categories of the miscue analysis (ADR 0121): meaning, structure, visual and the Arabic ones. institution_id
 * null = the default set every institution sees; an institution's row with a default's code replaces it.
 */
export const cueCategories = pgTable('cue_categories', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 40 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  short_name: varchar('short_name', { length: 4 }).notNull(),
  arabic_short_name: varchar('arabic_short_name', { length: 4 }).notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  /** 'ar' or 'en': offered only on passages of that language; null: on every passage. */
  language: varchar('language', { length: 2 }),
  active: boolean('active').notNull().default(true),
}, (t) => [uniqueIndex('cue_categories_code_key').on(sql`coalesce(${t.institution_id}, 0)`, t.code)])

/**
 * Scoring profiles (ADR 0091): institution_id null = built in (every institution sees it, nobody edits it).
 * `version` and `rules` are the current ones; every version's rules stay in scoring_profile_versions, so a
 * sitting's figures can always be traced to the rules they were computed with.
 */
export const scoringProfiles = pgTable('scoring_profiles', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  /** Built-in profiles only. */
  code: varchar('code', { length: 40 }),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  version: integer('version').notNull().default(1),
  rules: jsonb('rules').$type<ScoringRules>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('scoring_profiles_builtin_code_key').on(t.code).where(sql`${t.institution_id} is null`),
  index('scoring_profiles_institution_idx').on(t.institution_id),
])

/** Every version of every profile, never changed once written. */
export const scoringProfileVersions = pgTable('scoring_profile_versions', {
  profile_id: integer('profile_id').notNull().references(() => scoringProfiles.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  rules: jsonb('rules').$type<ScoringRules>().notNull(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.profile_id, t.version] })])

/** The profile an institution scores each passage language ('ar', 'en') with; none = the built-in standard. */
export const institutionScoringProfiles = pgTable('institution_scoring_profiles', {
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  language: varchar('language', { length: 2 }).notNull(),
  profile_id: integer('profile_id').notNull().references(() => scoringProfiles.id),
}, (t) => [primaryKey({ columns: [t.institution_id, t.language] })])

/**
 * A reading's record is evidence (ADR 0112): deleting the institution, school, class, year or student it refers
 * to is refused while it exists; only an explicit removal (sitting_removals) takes it away.
 */
export const sittings = pgTable('sittings', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'restrict' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'restrict' }),
  class_id: integer('class_id').notNull().references(() => classes.id, { onDelete: 'restrict' }),
  academic_year_id: integer('academic_year_id').notNull().references(() => academicYears.id, { onDelete: 'restrict' }),
  student_id: integer('student_id').notNull().references(() => students.id, { onDelete: 'restrict' }),
  assessment_id: integer('assessment_id').notNull().references(() => assessments.id),
  /** The user who recorded the sitting. */
  teacher_id: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
  created_in_device_at: timestamp('created_in_device_at', { withTimezone: true }).notNull(),
  duration_seconds: integer('duration_seconds').notNull(),
  notes: text('notes').notNull().default(''),
  /** Random file name under DATA_DIR/files/sittings; null without audio. */
  audio_file: varchar('audio_file', { length: 100 }),
  audio_type: varchar('audio_type', { length: 60 }),
  /** ltr or rtl, from the passage's subject. The content HTML is built on read from the passage and the marks. */
  direction: varchar('direction', { length: 3 }).notNull().default('ltr'),
  total_question: integer('total_question').notNull(),
  total_attempted: integer('total_attempted').notNull(),
  total_correct: integer('total_correct').notNull(),
  /** E against accuracy (ADR 0118). */
  error_count: integer('error_count').notNull(),
  /** The errors against words correct per minute: DIBELS 8 and EGRA leave insertions out, DIBELS counts a reversal twice. */
  fluency_error_count: integer('fluency_error_count').notNull(),
  self_correction_count: integer('self_correction_count').notNull(),
  accuracy: numeric('accuracy', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  score: integer('score').notNull(),
  /** Words correct per minute: passages and word grids; null for letter grids and question sets (ADR 0122). */
  wcpm: numeric('wcpm', { precision: 7, scale: 1, mode: 'number' }),
  /** Correct letter sounds per minute (EGRA): letter grids only. */
  clpm: numeric('clpm', { precision: 7, scale: 1, mode: 'number' }),
  error_rate: integer('error_rate'),
  self_correction_ratio: integer('self_correction_ratio'),
  /** The accuracy band: passages only (a grid or a question set has none). */
  band: varchar('band', { length: 20 }),
  /** passage, letter_grid, word_grid or question_set (shared/reports/assessment-kinds.ts), from the assessment's type. */
  kind: varchar('kind', { length: 20 }).notNull().default('passage'),
  /** The comprehension step as the teacher scored it, each item with its points: kept as asked, whatever the assessment becomes. */
  comprehension: jsonb('comprehension').$type<ScoredComprehension>(),
  comprehension_score: integer('comprehension_score'),
  comprehension_max: integer('comprehension_max'),
  /** independent, instructional or hard (F&P), when the profile decides levels. */
  level_decision: varchar('level_decision', { length: 20 }),
  scoring_version: integer('scoring_version').notNull(),
  /** The profile version the figures were computed with (null: recorded before profiles, i.e. the standard rules). */
  scoring_profile_id: integer('scoring_profile_id').references(() => scoringProfiles.id),
  scoring_profile_version: integer('scoring_profile_version'),
  /** The level of the text read (F&P A-Z, or a grade), which picks the profile's band cut-offs; null: none given. */
  text_level: varchar('text_level', { length: 10 }),
  /**
   * The types whose "counts as error" the device scored with differently from the institution's taxonomy when the
   * sitting arrived (changed while the tablet was offline): code → the flag the stored figures used. Null: none.
   */
  scored_flags: jsonb('scored_flags').$type<Record<string, boolean>>(),
  /** Stretches of the reading the page was hidden or the microphone lost (ADR 0120): the clock ran on, the recording has a gap. */
  reading_gaps: jsonb('reading_gaps').$type<ReadingGap[]>(),
  /** The word the child had reached at the profile's bracket (60 s, DIBELS 8, EGRA): WCPM counts up to it. Null: no bracket. */
  bracket_word: integer('bracket_word'),
  /** The reading stopped under the discontinue rule (no correct word in the first line). */
  discontinued: boolean('discontinued').notNull().default(false),
  /** The current version (ADR 0123): 1 as recorded; each correction, rescore or void adds one (sitting_versions). */
  version: integer('version').notNull().default(1),
  /** Set when the sitting is voided: it stays as evidence but leaves every report. */
  voided_at: timestamp('voided_at', { withTimezone: true }),
  void_reason: text('void_reason'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sittings_class_year_assessment_idx').on(t.class_id, t.academic_year_id, t.assessment_id),
  index('sittings_class_day_idx').on(t.class_id, t.created_in_device_at),
  index('sittings_school_day_idx').on(t.school_id, t.created_in_device_at),
  index('sittings_institution_day_idx').on(t.institution_id, t.created_in_device_at),
  // A student's readings by day, carrying what the benchmark view reads of each (ADR 0124): its newest sitting of
  // a season is then one probe of the index alone, even for every student of a school.
  index('sittings_student_day_covering_idx').on(
    t.student_id, t.created_in_device_at, t.id, t.institution_id, t.school_id, t.class_id, t.academic_year_id,
    t.voided_at, t.wcpm, t.accuracy, t.band, t.text_level, t.direction,
  ),
  index('sittings_assessment_idx').on(t.assessment_id),
  // The year list's in-use check and the year's foreign key (RESTRICT) look sittings up by year.
  index('sittings_year_idx').on(t.academic_year_id),
])

/** One miscue on one word. counted_type_id is the type the reports count it under (self-corrected → self-correction). */
export const sittingMarks = pgTable('sitting_marks', {
  sitting_id: integer('sitting_id').notNull().references(() => sittings.id, { onDelete: 'cascade' }),
  word_index: integer('word_index').notNull(),
  miscue_type_id: integer('miscue_type_id').notNull().references(() => miscueTypes.id),
  self_corrected: boolean('self_corrected').notNull().default(false),
  counted_type_id: integer('counted_type_id').notNull().references(() => miscueTypes.id),
  /** Words an insertion holds (each is an error against accuracy); 1 for other marks. */
  words: integer('words').notNull().default(1),
  /** The word is a name: under Clay and F&P it is one error however often it is misread. */
  proper_noun: boolean('proper_noun').notNull().default(false),
  /** The letter (diacritics not counted) a short-vowel or case-ending mark is on; null: the word. */
  letter_index: integer('letter_index'),
  /** A told word the child hesitated on for the profile's hesitation time (3 s, DIBELS 8, EGRA). */
  hesitated: boolean('hesitated').notNull().default(false),
  /** One of the words of a line the child skipped, marked in one gesture. */
  skipped_line: boolean('skipped_line').notNull().default(false),
  /** What the child said or attempted (a substitution, an insertion, an attempt); null: not recorded. */
  said: varchar('said', { length: 60 }),
  /** Codes of the cue categories the mark was coded with (cue_categories; ADR 0121). */
  cues: jsonb('cues').$type<string[]>().notNull().default([]),
  // The cues are in the key so that a class's common report counts its marks by type and by cues from the index alone.
}, (t) => [index('sitting_marks_sitting_type_idx').on(t.sitting_id, t.counted_type_id, t.cues)])

/**
 * The audit trail of a sitting (ADR 0123): one row per change after it was recorded (a correction of its marks, a
 * rescore with another profile, a void), with who, when, why and its state before and after. The sitting row holds
 * the current version; `version` here is the one the change made (2 for the first change).
 */
export const sittingVersions = pgTable('sitting_versions', {
  id: serial('id').primaryKey(),
  sitting_id: integer('sitting_id').notNull().references(() => sittings.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  /** 'corrected', 'rescored', 'voided' or 'restored'. */
  kind: varchar('kind', { length: 20 }).notNull(),
  made_by: integer('made_by').references(() => users.id, { onDelete: 'set null' }),
  /** The author's name and e-mail as they were, kept when the account is deleted. */
  made_by_name: varchar('made_by_name', { length: 400 }).notNull(),
  made_at: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  reason: text('reason').notNull(),
  before: jsonb('before').$type<SittingState>().notNull(),
  after: jsonb('after').$type<SittingState>().notNull(),
}, (t) => [uniqueIndex('sitting_versions_sitting_version_key').on(t.sitting_id, t.version)])

/**
 * Who removed a sitting, when and why (ADR 0112). The sitting's row is kept as it was, so the record says what
 * was removed; ids are plain numbers, so the things the sitting referred to can still be deleted later.
 */
export const sittingRemovals = pgTable('sitting_removals', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull(),
  student_id: integer('student_id').notNull(),
  sitting_id: integer('sitting_id').notNull(),
  /** The sitting's columns as they were when it was removed. */
  sitting: jsonb('sitting').$type<Record<string, unknown>>().notNull(),
  /** The stored audio file removed with the sitting (null: it had none). */
  audio_file: varchar('audio_file', { length: 100 }),
  removed_by: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  /** The remover's name and e-mail as they were, kept when the account is deleted. */
  removed_by_name: varchar('removed_by_name', { length: 400 }).notNull(),
  removed_at: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  reason: text('reason').notNull(),
}, (t) => [index('sitting_removals_institution_idx').on(t.institution_id, t.removed_at)])

/**
 * A second scoring of a sitting (issue 27, ADR 0128): another person's marks made blind from the recording, kept
 * beside the sitting's own. One per scorer and sitting: saving again replaces it. `sitting_version` is the version
 * the sitting had when it was scored; the figures are computed under the sitting's profile, like the first.
 */
export const secondScorings = pgTable('second_scorings', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  sitting_id: integer('sitting_id').notNull().references(() => sittings.id, { onDelete: 'cascade' }),
  scored_by: integer('scored_by').references(() => users.id, { onDelete: 'set null' }),
  /** The scorer's name and e-mail as they were, kept when the account is deleted. */
  scored_by_name: varchar('scored_by_name', { length: 400 }).notNull(),
  scored_at: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  sitting_version: integer('sitting_version').notNull(),
  marks: jsonb('marks').$type<SittingMark[]>().notNull(),
  figures: jsonb('figures').$type<VersionFigures>().notNull(),
  /** The sitting's version its settling made (a corrected version from the coach's picks); null until settled. */
  settled_version: integer('settled_version'),
  settled_at: timestamp('settled_at', { withTimezone: true }),
}, (t) => [uniqueIndex('second_scorings_sitting_scorer_key').on(t.sitting_id, t.scored_by)])

/**
 * A request to score a sitting a second time, blind (issue 27, ADR 0128): who asked whom, and when. One per
 * sitting and person asked; done once that person saves their second scoring of it.
 */
export const secondScoringRequests = pgTable('second_scoring_requests', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  sitting_id: integer('sitting_id').notNull().references(() => sittings.id, { onDelete: 'cascade' }),
  scorer_id: integer('scorer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  asked_by: integer('asked_by').references(() => users.id, { onDelete: 'set null' }),
  /** The asker's name and e-mail as they were, kept when the account is deleted. */
  asked_by_name: varchar('asked_by_name', { length: 400 }).notNull(),
  asked_at: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  done_at: timestamp('done_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('second_scoring_requests_sitting_scorer_key').on(t.sitting_id, t.scorer_id),
  index('second_scoring_requests_scorer_idx').on(t.scorer_id, t.done_at),
])
