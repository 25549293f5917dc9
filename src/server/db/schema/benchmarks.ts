// Benchmark tables an institution loads, and its benchmark settings (issue 26, ADR 0124). The published tables
// are data in src/shared/benchmarks/published-tables.ts, not rows: every institution sees them as they are.
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { BenchmarkRow } from '../../../shared/benchmarks/benchmark-table'
import type { SeasonStarts } from '../../../shared/benchmarks/seasons'
import type { ExpectedLevels } from '../../../shared/benchmarks/text-levels'
import { institutions } from './tables'

/** An institution's own table (screen or spreadsheet), in the shape of the published ones. */
export const benchmarkTables = pgTable('benchmark_tables', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 200 }).notNull(),
  source: varchar('source', { length: 500 }).notNull(),
  year: integer('year').notNull(),
  language: varchar('language', { length: 2 }).notNull(),
  rows: jsonb('rows').$type<BenchmarkRow[]>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [index('benchmark_tables_institution_idx').on(t.institution_id)])

/** One row per institution that changed a default: its seasons, its digits, the table per passage language. */
export const benchmarkSettings = pgTable('benchmark_settings', {
  institution_id: integer('institution_id').primaryKey().references(() => institutions.id, { onDelete: 'cascade' }),
  seasons: jsonb('seasons').$type<SeasonStarts>().notNull().default(sql`'{"boy":"08-01","moy":"12-01","eoy":"03-01"}'::jsonb`),
  /** 'latn' (0-9) or 'arab' (٠-٩): the digits reports show numbers in. */
  digits: varchar('digits', { length: 4 }).notNull().default('latn'),
  /** Table code per passage language ('dibels8', 'custom:12'); null: none. */
  table_en: varchar('table_en', { length: 40 }).default('dibels8'),
  table_ar: varchar('table_ar', { length: 40 }),
  /** The text level expected of each grade (0-12) per season, in the institution's scheme: { "2": { "boy": "J" } }. */
  expected_levels: jsonb('expected_levels').$type<ExpectedLevels>().notNull().default(sql`'{}'::jsonb`),
  updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})
