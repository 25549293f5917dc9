// A voided sitting leaves every report and every count (ADR 0123): the class reports, the tally, bundle, parent and
// comparative reports, the export, the dashboard's statistics and its "active" flag, the benchmark view with its
// attention list, and a student's progress. Each figure is read before and after one void, counted by hand, and
// a restore brings every one of them back:
//
// Class 1A, "The red hen" (10 words), 60 s each, in the beginning-of-year season of 2026-2027:
//   Sara    2026-10-01  w1 substitution      E 1, 90 %, WCPM 9
//   Khalid  2026-10-02  no error             E 0, 100 %, WCPM 10
//   Khalid  2026-10-09  w1 substitution      E 1, 90 %, WCPM 9
//   Khalid  2026-10-16  w1, w2 substitution  E 2, 80 %, WCPM 8   <- voided
// Khalid's goal: 50 WCPM on 2026-09-01 to 100 on 2026-12-31, so his aimline in October is above 60: all his
// readings are under it (three in a row: below the aimline; two: not yet).
// Class 2A (the second school): Zaid, two days ago, no error, 100 % (the only recent sitting: his school is active).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let instAdmin: string
const FROM = '2026-09-01 0:0:0'
const TO = '2027-06-30 0:0:0'
const ids: Record<string, number> = {}

