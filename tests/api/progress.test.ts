// A student's progress (issue 26): the rate of improvement worked out by hand, the aimline flag at its edges, the
// goal written and versioned, and who may read and set it.
//
// Sara's readings (English passage), words correct per minute by day:
//   2025-2026: 2026-03-02 → 15 (an earlier year: on the trend, not in this year's rate)
//   2026-2027: 2026-09-07 → 20, 09-14 → 26, 09-21 → 28, 09-28 → 38
// Rate over 2026-2027 by least squares, x in weeks 0..3 (mean 1.5), y mean 28:
//   Sxy = (-1.5)(-8) + (-0.5)(-2) + (0.5)(0) + (1.5)(10) = 28, Sxx = 2.25 + 0.25 + 0.25 + 2.25 = 5 → 5.6 words a week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, OTHER_PASSWORD } from '../factories/tenants'
import { academicYears, sittings } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'
import { CODES } from '../../src/shared/schemas/codes'

let h: Harness
let f: ReportFixture
let teacher: string
let viewer: string
let schoolAdmin: string

async function reading(o: { student: number; cls: number; school: number; year: number; day: string; wcpm: number; level?: string }) {
  await h.db.insert(sittings).values({
    institution_id: f.institutionId, school_id: o.school, class_id: o.cls, academic_year_id: o.year, student_id: o.student, assessment_id: f.english,
    created_in_device_at: new Date(`${o.day}T09:00:00Z`), duration_seconds: 60, total_question: 10, total_attempted: 10, total_correct: 9,
    error_count: 1, fluency_error_count: 1, self_correction_count: 0, accuracy: 90, score: 90, wcpm: o.wcpm, band: 'instructional',
    scoring_version: 2, text_level: o.level ?? null,
  })
}

const progress = (token: string, student = f.sara, host?: string) => h.request('GET', api.studentProgress(student), { token, host })
const goal = (start_date: string, start_wcpm: number, goal_date: string, goal_wcpm: number) => ({ start_date, start_wcpm, goal_date, goal_wcpm })

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  teacher = await h.login('teacher@sample.test')
  viewer = await h.login('viewer@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  const [earlier] = await h.db.insert(academicYears).values({ institution_id: f.institutionId, display_name: '2025-2026', is_active: false }).returning()
  const sara = { student: f.sara, cls: f.class1A, school: f.schoolA }
  await reading({ ...sara, year: earlier!.id, day: '2026-03-02', wcpm: 15, level: 'C' })
  for (const [day, wcpm, level] of [['2026-09-07', 20, 'D'], ['2026-09-14', 26, 'D'], ['2026-09-21', 28, 'E'], ['2026-09-28', 38, 'E']] as const) {
    await reading({ ...sara, year: f.yearId, day, wcpm, level })
  }
}, 240_000)
afterAll(async () => {
  await h?.close()
})

