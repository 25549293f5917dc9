// Sittings and the miscue taxonomy (issue 8, ADR 0048). Figures are computed once by
// src/shared/reports/figures.ts and stored here, so reports aggregate columns in SQL.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { academicYears, assessments, classes, institutions, schools, students, users } from './tables'

/** Miscue types; institution_id null = the default set every institution sees. */
export const miscueTypes = pgTable('miscue_types', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 40 }).notNull(),
  display_name: varchar('display_name', { length: 100 }).notNull(),
  arabic_display_name: varchar('arabic_display_name', { length: 100 }).notNull(),
  color_code: varchar('color_code', { length: 7 }).notNull(),
  counts_as_error: boolean('counts_as_error').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
}, (t) => [uniqueIndex('miscue_types_code_key').on(sql`coalesce(${t.institution_id}, 0)`, t.code)])

export const sittings = pgTable('sittings', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  school_id: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  class_id: integer('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
  academic_year_id: integer('academic_year_id').notNull().references(() => academicYears.id, { onDelete: 'cascade' }),
  student_id: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
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
  error_count: integer('error_count').notNull(),
  self_correction_count: integer('self_correction_count').notNull(),
  accuracy: numeric('accuracy', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  score: integer('score').notNull(),
  wcpm: numeric('wcpm', { precision: 7, scale: 1, mode: 'number' }).notNull(),
  error_rate: integer('error_rate'),
  self_correction_ratio: integer('self_correction_ratio'),
  band: varchar('band', { length: 20 }).notNull(),
  scoring_version: integer('scoring_version').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sittings_class_year_assessment_idx').on(t.class_id, t.academic_year_id, t.assessment_id),
  index('sittings_class_day_idx').on(t.class_id, t.created_in_device_at),
  index('sittings_school_day_idx').on(t.school_id, t.created_in_device_at),
  index('sittings_institution_day_idx').on(t.institution_id, t.created_in_device_at),
  index('sittings_student_day_idx').on(t.student_id, t.created_in_device_at),
  index('sittings_assessment_idx').on(t.assessment_id),
])

/** One miscue on one word. counted_type_id is the type the reports count it under (self-corrected → self-correction). */
export const sittingMarks = pgTable('sitting_marks', {
  sitting_id: integer('sitting_id').notNull().references(() => sittings.id, { onDelete: 'cascade' }),
  word_index: integer('word_index').notNull(),
  miscue_type_id: integer('miscue_type_id').notNull().references(() => miscueTypes.id),
  self_corrected: boolean('self_corrected').notNull().default(false),
  counted_type_id: integer('counted_type_id').notNull().references(() => miscueTypes.id),
}, (t) => [index('sitting_marks_sitting_type_idx').on(t.sitting_id, t.counted_type_id)])
