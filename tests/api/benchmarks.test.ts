// Benchmark views on a seeded grade 2 cohort, counts worked out by hand from DIBELS 8 (grade 2 ORF words correct:
// BOY 29 / 49 / 85, MOY 59 / 78 / 117 = lowest of below / at / above) and Hasbrouck & Tindal 2017 (grade 2 winter:
// 10th 35, 25th 59, 50th 84, 75th 109, 90th 131). Default seasons: BOY from 1 Aug, MOY from 1 Dec, EOY from 1 Mar.
//
//  Amal   BOY 2026-09-10 20 (well below)        MOY 2027-01-20 60 (below)
//  Basel  BOY 2026-09-10 50 (at)                MOY 2027-01-05 30, then 2027-01-20 80 (newest: at)
//  Carim  BOY 2026-09-10 90 (above)             MOY 2027-01-20 120 (above)
//  Dana   BOY 2026-09-10 30 (below)             MOY none (not assessed)
//  Emad   BOY none (not assessed)               MOY 2027-01-20 40 at 85 % (well below, frustration)
//  Fadi   none in English
// BOY: 1 well below, 1 below, 1 at, 1 above, 2 not assessed; median of 20, 30, 50, 90 = 40.
// MOY: 1 well below, 1 below, 1 at, 1 above, 2 not assessed; median of 40, 60, 80, 120 = 70; change +30.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { benchmarkCohort, type Cohort } from '../factories/benchmark-cohort'
import { workbook } from '../factories/spreadsheets'
import { insertInstitution, insertSchool, OTHER_PASSWORD } from '../factories/tenants'
import { api } from '../../src/shared/api'
import type { BenchmarkReport, BenchmarkSettings } from '../../src/shared/schemas/benchmark'

let h: Harness
let c: Cohort
let admin: string
let teacher: string
let viewer: string

const report = async (token: string, season: string, path = api.classBenchmark(c.classId, c.yearId)) => {
  const res = await h.request('GET', `${path}?season=${season}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.payload as BenchmarkReport
}
const settings = async () => (await h.request('GET', api.benchmarkSettings, { token: admin })).body.payload as BenchmarkSettings
async function saveSettings(change: Partial<BenchmarkSettings>) {
  const now = await settings()
  const { seasons, digits, tables, expected_levels, updated_at } = { ...now, ...change }
  return h.request('PUT', api.benchmarkSettings, { token: admin, json: { seasons, digits, tables, expected_levels, ...(updated_at ? { updated_at } : {}) } })
}
async function upload(token: string, bytes: Uint8Array, fields: Record<string, string>, name = 'table.xlsx', lang: 'en' | 'ar' = 'en') {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const res = await h.app.request(`http://sample.localhost:8080${api.benchmarkTableUpload}`, {
    method: 'POST', body: form, headers: { host: 'sample.localhost:8080', authorization: `Bearer ${token}`, 'accept-language': lang },
  })
  return { status: res.status, body: await res.json() as { payload?: { id: number; code: string }; message?: { errors: string[] } } }
}

beforeAll(async () => {
  h = await createHarness()
  c = await benchmarkCohort(h)
  admin = await h.login('institution.admin@sample.test')
  teacher = await h.login('teacher@sample.test')
  viewer = await h.login('viewer@sample.test')
  const k = c.kids
  await c.read(k.amal, '2026-09-10T08:00:00Z', 20)
  await c.read(k.basel, '2026-09-10T08:00:00Z', 50)
  await c.read(k.carim, '2026-09-10T08:00:00Z', 90)
  await c.read(k.dana, '2026-09-10T08:00:00Z', 30)
  await c.read(k.amal, '2027-01-20T08:00:00Z', 60)
  await c.read(k.basel, '2027-01-05T08:00:00Z', 30)
  await c.read(k.basel, '2027-01-20T08:00:00Z', 80)
  await c.read(k.carim, '2027-01-20T08:00:00Z', 120)
  await c.read(k.emad, '2027-01-20T08:00:00Z', 40, 85)
}, 120_000)
afterAll(async () => {
  await h?.close()
})

