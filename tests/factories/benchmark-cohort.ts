// A grade 2 class of six with readings of known words correct per minute in the 2026-2027 year, for the benchmark
// views (tests/api/benchmarks.test.ts). Figures are stored as the sitting call would store them; the view reads
// only wcpm, accuracy, band, direction and the day.
import { and, eq } from 'drizzle-orm'
import { academicYears, assessmentClients, grades, schools, sittings } from '../../src/server/db/schema/tables'
import { bandOf } from '../../src/shared/reports/figures'
import type { Harness } from '../setup/api-harness'
import { addStudent, insertAssessment } from './report-fixture'
import { insertClass, sampleInstitutionId } from './tenants'

export type Cohort = Awaited<ReturnType<typeof benchmarkCohort>>

export async function benchmarkCohort(h: Harness) {
  const institutionId = await sampleInstitutionId(h)
  const [school] = await h.db.select().from(schools).where(eq(schools.institution_id, institutionId))
  const [year] = await h.db.select().from(academicYears).where(and(eq(academicYears.institution_id, institutionId), eq(academicYears.display_name, '2026-2027')))
  const [grade2] = await h.db.select().from(grades).where(and(eq(grades.school_id, school!.id), eq(grades.identifier, 'G2')))
  const classId = await insertClass(h, { institutionId, schoolId: school!.id, gradeId: grade2!.id, identifier: '2B' })
  const english = await insertAssessment(h, { title: 'Benchmark passage', lang: 'en', content: 'one two three four five', duration: '00:01:00' })
  const arabic = await insertAssessment(h, { title: 'نص المعيار', lang: 'ar', content: 'واحد اثنان ثلاثة', duration: '00:01:00' })
  await h.db.insert(assessmentClients).values([{ assessment_id: english, institution_id: institutionId }, { assessment_id: arabic, institution_id: institutionId }])
  const kid = (first: string, n: number) => addStudent(h, { institutionId, schoolId: school!.id, classId, yearId: year!.id, first, last: 'Reader', ar: `${first} قارئ`, code: `BENCH-${n}` })
  const k = { amal: await kid('Amal', 1), basel: await kid('Basel', 2), carim: await kid('Carim', 3), dana: await kid('Dana', 4), emad: await kid('Emad', 5), fadi: await kid('Fadi', 6) }
  const read = async (student: number, at: string, wcpm: number, accuracy = 98, lang: 'en' | 'ar' = 'en') => {
    await h.db.insert(sittings).values({
      institution_id: institutionId, school_id: school!.id, class_id: classId, academic_year_id: year!.id, student_id: student,
      assessment_id: lang === 'en' ? english : arabic, created_in_device_at: new Date(at), duration_seconds: 60, direction: lang === 'en' ? 'ltr' : 'rtl',
      total_question: 200, total_attempted: 200, total_correct: Math.round(wcpm), error_count: 0, fluency_error_count: 0, self_correction_count: 0,
      accuracy, score: Math.round(accuracy), wcpm, band: bandOf(accuracy), scoring_version: 1, text_level: 'J',
    })
  }
  return { institutionId, schoolId: school!.id, yearId: year!.id, classId, kids: k, read }
}
