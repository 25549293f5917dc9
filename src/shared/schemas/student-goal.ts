import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { isoDate } from './licence'

/** Words correct per minute a teacher may set: 0 to 400 (above any published norm), one decimal. */
const wcpm = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(CODES.required), v.transform(Number))], CODES.invalidNumber),
  v.number(CODES.invalidNumber),
  v.check((n) => Number.isFinite(n), CODES.invalidNumber),
  v.minValue(0, CODES.tooSmall),
  v.maxValue(400, CODES.tooLarge),
  v.transform((n) => Math.round(n * 10) / 10),
)

/**
 * A student's goal (issue 26): the aimline runs from where the teacher starts it (a day and the words correct per
 * minute then, usually the first reading of the year) to the goal (a later day and the words correct per minute
 * wanted by then).
 */
export const StudentGoalSchema = v.pipe(
  v.object({ start_date: isoDate, start_wcpm: wcpm, goal_date: isoDate, goal_wcpm: wcpm, updated_at: editVersion }),
  v.forward(v.partialCheck([['start_date'], ['goal_date']], (i) => i.goal_date > i.start_date, CODES.dateOrder), ['goal_date']),
)
export type StudentGoalInput = v.InferInput<typeof StudentGoalSchema>

export type StudentGoal = {
  id: number
  student_id: number
  start_date: string
  start_wcpm: number
  goal_date: string
  goal_wcpm: number
  updated_at: string
}