describe('class view on DIBELS 8 (the default table for English)', () => {
  it('counts each risk level at the beginning of the year', async () => {
    const r = await report(viewer, 'boy')
    expect(r.risk).toEqual({ well_below: 1, below: 1, at: 1, above: 1, no_benchmark: 0, not_assessed: 2 })
    expect([r.students, r.assessed, r.median_wcpm, r.median_change]).toEqual([6, 4, 40, 0])
    expect(r.tables.en).toMatchObject({ code: 'dibels8', year: 2020 })
    expect(r.tables.ar).toBeNull()
  })
  it('counts the newest reading of each student in the middle of the year, with the median and its change since BOY', async () => {
    const r = await report(teacher, 'moy')
    expect(r.risk).toEqual({ well_below: 1, below: 1, at: 1, above: 1, no_benchmark: 0, not_assessed: 2 })
    expect(r.bands).toEqual({ independent: 3, instructional: 0, frustration: 1 })
    expect([r.median_wcpm, r.median_wcpm_boy, r.median_change]).toEqual([70, 40, 30])
    expect(r.window).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-03-01T00:00:00.000Z' })
  })
  it('lists who needs attention first: well below, then below, then not assessed', async () => {
    const r = await report(teacher, 'moy')
    expect(r.attention.map((a) => [a.student_name, a.reasons])).toEqual([
      ['Emad Reader', ['well_below', 'frustration']],
      ['Amal Reader', ['below']],
      ['Dana Reader', ['not_assessed']],
      ['Fadi Reader', ['not_assessed']],
    ])
    expect(r.attention[0]).toMatchObject({ student_id: c.kids.emad, class_id: c.classId, wcpm: 40, risk: 'well_below', text_level: 'J' })
  })
})

