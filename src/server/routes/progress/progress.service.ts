// A student's progress (issue 26, ADR 0125): every reading on one trend, oldest first, across years, with the
// teacher's goal, the rate of improvement and the below-aimline flag computed by src/shared/reports/progress.ts.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { academicYears, assessments, classes, grades, sittings, studentClassRelations, studentGoals, students } from '../../db/schema/tables'
import { benchmarkSettingsOf, tableByCode } from '../../domain/benchmark-settings'
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

/** The readings, and the passage language of the newest (the benchmark table follows it). */
async function progressPoints(s: DomainScope, studentId: number): Promise<{ points: ProgressPoint[]; language: 'en' | 'ar' }> {
  const schools = await s.schools()
  const rows = await s.db
    .select({
      sitting_id: sittings.id, at: sittings.created_in_device_at, academic_year_id: sittings.academic_year_id,
      academic_year_name: academicYears.display_name, assessment_name: assessments.title,
      wcpm: sittings.wcpm, accuracy: sittings.accuracy, band: sittings.band, text_level: sittings.text_level, direction: sittings.direction,
    })
    .from(sittings)
    .innerJoin(academicYears, eq(academicYears.id, sittings.academic_year_id))
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .where(and(
      eq(sittings.student_id, studentId),
      // Oral reading fluency is read from passages: a grid's per-minute figure or a question set is no WCPM.
      eq(sittings.kind, 'passage'),
      eq(sittings.institution_id, s.institution?.id ?? 0),
      isNull(sittings.voided_at), // a voided reading leaves the trend (ADR 0123)
      schools === 'all' ? undefined : schools.length ? sql`${sittings.school_id} in ${schools}` : sql`false`,
    ))
    .orderBy(asc(sittings.created_in_device_at), asc(sittings.id))
  const points = rows.map(({ at, direction: _direction, ...r }) => ({ ...r, date: at.toISOString().slice(0, 10), wcpm: Number(r.wcpm), accuracy: Number(r.accuracy), band: r.band as Band }))
  return { points, language: rows.at(-1)?.direction === 'rtl' ? 'ar' : 'en' }
}

function goalOf(row: typeof studentGoals.$inferSelect): StudentGoal {
  return {
    id: row.id, student_id: row.student_id, start_date: row.start_date, start_wcpm: Number(row.start_wcpm),
    goal_date: row.goal_date, goal_wcpm: Number(row.goal_wcpm), updated_at: row.updated_at.toISOString(),
  }
}

async function findGoal(s: DomainScope, studentId: number): Promise<StudentGoal | null> {
  const [row] = await s.db.select().from(studentGoals).where(eq(studentGoals.student_id, studentId))
  return row ? goalOf(row) : null
}

/**
 * The benchmark bands behind the trend: for each year read in, each season's WCPM cut points of the grade the
 * student's class was in that year, from the institution's table for the language of the newest reading (ADR 0124).
 */
async function benchmarkOf(s: DomainScope, studentId: number, points: ProgressPoint[], language: 'en' | 'ar'): Promise<ProgressBenchmark | null> {
  if (points.length === 0) return null
  const settings = await benchmarkSettingsOf(s.db, s.institution?.id ?? 0)
  const table = tableByCode(settings, settings.tables[language])
  if (!table) return null
  const years = await s.db.select({ year: studentClassRelations.academic_year_id, identifier: grades.identifier, name: grades.display_name })
    .from(studentClassRelations)
    .innerJoin(classes, eq(classes.id, studentClassRelations.class_id))
    .innerJoin(grades, eq(grades.id, classes.grade_id))
    .where(eq(studentClassRelations.student_id, studentId))
  const bands: BenchmarkBand[] = []
  for (const [yearId, yearName] of new Map(points.map((p) => [p.academic_year_id, p.academic_year_name]))) {
    const grade = years.find((y) => y.year === yearId)
    const number = grade ? gradeNumber(grade.identifier, grade.name) : null
    for (const w of seasonWindows(yearName, settings.seasons) ?? []) {
      const cuts = rowOf(table, number, w.season)?.wcpm
      if (cuts) bands.push({ academic_year_name: yearName, season: w.season, from: w.from.toISOString().slice(0, 10), to: w.to.toISOString().slice(0, 10), cuts })
    }
  }
  return bands.length ? { table: table.name, source: table.source, year: table.year, bands } : null
}

export async function studentProgress(s: DomainScope, studentId: number): Promise<StudentProgress> {
  const student = await visibleStudent(s, studentId)
  const [{ points, language }, goal] = await Promise.all([progressPoints(s, student.id), findGoal(s, student.id)])
  return {
    student, points, goal, rate_of_improvement: rateOfImprovement(points), below_aimline: belowAimline(points, goal),
    benchmark: await benchmarkOf(s, student.id, points, language),
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
