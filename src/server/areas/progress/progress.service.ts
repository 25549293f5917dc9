// A student's progress (issue 26, ADR 0125): every reading on one trend, oldest first, across years, with the
// teacher's goal, the rate of improvement and the below-aimline flag computed by src/shared/reports/progress.ts.
import { and, eq, sql } from 'drizzle-orm'
import { studentGoals, students } from '../../db/schema/tables'
import { settingsColumns, settingsFrom, tableByCode, type SettingsRow } from '../../domain/benchmark-settings'
import { query } from '../../reports/sql'
import { gradeNumber, rowOf } from '../../../shared/benchmarks/benchmark-table'
import { seasonWindows } from '../../../shared/benchmarks/seasons'
import type { DomainScope } from '../../domain/scope'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { belowAimline, rateOfImprovement, type BenchmarkBand, type ProgressBenchmark, type ProgressPoint, type StudentProgress } from '../../../shared/reports/progress'
import type { Band } from '../../../shared/reports/figures'
import type { StudentGoal, StudentGoalInput } from '../../../shared/schemas/student-goal'

type GoalValues = Omit<StudentGoalInput, 'start_wcpm' | 'goal_wcpm'> & { start_wcpm: number; goal_wcpm: number }

/** The student of the path, in this institution and a school the caller may reach (404 otherwise: no hint it exists). */
export async function visibleStudent(s: DomainScope, studentId: number) {
  const institutionId = s.institution?.id ?? 0
  const [student] = await s.db.select({ id: students.id, first_name: students.first_name, last_name: students.last_name, arabic_name: students.arabic_name, school: students.school_id })
    .from(students).where(and(eq(students.id, studentId), eq(students.institution_id, institutionId)))
  const schools = await s.schools()
  if (!student || (schools !== 'all' && !schools.includes(student.school))) throw HttpError.of(404, 'notFound', s.lang)
  return student
}

function goalOf(row: Omit<typeof studentGoals.$inferSelect, 'created_at'>): StudentGoal {
  return {
    id: row.id, student_id: row.student_id, start_date: row.start_date, start_wcpm: Number(row.start_wcpm),
    goal_date: row.goal_date, goal_wcpm: Number(row.goal_wcpm), updated_at: row.updated_at.toISOString(),
  }
}

type ReadingJson = Omit<ProgressPoint, 'band'> & { band: Band; direction: string }
type TrendRow = {
  id: number; first_name: string; last_name: string; arabic_name: string; school: number
  points: ReadingJson[]
  goal: (Omit<typeof studentGoals.$inferSelect, 'updated_at' | 'created_at'> & { updated_at: string }) | null
  grades: { year: number; identifier: string; name: string }[]
  benchmark_settings: SettingsRow | null
  own_tables: Parameters<typeof settingsFrom>[1]
}

/**
 * Everything the trend needs in one statement: the student (in this institution), every passage reading oldest first
 * with its year and passage (in schools the caller reaches; a voided one leaves the trend, ADR 0123; a grid's
 * per-minute figure or a question set is no WCPM), the goal, the grade of each year and the benchmark settings.
 */