describe('a student\'s progress', () => {
  it('answers every reading oldest first across years, and the rate of improvement of the newest year', async () => {
    const res = await progress(teacher)
    expect(res.status).toBe(200)
    const p = res.body.payload
    expect(p.points.map((x: any) => [x.date, x.wcpm, x.text_level, x.academic_year_name])).toEqual([
      ['2026-03-02', 15, 'C', '2025-2026'], ['2026-09-07', 20, 'D', '2026-2027'], ['2026-09-14', 26, 'D', '2026-2027'],
      ['2026-09-21', 28, 'E', '2026-2027'], ['2026-09-28', 38, 'E', '2026-2027'],
    ])
    expect(p.points[0]).toMatchObject({ accuracy: 90, band: 'instructional', assessment_name: 'The red hen' })
    expect(p.rate_of_improvement).toBe(5.6)
    expect(p.goal).toBeNull()
    expect(p.below_aimline).toBe(false)
    // The bands behind the trend: DIBELS 8 grade 1 (class 1A is in grade G1) for each season of 2026-2027; none
    // for 2025-2026, when Sara was in no class of the institution.
    expect(p.benchmark.table).toBe('DIBELS 8th Edition benchmark goals: ORF words correct')
    expect(p.benchmark.bands).toEqual([
      { academic_year_name: '2026-2027', season: 'boy', from: '2026-08-01', to: '2026-12-01', cuts: { below: 5, at: 10, above: 35 } },
      { academic_year_name: '2026-2027', season: 'moy', from: '2026-12-01', to: '2027-03-01', cuts: { below: 10, at: 21, above: 57 } },
      { academic_year_name: '2026-2027', season: 'eoy', from: '2027-03-01', to: '2027-08-01', cuts: { below: 26, at: 39, above: 76 } },
    ])
    // One reading: no rate (a line needs two days).
    expect((await progress(teacher, f.khalid)).body.payload).toMatchObject({ points: [], rate_of_improvement: null, below_aimline: false })
  })

  it('flags the last three readings under the aimline, and not when one is on it', async () => {
    // 8 words a week from 20 on 09-07: the aimline is 28, 36, 44 on 09-14, 09-21, 09-28; readings 26, 28, 38 all under.
    const set = await h.request('POST', api.studentGoals(f.sara), { token: teacher, json: goal('2026-09-07', 20, '2026-11-30', 116) })
    expect(set.status).toBe(201)
    expect(set.body.payload).toMatchObject({ student_id: f.sara, start_date: '2026-09-07', start_wcpm: 20, goal_date: '2026-11-30', goal_wcpm: 116 })
    let p = (await progress(teacher)).body.payload
    expect(p.goal).toMatchObject({ id: set.body.payload.id, goal_wcpm: 116 })
    expect(p.below_aimline).toBe(true)
    // 4 words a week (goal 68 on 11-30, 12 weeks): aimline 24, 28, 32; the reading of 09-21 (28) is on it: no flag.
    const edit = await h.request('PUT', api.studentGoal(f.sara, set.body.payload.id), { token: teacher, json: { ...goal('2026-09-07', 20, '2026-11-30', 68), updated_at: set.body.payload.updated_at } })
    expect(edit.status).toBe(200)
    p = (await progress(teacher)).body.payload
    expect(p.below_aimline).toBe(false)
    // Only two readings from an aimline started on 09-20, however far under: no flag yet.
    await h.request('POST', api.studentGoals(f.sara), { token: teacher, json: goal('2026-09-20', 50, '2026-12-20', 150) })
    p = (await progress(teacher)).body.payload
    expect(p.goal).toMatchObject({ id: set.body.payload.id, start_date: '2026-09-20' })
    expect(p.below_aimline).toBe(false)
    // An edit from the version before the last refused, with the goal as it is now.
    const stale = await h.request('PUT', api.studentGoal(f.sara, set.body.payload.id), { token: teacher, json: { ...goal('2026-09-07', 20, '2026-11-30', 90), updated_at: edit.body.payload.updated_at } })
    expect(stale.status).toBe(409)
    expect(stale.body.message.codes._).toBe('conflict')
    expect(stale.body.message.current).toMatchObject({ start_date: '2026-09-20', goal_wcpm: 150 })
  })

  it('refuses a goal that does not make a line, in both languages', async () => {
    const before = await h.request('POST', api.studentGoals(f.khalid), { token: teacher, json: goal('2026-10-01', 20, '2026-10-01', 40) })
    expect(before.status).toBe(400)
    expect(before.body.message.codes.goal_date).toBe(CODES.dateOrder)
    const ar = await h.request('POST', api.studentGoals(f.khalid), { token: teacher, lang: 'ar', json: goal('2026-10-01', 20, '2026-12-01', 401) })
    expect(ar.status).toBe(400)
    expect(ar.body.message.codes.goal_wcpm).toBe(CODES.tooLarge)
    expect(ar.body.message.fields.goal_wcpm[0]).toMatch(/[\u0600-\u06FF]/)
    expect((await h.request('POST', api.studentGoals(f.khalid), { token: teacher, json: goal('2026-13-01', -1, '2026-12-01', 40) })).body.message.codes).toMatchObject({ start_date: CODES.invalidDate, start_wcpm: CODES.tooSmall })
  })

  it('lets every reader see the trend, only staff and teachers set goals, and nobody reach another school or institution', async () => {
    expect((await progress(viewer)).status).toBe(200)
    expect((await h.request('POST', api.studentGoals(f.sara), { token: viewer, json: goal('2026-09-07', 20, '2026-11-30', 68) })).status).toBe(403)
    expect((await h.request('PUT', api.studentGoal(f.sara, 1), { token: viewer, json: goal('2026-09-07', 20, '2026-11-30', 68) })).status).toBe(403)
    // The school admin is not mapped to school B: Zaid is unknown to them.
    expect((await progress(schoolAdmin, f.zaid)).status).toBe(404)
    expect((await h.request('POST', api.studentGoals(f.zaid), { token: schoolAdmin, json: goal('2026-09-07', 20, '2026-11-30', 68) })).status).toBe(404)
    const other = await insertInstitution(h, 'elsewhere')
    const outsider = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    expect((await progress(outsider, f.sara, other.host)).status).toBe(404)
    expect((await h.request('POST', api.studentGoals(f.sara), { token: outsider, host: other.host, json: goal('2026-09-07', 20, '2026-11-30', 68) })).status).toBe(404)
    expect((await h.request('GET', api.studentProgress(f.sara))).status).toBe(401)
  })
})