describe('settings', () => {
  it('moves a sitting into another season when the institution moves the season starts', async () => {
    expect((await saveSettings({ seasons: { boy: '08-01', moy: '01-15', eoy: '03-01' } })).status).toBe(200)
    const r = await report(viewer, 'boy')
    // Basel's 2027-01-05 reading (30) is now his newest BOY one: below, not at.
    expect(r.risk).toMatchObject({ below: 2, at: 0 })
    expect((await saveSettings({ seasons: { boy: '08-01', moy: '12-01', eoy: '03-01' } })).status).toBe(200)
  })
  it('refuses seasons out of order, an unknown table and a table of the other language, in both languages', async () => {
    const now = await settings()
    const body = { seasons: now.seasons, digits: 'latn', tables: now.tables, updated_at: now.updated_at ?? undefined }
    const bad = await h.request('PUT', api.benchmarkSettings, { token: admin, json: { ...body, seasons: { boy: '09-01', moy: '05-01', eoy: '03-01' } } })
    expect(bad.status).toBe(400)
    const unknown = await h.request('PUT', api.benchmarkSettings, { token: admin, json: { ...body, tables: { en: 'custom:99999', ar: null } } })
    expect([unknown.status, unknown.body.message.errors[0]]).toEqual([400, 'This benchmark table is not available to this institution'])
    const wrong = await h.request('PUT', api.benchmarkSettings, { token: admin, lang: 'ar', json: { ...body, tables: { en: null, ar: 'dibels8' } } })
    expect([wrong.status, wrong.body.message.errors[0]]).toEqual([400, 'يجب أن يكون الجدول المختار للغة النص جدولًا لتلك اللغة'])
  })
  it('refuses a save from an older version with 409 and the settings as they are now, in both languages', async () => {
    const before = await settings()
    expect((await saveSettings({ digits: 'arab' })).status).toBe(200)
    const stale = { seasons: before.seasons, digits: 'latn', tables: before.tables, expected_levels: before.expected_levels, updated_at: before.updated_at }
    const en = await h.request('PUT', api.benchmarkSettings, { token: admin, json: stale })
    expect([en.status, en.body.message.errors[0]]).toEqual([409, 'Someone else changed this record after you opened it. Review the current values and save again.'])
    expect(en.body.message.current).toEqual(await settings())
    const ar = await h.request('PUT', api.benchmarkSettings, { token: admin, lang: 'ar', json: stale })
    expect(ar.status).toBe(409)
    expect(ar.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
    expect((await saveSettings({ digits: 'latn' })).status).toBe(200)
  }, 10_000)
  it('judges by Hasbrouck & Tindal percentiles when chosen: no risk levels, counts per percentile', async () => {
    expect((await saveSettings({ tables: { en: 'hasbrouck-tindal-2017', ar: null } })).status).toBe(200)
    const r = await report(viewer, 'moy')
    expect(r.risk).toEqual({ well_below: 0, below: 0, at: 0, above: 0, no_benchmark: 4, not_assessed: 2 })
    // 40 → 10th, 60 and 80 → 25th, 120 → 75th.
    expect(r.percentiles).toEqual([{ from: 10, n: 1 }, { from: 25, n: 2 }, { from: 75, n: 1 }])
    expect((await saveSettings({ tables: { en: 'dibels8', ar: null } })).status).toBe(200)
  })
  it('answers Arabic-Indic digits in the view when the institution asks for them', async () => {
    expect((await saveSettings({ digits: 'arab' })).status).toBe(200)
    expect((await report(viewer, 'moy')).digits).toBe('arab')
    expect((await saveSettings({ digits: 'latn' })).status).toBe(200)
  })
})

describe('a table loaded from a spreadsheet', () => {
  it('loads an Arabic table, and a grade 2 Arabic reading is classified by it once chosen', async () => {
    const sheet = workbook([
      ['Grade', 'Season', 'WCPM below', 'WCPM at', 'WCPM above', 'Accuracy below', 'Accuracy at', 'Accuracy above'],
      [2, 'BOY', 10, 20, 35, 80, 90, 95],
      [2, 'MOY', 20, 30, 45, 80, 90, 95],
      [2, 'EOY', 25, 40, 55, 80, 90, 95],
    ])
    const res = await upload(admin, sheet, { name: 'Ministry ORF', source: 'Ministry of Education, ORF benchmarks', year: '2024', language: 'ar' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const code = res.body.payload!.code
    expect((await settings()).available.find((t) => t.code === code)?.rows).toHaveLength(3)
    expect((await saveSettings({ tables: { en: 'dibels8', ar: code } })).status).toBe(200)
    await c.read(c.kids.fadi, '2027-01-22T08:00:00Z', 25, 97, 'ar')
    const r = await report(viewer, 'moy')
    // Fadi: 25 words, 97 % → below by words (20-29), above by accuracy: below.
    expect(r.risk).toEqual({ well_below: 1, below: 2, at: 1, above: 1, no_benchmark: 0, not_assessed: 1 })
    expect(r.tables.ar).toMatchObject({ code, name: 'Ministry ORF', year: 2024 })
  })
  it('refuses a sheet with a bad season and a bad number, naming each row, in Arabic too', async () => {
    const sheet = workbook([['grade', 'season', 'wcpm_below', 'wcpm_at', 'wcpm_above'], [2, 'BOY', 10, 20, 30], [2, 'summer', 10, 20, 30], [3, 'MOY', 'ten', 20, 30]])
    const res = await upload(admin, sheet, { name: 'x', source: 'x', year: '2024', language: 'ar' }, 'table.xlsx', 'ar')
    expect(res.status).toBe(400)
    expect(res.body.message?.errors).toEqual([expect.stringMatching(/^الصف 3: /), 'الصف 4: يجب أن يكون wcpm_below رقمًا'])
  })
  it('refuses what is not a spreadsheet, a sheet without the grade column and cut points out of order', async () => {
    expect((await upload(admin, new TextEncoder().encode('grade,season'), { name: 'x', source: 'x', year: '2024', language: 'ar' }, 'table.csv')).status).toBe(400)
    const noGrade = await upload(admin, workbook([['season', 'wcpm_at'], ['BOY', 3]]), { name: 'x', source: 'x', year: '2024', language: 'ar' })
    expect([noGrade.status, noGrade.body.message?.errors]).toEqual([400, ['The spreadsheet lacks the columns: grade']])
    const disorder = await upload(admin, workbook([['grade', 'season', 'wcpm_below', 'wcpm_at', 'wcpm_above'], [2, 'BOY', 30, 20, 10]]), { name: 'x', source: 'x', year: '2024', language: 'ar' })
    expect(disorder.status).toBe(400)
  })
})

describe('tenant and role checks', () => {
  it('lets only institution administrators change settings or load tables', async () => {
    const now = await settings()
    const body = { seasons: now.seasons, digits: 'latn', tables: now.tables }
    expect((await h.request('PUT', api.benchmarkSettings, { token: teacher, json: body })).status).toBe(403)
    expect((await h.request('POST', api.benchmarkTable, { token: viewer, json: { name: 'x', source: 'x', year: 2024, language: 'en', rows: [] } })).status).toBe(403)
    expect((await upload(teacher, workbook([['grade', 'season']]), {})).status).toBe(403)
    expect((await h.request('GET', api.benchmarkSettings, { token: teacher })).status).toBe(200)
  })
  it('answers 404 for another institution’s class, school or year, and 403 for a school the user does not reach', async () => {
    const other = await insertInstitution(h, 'bench-other')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    for (const path of [api.classBenchmark(c.classId, c.yearId), api.schoolBenchmark(c.schoolId, c.yearId)]) {
      expect((await h.request('GET', path, { token: otherToken, host: other.host })).status).toBe(404)
    }
    expect((await h.request('GET', api.classBenchmark(c.classId, 999999), { token: admin })).status).toBe(404)
    const unmapped = await insertSchool(h, c.institutionId, 'BENCH-B')
    const schoolAdmin = await h.login('school.admin@sample.test')
    expect((await h.request('GET', api.schoolBenchmark(unmapped, c.yearId), { token: schoolAdmin })).status).toBe(403)
    expect((await h.request('GET', `${api.classBenchmark(c.classId, c.yearId)}?season=summer`, { token: admin })).status).toBe(400)
  })
  it('counts the school’s other classes in the school view', async () => {
    const r = await report(admin, 'boy', api.schoolBenchmark(c.schoolId, c.yearId))
    // Class 2B's six and the sample class 1A's five students (grade 1, no readings).
    expect([r.students, r.risk.not_assessed]).toEqual([11, 7])
  })
})

describe('below the aimline', () => {
  it('puts a student whose last three readings fall under the aimline on the attention list, after those at risk', async () => {
    // Carim's goal: 90 on 2026-09-01 to 200 on 2027-06-01; his 90 (10 Sep), 120 (20 Jan) and 125 (25 Jan) are all under it.
    const goal = await h.request('POST', api.studentGoals(c.kids.carim), { token: teacher, json: { start_date: '2026-09-01', start_wcpm: 90, goal_date: '2027-06-01', goal_wcpm: 200 } })
    expect(goal.status, JSON.stringify(goal.body)).toBe(201)
    await c.read(c.kids.carim, '2027-01-25T08:00:00Z', 125)
    const r = await report(teacher, 'moy')
    expect(r.attention.map((a) => [a.student_name, a.reasons])).toEqual([
      ['Emad Reader', ['well_below', 'frustration']],
      ['Fadi Reader', ['below']],
      ['Amal Reader', ['below']],
      ['Carim Reader', ['below_aimline']],
      ['Dana Reader', ['not_assessed']],
    ])
    expect(r.risk.above).toBe(1)
  })
})