async function trendOf(s: DomainScope, studentId: number): Promise<TrendRow> {
  const institutionId = s.institution?.id ?? 0
  const schools = await s.schools()
  const reached = schools === 'all' ? sql`true` : schools.length ? sql`s.school_id in ${schools}` : sql`false`
  const [row] = await query<TrendRow>(s.db, sql`
    select st.id, st.first_name, st.last_name, st.arabic_name, st.school_id as school,
      (select coalesce(json_agg(json_build_object('sitting_id', s.id, 'date', to_char(s.created_in_device_at at time zone 'UTC', 'YYYY-MM-DD'),
          'academic_year_id', s.academic_year_id, 'academic_year_name', y.display_name, 'assessment_name', a.title,
          'wcpm', s.wcpm, 'accuracy', s.accuracy, 'band', s.band, 'text_level', s.text_level, 'direction', s.direction)
          order by s.created_in_device_at, s.id), '[]')
        from sittings s join academic_years y on y.id = s.academic_year_id join assessments a on a.id = s.assessment_id
        where s.student_id = st.id and s.kind = 'passage' and s.institution_id = ${institutionId} and s.voided_at is null and ${reached}) as points,
      (select row_to_json(g) from student_goals g where g.student_id = st.id) as goal,
      (select coalesce(json_agg(json_build_object('year', r.academic_year_id, 'identifier', gr.identifier, 'name', gr.display_name)), '[]')
        from student_class_relations r join classes c on c.id = r.class_id join grades gr on gr.id = c.grade_id where r.student_id = st.id) as grades,
      ${settingsColumns(institutionId)}
    from students st where st.id = ${studentId} and st.institution_id = ${institutionId}`)
  if (!row || (schools !== 'all' && !schools.includes(row.school))) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

/**
 * The benchmark bands behind the trend: for each year read in, each season's WCPM cut points of the grade the
 * student's class was in that year, from the institution's table for the language of the newest reading (ADR 0124).
 */
function benchmarkOf(trend: TrendRow, points: ProgressPoint[]): ProgressBenchmark | null {
  if (points.length === 0) return null
  const settings = settingsFrom(trend.benchmark_settings, trend.own_tables)
  const table = tableByCode(settings, settings.tables[trend.points.at(-1)!.direction === 'rtl' ? 'ar' : 'en'])
  if (!table) return null
  const bands: BenchmarkBand[] = []
  for (const [yearId, yearName] of new Map(points.map((p) => [p.academic_year_id, p.academic_year_name]))) {
    const grade = trend.grades.find((y) => y.year === yearId)
    const number = grade ? gradeNumber(grade.identifier, grade.name) : null
    for (const w of seasonWindows(yearName, settings.seasons) ?? []) {
      const cuts = rowOf(table, number, w.season)?.wcpm
      if (cuts) bands.push({ academic_year_name: yearName, season: w.season, from: w.from.toISOString().slice(0, 10), to: w.to.toISOString().slice(0, 10), cuts })
    }
  }
  return bands.length ? { table: table.name, source: table.source, year: table.year, bands } : null
}

export async function studentProgress(s: DomainScope, studentId: number): Promise<StudentProgress> {
  const trend = await trendOf(s, studentId)
  const points = trend.points.map(({ direction: _direction, ...p }) => ({ ...p, wcpm: Number(p.wcpm), accuracy: Number(p.accuracy) }))
  const goal = trend.goal && goalOf({ ...trend.goal, updated_at: new Date(trend.goal.updated_at) })
  const { id, first_name, last_name, arabic_name, school } = trend
  return {
    student: { id, first_name, last_name, arabic_name, school }, points, goal, rate_of_improvement: rateOfImprovement(points), below_aimline: belowAimline(points, goal),
    benchmark: benchmarkOf(trend, points),
  }
}

/** Sets the student's goal; a student has one, so setting it again replaces it (two devices offline both land). */
export async function setGoal(s: DomainScope, studentId: number, input: GoalValues): Promise<StudentGoal> {
  const student = await visibleStudent(s, studentId)
  const values = { start_date: input.start_date, start_wcpm: input.start_wcpm, goal_date: input.goal_date, goal_wcpm: input.goal_wcpm, set_by: s.user.id }
  const [row] = await s.db.insert(studentGoals).values({ ...values, institution_id: s.institution!.id, student_id: student.id })
    .onConflictDoUpdate({ target: studentGoals.student_id, set: { ...values, updated_at: sql`now()` } })
    .returning()
  return goalOf(row!)
}

/** Changes the goal `goalId` of the student, refusing an edit made from an older version (409 with the goal now). */
export async function updateGoal(s: DomainScope, studentId: number, goalId: number, input: GoalValues): Promise<StudentGoal> {
  const student = await visibleStudent(s, studentId)
  return s.db.transaction(async (tx) => {
    const [row] = await tx.select().from(studentGoals).where(and(eq(studentGoals.id, goalId), eq(studentGoals.student_id, student.id))).for('update')
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    await assertFresh(input.updated_at, row.updated_at, s.lang, async () => goalOf(row))
    const [updated] = await tx.update(studentGoals).set({
      start_date: input.start_date, start_wcpm: input.start_wcpm, goal_date: input.goal_date, goal_wcpm: input.goal_wcpm,
      set_by: s.user.id, updated_at: nextVersion(row.updated_at),
    }).where(eq(studentGoals.id, row.id)).returning()
    return goalOf(updated!)
  })
}
