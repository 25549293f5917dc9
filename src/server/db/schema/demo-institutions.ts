// Institutions made by the demo copy job: which job made them, from which source, and whether the copy
// finished. A demo stays inactive (unreachable by its host) until completed_at is set.
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { institutions } from './tables'

export const demoInstitutions = pgTable('demo_institutions', {
  institution_id: integer('institution_id').primaryKey().references(() => institutions.id, { onDelete: 'cascade' }),
  source_institution_id: integer('source_institution_id').references(() => institutions.id, { onDelete: 'set null' }),
  job_id: uuid('job_id').notNull(),
  completed_at: timestamp('completed_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('demo_institutions_job_idx').on(t.job_id)])
