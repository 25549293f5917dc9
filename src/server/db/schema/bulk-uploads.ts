// Bulk spreadsheet uploads (ADR 0080): one row per upload, kept so its results stay available from the upload
// screen afterwards, and one row per refused data row (with its cells, so the refused rows can be downloaded
// to fix and send again). A large upload is imported by the bulk-import job, which resumes from
// processed_rows after a restart: each chunk of rows commits together with its results and the counters.
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core'
import { institutions, users } from './tables'
import type { JobTaskState } from './jobs'

export const bulkUploads = pgTable('bulk_uploads', {
  id: uuid('id').primaryKey(),
  /** Null for platform content (assessment libraries, report templates). */
  institution_id: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 30 }).notNull(),
  file_name: varchar('file_name', { length: 255 }).notNull(),
  /** Host the upload came through, a record only: mail links use the configured address (ADR 0114). */
  host: varchar('host', { length: 255 }).notNull().default(''),
  /** Language of the uploader: the messages of refused rows are written in it. */
  lang: varchar('lang', { length: 2 }).notNull().default('en'),
  /** What the upload screen chose: the school (teachers, students), the year (classes, students), the class (students). */
  school_id: integer('school_id'),
  year_id: integer('year_id'),
  class_id: integer('class_id'),
  /** The file's header row, to write the refused rows back with their original columns. */
  headers: jsonb('headers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The stored file while the background import needs it (files/bulk-uploads/…); removed when it ends. */
  stored_file: varchar('stored_file', { length: 60 }),
  /** The tracked task of a background import. */
  job_id: uuid('job_id'),
  state: varchar('state', { length: 10 }).$type<JobTaskState>().notNull().default('PENDING'),
  total_rows: integer('total_rows').notNull().default(0),
  processed_rows: integer('processed_rows').notNull().default(0),
  success_count: integer('success_count').notNull().default(0),
  error_count: integer('error_count').notNull().default(0),
  error: text('error'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('bulk_uploads_owner_idx').on(t.user_id, t.kind, t.created_at)])

export const bulkUploadRows = pgTable('bulk_upload_rows', {
  upload_id: uuid('upload_id').notNull().references(() => bulkUploads.id, { onDelete: 'cascade' }),
  /** The row number in the file. */
  row: integer('row').notNull(),
  /** The row's key as written (email, enrollment code, identifier or name). */
  label: varchar('label', { length: 300 }).notNull().default(''),
  error: text('error').notNull(),
  /** Field → message. */
  errors: jsonb('errors').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** The row's cells as the file had them. */
  cells: jsonb('cells').$type<(string | number | boolean | null)[]>().notNull().default(sql`'[]'::jsonb`),
}, (t) => [primaryKey({ columns: [t.upload_id, t.row] })])
