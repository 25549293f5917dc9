// A student's goal and aimline (issue 26, ADR 0125): set by a teacher, not reading evidence, so it goes with its
// student. One goal a student: a new goal replaces the old one.
import { date, integer, numeric, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { institutions, students, users } from './tables'

export const studentGoals = pgTable('student_goals', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id').notNull().references(() => institutions.id, { onDelete: 'cascade' }),
  student_id: integer('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
  start_date: date('start_date', { mode: 'string' }).notNull(),
  start_wcpm: numeric('start_wcpm', { precision: 5, scale: 1, mode: 'number' }).notNull(),
  goal_date: date('goal_date', { mode: 'string' }).notNull(),
  goal_wcpm: numeric('goal_wcpm', { precision: 5, scale: 1, mode: 'number' }).notNull(),
  set_by: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [uniqueIndex('student_goals_student_key').on(t.student_id)])
