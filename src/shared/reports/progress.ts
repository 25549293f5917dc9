// A student's progress over time (issue 26, ADR 0125): the rate of improvement in words correct per minute, the
// aimline from the teacher's goal, and whether the latest readings fall below it. The server answers these figures
// and the web recomputes them with a goal still waiting in the outbox, so both read the same rules from here.
import type { Band } from './figures'
import type { StudentGoal } from '../schemas/student-goal'
import type { CutPoints } from '../benchmarks/benchmark-table'
import type { SeasonCode } from '../benchmarks/seasons'

/** One sitting on the trend: its day (yyyy-mm-dd, as the device recorded it, in UTC) and figures. */
export type ProgressPoint = {
  sitting_id: number
  date: string
  academic_year_id: number
  academic_year_name: string
  assessment_name: string
  wcpm: number
  accuracy: number
  band: Band
  /** The level of the text read; null when the sitting named none. */
  text_level: string | null
}

export type AimlineGoal = Pick<StudentGoal, 'start_date' | 'start_wcpm' | 'goal_date' | 'goal_wcpm'>

/** How many of the latest readings below the aimline raise the flag. */
export const BELOW_AIMLINE_RUN = 3

const DAY_MS = 86_400_000
/** Whole days since 1970-01-01 of a yyyy-mm-dd day. */
export const dayNumber = (date: string): number => Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS)

/**
 * Words per week by ordinary least squares of words correct per minute over the day of each reading, on the
 * readings of the newest academic year (the year the latest reading belongs to). Null with fewer than two
 * readings on different days. Two decimals.
 */
export function rateOfImprovement(points: readonly ProgressPoint[]): number | null {
  const latest = points.at(-1)
  if (!latest) return null
  const year = points.filter((p) => p.academic_year_id === latest.academic_year_id)
  const xs = year.map((p) => dayNumber(p.date))
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length
  const meanY = year.reduce((a, p) => a + p.wcpm, 0) / year.length
  let sxy = 0
  let sxx = 0
  year.forEach((p, i) => {
    sxy += (xs[i]! - meanX) * (p.wcpm - meanY)
    sxx += (xs[i]! - meanX) ** 2
  })
  if (sxx === 0) return null
  return Math.round((sxy / sxx) * 7 * 100) / 100
}

/** The aimline's words correct per minute on `date`: the straight line from the start to the goal. */
export function aimlineAt(goal: AimlineGoal, date: string): number {
  const start = dayNumber(goal.start_date)
  const span = dayNumber(goal.goal_date) - start
  return goal.start_wcpm + ((goal.goal_wcpm - goal.start_wcpm) * (dayNumber(date) - start)) / span
}

/** True when the last three readings from the aimline's start on all fall below it (on it is not below). */
export function belowAimline(points: readonly Pick<ProgressPoint, 'date' | 'wcpm'>[], goal: AimlineGoal | null): boolean {
  if (!goal) return false
  const last = points.filter((p) => p.date >= goal.start_date).slice(-BELOW_AIMLINE_RUN)
  return last.length === BELOW_AIMLINE_RUN && last.every((p) => p.wcpm < aimlineAt(goal, p.date))
}

/** Text levels in reading order: A-Z by letter, grade levels by number ("2" before "10"). */
export function levelOrder(levels: Iterable<string>): string[] {
  return [...new Set(levels)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

/** A season of a year the student read in, with the WCPM cut points of their grade (drawn behind the trend). */
export type BenchmarkBand = { academic_year_name: string; season: SeasonCode; from: string; to: string; cuts: CutPoints }
export type ProgressBenchmark = { table: string; source: string; year: number; bands: BenchmarkBand[] }

export type StudentProgress = {
  student: { id: number; first_name: string; last_name: string; arabic_name: string; school: number }
  /** Oldest first. */
  points: ProgressPoint[]
  goal: StudentGoal | null
  /** Words per week (see rateOfImprovement). */
  rate_of_improvement: number | null
  below_aimline: boolean
  /** The institution's table for the passages' language; null without a table or a known grade. */
  benchmark: ProgressBenchmark | null
}
