// Background tasks a user watches (demo institution copy, later report e-mails and imports): the state a
// status call reads. The queue itself is pg-boss's own schema (pgboss.*); a task row shares its job's id.
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { users } from './tables'

export const JOB_TASK_STATES = ['PENDING', 'PROGRESS', 'SUCCESS', 'FAILURE'] as const
export type JobTaskState = (typeof JOB_TASK_STATES)[number]

export const jobTasks = pgTable('job_tasks', {
  /** The pg-boss job id. */
  id: uuid('id').primaryKey(),
  /** The pg-boss queue (job) name. */
  name: varchar('name', { length: 100 }).notNull(),
  state: varchar('state', { length: 10 }).$type<JobTaskState>().notNull().default('PENDING'),
  /** At most one open (PENDING or PROGRESS) task per name and key, e.g. a demo's sub-domain. */
  unique_key: varchar('unique_key', { length: 200 }),
  requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  current: integer('current').notNull().default(0),
  total: integer('total').notNull().default(0),
  /** What the job is doing now: a short key (starting, retrying, requeued, done, or the job's own step) the status call translates. */
  status: text('status'),
  result: jsonb('result'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('job_tasks_open_key').on(t.name, t.unique_key).where(sql`${t.unique_key} IS NOT NULL AND ${t.state} IN ('PENDING', 'PROGRESS')`),
  index('job_tasks_open_idx').on(t.state).where(sql`${t.state} IN ('PENDING', 'PROGRESS')`),
])