async function record(token: string, student: number, cls: number, at: string, wrong: number[]): Promise<number> {
  const res = await h.request('POST', api.sittings, {
    token,
    json: {
      student, assessment: f.english, class: cls, academic_year: f.yearId, created_in_device_at: at, duration: 60,
      marks: wrong.map((word_index) => ({ word_index, miscue: 'substitution' })),
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload.id
}

const voidIt = async (token: string, school: number, cls: number, id: number) => {
  const res = await h.request('POST', api.sittingVoid(school, cls, id), { token, json: { version: 1, reason: 'Recorded on the wrong child' } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}
const restoreIt = async (token: string, school: number, cls: number, id: number) => {
  const res = await h.request('POST', api.sittingRestore(school, cls, id), { token, json: { version: 2, reason: 'It was the right child after all' } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload
}

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  teacher = await h.login('teacher@sample.test')
  instAdmin = await h.login('institution.admin@sample.test')
  ids.sara = await record(teacher, f.sara, f.class1A, '2026-10-01T08:00:00Z', [1])
  ids.k1 = await record(teacher, f.khalid, f.class1A, '2026-10-02T08:00:00Z', [])
  ids.k2 = await record(teacher, f.khalid, f.class1A, '2026-10-09T08:00:00Z', [1])
  ids.k3 = await record(teacher, f.khalid, f.class1A, '2026-10-16T08:00:00Z', [1, 2])
  ids.zaid = await record(instAdmin, f.zaid, f.class2A, '2026-10-20T08:00:00Z', [])
  await h.db.execute(sql`update sittings set created_in_device_at = now() - interval '2 days' where id = ${ids.zaid!}`)
  const goal = await h.request('POST', api.studentGoals(f.khalid), { token: teacher, json: { start_date: '2026-09-01', start_wcpm: 50, goal_date: '2026-12-31', goal_wcpm: 100 } })
  expect(goal.status, JSON.stringify(goal.body)).toBe(201)
}, 180_000)
afterAll(async () => {
  await h?.close()
})

/** Every figure the void should change, read as the teacher or the institution administrator. */
async function figures() {
  const get = async (path: string, token = teacher) => {
    const res = await h.request('GET', path, { token })
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200)
    return res.body.payload
  }
  const khalidRow = (rows: { enrollment_code: string }[]) => rows.find((r) => r.enrollment_code === 'SMPL-10002') as any
  const cls = { scope: 'class', id: f.class1A } as const
  const halves = { first_from_date: '2026-09-01', first_to_date: '2026-10-10', second_from_date: '2026-10-11', second_to_date: '2026-12-31' }
  const benchmark = await get(`${api.classBenchmark(f.class1A, f.yearId)}?season=boy`)
  const progress = await get(api.studentProgress(f.khalid))
  return {
    classTests: (await get(api.commonReport(f.schoolA, f.class1A, f.yearId, 0))).total_tests,
    accuracyList: ((await get(api.accuracyReport(f.schoolA, f.class1A, f.yearId))).results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b),
    classAssessment: ((await get(api.classAssessments(f.class1A, f.yearId))).results ?? []).find((a: { assessment_id: number }) => a.assessment_id === f.english)?.sittings,
    tally: (({ sittings, counts }) => ({ sittings, substitution: counts.substitution }))(khalidRow((await get(api.tallyReport(cls, FROM, TO, 'json'))).rows)),
    bundle: (({ sittings, latest_accuracy, average_accuracy }) => ({ sittings, latest_accuracy, average_accuracy }))(khalidRow((await get(api.bundleReport(f.bundle, cls, FROM, TO, 'json'))).rows).entries[0]),
    parentWcpm: khalidRow((await get(api.parentReport(f.bundle, cls, FROM, TO, 'json'))).rows).wcpm,
    comparative: (({ first, second, change }) => ({ first: first.average_accuracy, second: second.average_accuracy, change }))(khalidRow((await get(api.comparativeReport(f.comparative, cls, halves, 'json'))).rows).entries[0]),
    exported: (await get(api.exportRows('sittings', cls, '2026-09-01', '2027-06-30'), instAdmin)).count,
    dashboardSittings: (await get(api.dashboardStatistics, instAdmin)).total_sittings,
    dashboardAnswered: (await get(api.dashboardStatistics, instAdmin)).total_questions_answered,
    benchmarkMedian: benchmark.median_wcpm,
    benchmarkAssessed: benchmark.assessed,
    khalidAttention: (benchmark.attention as { student_id: number; reasons: string[] }[]).find((r) => r.student_id === f.khalid)?.reasons ?? [],
    trend: (progress.points as { sitting_id: number }[]).map((p) => p.sitting_id),
    belowAimline: progress.below_aimline,
  }
}

/** Every figure with Khalid's four readings counted (before the void, and again after the restore). */
const ALL_COUNTED = () => ({
  classTests: 4,
  accuracyList: [ids.sara, ids.k1, ids.k2, ids.k3],
  classAssessment: 4,
  tally: { sittings: 3, substitution: 3 },
  // (100 + 90 + 80) / 3; the newest 80.
  bundle: { sittings: 3, latest_accuracy: 80, average_accuracy: 90 },
  parentWcpm: 8,
  // Up to 10 October: (100 + 90) / 2; after: 80.
  comparative: { first: 95, second: 80, change: -15 },
  exported: 4,
  dashboardSittings: 5,
  dashboardAnswered: 50,
  // Newest of each: Sara 9, Khalid 8.
  benchmarkMedian: 8.5,
  benchmarkAssessed: 2,
  khalidAttention: expect.arrayContaining(['below_aimline']),
  trend: [ids.k1, ids.k2, ids.k3],
  belowAimline: true,
})

describe('a voided sitting leaves every report and every count', () => {
  it('each figure drops the voided reading, worked out by hand before and after', async () => {
    expect(await figures()).toEqual(ALL_COUNTED())

    await voidIt(teacher, f.schoolA, f.class1A, ids.k3!)

    expect(await figures()).toEqual({
      classTests: 3,
      accuracyList: [ids.sara, ids.k1, ids.k2],
      classAssessment: 3,
      tally: { sittings: 2, substitution: 1 },
      bundle: { sittings: 2, latest_accuracy: 90, average_accuracy: 95 },
      parentWcpm: 9,
      comparative: { first: 95, second: null, change: null },
      exported: 3,
      dashboardSittings: 4,
      dashboardAnswered: 40,
      // Newest of each: Sara 9, Khalid 9; two readings are no run of three under the aimline.
      benchmarkMedian: 9,
      benchmarkAssessed: 2,
      khalidAttention: expect.not.arrayContaining(['below_aimline']),
      trend: [ids.k1, ids.k2],
      belowAimline: false,
    })
  })

  it('a school whose only recent sitting is voided is no longer active on the dashboard', async () => {
    await h.db.execute(sql`update schools set created_at = now() - interval '90 days'`)
    const activity = async () => (await h.request('GET', api.dashboard, { token: instAdmin })).body.payload
    const before = await activity()
    // Zaid's reading two days ago is the only one of the last 30 days: the second school alone is active.
    expect(before).toMatchObject({ unit: 'school', new_instituitions: { count: 0 }, active_instituitions: { count: 1 } })
    await voidIt(instAdmin, f.schoolB, f.class2A, ids.zaid!)
    const after = await activity()
    expect(after).toMatchObject({ active_instituitions: { count: 0 }, inactive_instituitions: { count: before.inactive_instituitions.count + 1 } })
  })

  it('a restored sitting comes back in every figure as counted before the void, and its school is active again', async () => {
    const khalid = await restoreIt(teacher, f.schoolA, f.class1A, ids.k3!)
    expect(khalid.trail.map((t: { kind: string }) => t.kind)).toEqual(['voided', 'restored'])
    await restoreIt(instAdmin, f.schoolB, f.class2A, ids.zaid!)
    expect(await figures()).toEqual(ALL_COUNTED())
    expect((await h.request('GET', api.dashboard, { token: instAdmin })).body.payload).toMatchObject({ active_instituitions: { count: 1 } })
  })
})
