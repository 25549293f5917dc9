// Data out (issue 26): the raw sittings and marks of a scope and range, counted by hand from the fixture below,
// paged as JSON, as .xlsx and CSV, built by the background job for a large scope; school staff only, within reach.
//
// Class 1A (school A): S1 Sara 2026-09-10 (4 marks), S2 Sara 2026-10-05 (2), S3 Khalid 2026-09-20 (3), S4 Noor
// 2027-02-10 (1), S5 Sara 2027-03-01 (0) → 5 sittings, 10 marks. School B: S6 Zaid 2026-09-15 (1 mark).
// Autumn (2026-09-01 to 2026-12-31) in class 1A: S1, S3, S2 → 3 sittings, 9 marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { createHarness, type Harness } from '../setup/api-harness'
import { getBytes } from '../factories/assessments'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, OTHER_PASSWORD } from '../factories/tenants'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let instAdmin: string
let schoolAdmin: string
let teacher: string
let viewer: string
const ids: Record<string, number> = {}
const YEAR = ['2026-09-01', '2027-06-30'] as const
const AUTUMN = ['2026-09-01', '2026-12-31'] as const

type Mark = { word_index: number; miscue: string; self_corrected?: boolean; said?: string; cues?: string[] }
const sitting = (student: number, assessment: number, cls: number, at: string, duration: number, marks: Mark[], attempted?: number) => ({
  student, assessment, class: cls, academic_year: f.yearId, created_in_device_at: at, duration, marks, ...(attempted ? { total_attempted: attempted } : {}),
})

const download = (path: string, token: string) => getBytes(h, path, { token })

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  teacher = await h.login('teacher@sample.test')
  instAdmin = await h.login('institution.admin@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  viewer = await h.login('viewer@sample.test')
  const made = [
    ['S1', teacher, sitting(f.sara, f.english, f.class1A, '2026-09-10T08:00:00Z', 60, [
      { word_index: 1, miscue: 'substitution', said: 'big', cues: ['meaning', 'structure'] }, { word_index: 3, miscue: 'omission' },
      { word_index: 5, miscue: 'substitution', self_corrected: true }, { word_index: 6, miscue: 'repetition' },
    ])],
    ['S2', teacher, sitting(f.sara, f.english, f.class1A, '2026-10-05T09:00:00Z', 30, [{ word_index: 2, miscue: 'self_correction' }, { word_index: 4, miscue: 'hesitation' }])],
    ['S3', teacher, sitting(f.khalid, f.arabic, f.class1A, '2026-09-20T07:30:00Z', 45, [
      { word_index: 0, miscue: 'mispronunciation' }, { word_index: 7, miscue: 'insertion' }, { word_index: 3, miscue: 'repetition' },
    ])],
    ['S4', teacher, sitting(f.noor, f.english, f.class1A, '2027-02-10T08:00:00Z', 60, [{ word_index: 0, miscue: 'told' }], 5)],
    ['S5', teacher, sitting(f.sara, f.english, f.class1A, '2027-03-01T08:00:00Z', 60, [])],
    ['S6', instAdmin, sitting(f.zaid, f.english, f.class2A, '2026-09-15T10:00:00Z', 60, [{ word_index: 0, miscue: 'substitution' }])],
  ] as const
  for (const [name, token, body] of made) {
    const res = await h.request('POST', api.sittings, { token, json: body })
    if (res.status !== 201) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`)
    ids[name] = res.body.payload.id
  }
}, 240_000)
afterAll(async () => {
  await h?.close()
})

const rows = (token: string, kind: 'sittings' | 'marks', scope: Parameters<typeof api.exportRows>[1], range: readonly [string, string], page = 1) =>
  h.request('GET', api.exportRows(kind, scope, range[0], range[1], page), { token })

describe('data out', () => {
  it('answers one row per sitting and per mark of the scope and range, with ids, dates, passage, profile and figures', async () => {
    const cls = { scope: 'class', id: f.class1A } as const
    const sittings = (await rows(schoolAdmin, 'sittings', cls, YEAR)).body.payload
    expect(sittings).toMatchObject({ count: 5, page: 1, page_size: 500, next: null })
    expect(sittings.results.map((r: any) => r.sitting_id)).toEqual([ids.S1, ids.S2, ids.S3, ids.S4, ids.S5])
    expect(sittings.results[0]).toMatchObject({
      student_id: f.sara, enrollment_code: 'SMPL-10001', class_id: f.class1A, assessment_id: f.english, passage: 'The red hen',
      read_at: '2026-09-10T08:00:00.000Z', total_attempted: 10, total_correct: 8, error_count: 2, self_correction_count: 1,
      accuracy: 80, wcpm: 8, band: 'frustration', academic_year: '2026-2027',
    })
    expect(sittings.results[0]).toHaveProperty('scoring_profile_version')
    const marks = (await rows(schoolAdmin, 'marks', cls, YEAR)).body.payload
    expect(marks.count).toBe(10)
    expect(marks.results.filter((m: any) => m.sitting_id === ids.S1).map((m: any) => [m.word_index, m.miscue, m.self_corrected, m.said, m.cues]))
      .toEqual([[1, 'substitution', false, 'big', 'meaning structure'], [3, 'omission', false, null, ''], [5, 'substitution', true, null, ''], [6, 'repetition', false, null, '']])
    // The range narrows by the day read; the institution scope of an institution admin holds both schools.
    expect((await rows(schoolAdmin, 'sittings', cls, AUTUMN)).body.payload.count).toBe(3)
    expect((await rows(schoolAdmin, 'marks', cls, AUTUMN)).body.payload.count).toBe(9)
    expect((await rows(instAdmin, 'sittings', { scope: 'institution' }, YEAR)).body.payload.count).toBe(6)
    expect((await rows(instAdmin, 'marks', { scope: 'institution' }, YEAR)).body.payload.count).toBe(11)
    // A school admin's institution scope is their schools only.
    expect((await rows(schoolAdmin, 'sittings', { scope: 'institution' }, YEAR)).body.payload.count).toBe(5)
  })

  it('pages by 500: the next page, the last page empty-handed, and a bad page refused', async () => {
    const school = { scope: 'school', id: f.schoolA } as const
    const second = (await rows(schoolAdmin, 'sittings', school, YEAR, 2)).body.payload
    expect(second).toMatchObject({ count: 5, page: 2, next: null, results: [] })
    const bad = await h.request('GET', api.exportRows('sittings', school, YEAR[0], YEAR[1]).replace('page=1', 'page=0'), { token: schoolAdmin, lang: 'ar' })
    expect(bad.status).toBe(400)
    expect(bad.body.message.codes.page).toBe('invalid_number')
    expect(bad.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
    const backwards = await rows(schoolAdmin, 'sittings', school, ['2027-01-01', '2026-01-01'])
    expect(backwards.status).toBe(400)
    expect(backwards.body.message.codes.to_date).toBe('date_order')
  })

  it('gives the same rows as .xlsx (a sheet of sittings and one of marks) and as CSV', async () => {
    const cls = { scope: 'class', id: f.class1A } as const
    const xlsx = await download(api.exportFile(cls, YEAR[0], YEAR[1]), schoolAdmin)
    expect(xlsx.status).toBe(200)
    const book = XLSX.read(xlsx.bytes, { type: 'buffer' })
    expect(book.SheetNames).toEqual(['Sittings', 'Marks'])
    const sheet = (n: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[n]!, { header: 1, defval: null })
    expect(sheet('Sittings')).toHaveLength(1 + 5)
    expect(sheet('Marks')).toHaveLength(1 + 10)
    expect(sheet('Sittings')[0]!.slice(0, 3)).toEqual(['Sitting id', 'Student id', 'Enrollment code'])
    const csv = await download(api.exportFile(cls, AUTUMN[0], AUTUMN[1], 'csv', 'marks'), schoolAdmin)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines).toHaveLength(1 + 9)
    expect(lines[0]).toMatch(/^Sitting id,Student id,Read at \(UTC\),Word index/)
    expect((await download(api.exportFile(cls, YEAR[0], YEAR[1], 'csv'), schoolAdmin)).bytes.toString('utf8').trim().split('\r\n')).toHaveLength(1 + 5)
    const badFormat = await h.request('GET', api.exportFile(cls, YEAR[0], YEAR[1]).replace('format=xlsx', 'format=pdf'), { token: schoolAdmin })
    expect(badFormat.status).toBe(400)
  })

  it('builds the file of a large scope in a background job, with progress, for its requester alone', async () => {
    const { EXPORT_SYNC_SITTINGS } = await import('../../src/server/reports/sitting-export')
    const cls = { scope: 'class', id: f.class1A } as const
    // Enough sittings to pass the direct limit: copies of S5 on the same day.
    await h.db.execute(`insert into sittings (institution_id, school_id, class_id, academic_year_id, student_id, assessment_id, teacher_id, created_in_device_at,
      duration_seconds, notes, direction, total_question, total_attempted, total_correct, error_count, fluency_error_count, self_correction_count, accuracy, score,
      wcpm, band, scoring_version, discontinued)
      select institution_id, school_id, class_id, academic_year_id, student_id, assessment_id, teacher_id, created_in_device_at, duration_seconds, notes, direction,
      total_question, total_attempted, total_correct, error_count, fluency_error_count, self_correction_count, accuracy, score, wcpm, band, scoring_version, discontinued
      from sittings, generate_series(1, ${EXPORT_SYNC_SITTINGS}) where id = ${ids.S5}`)
    const queued = await h.request('GET', api.exportFile(cls, YEAR[0], YEAR[1], 'csv'), { token: schoolAdmin })
    expect(queued.status).toBe(202)
    const task = queued.body.payload.task_id as string
    expect((await h.request('GET', api.exportTask(task), { token: schoolAdmin })).body.payload.state).toBe('PENDING')
    expect((await h.request('GET', api.exportTaskFile(task), { token: schoolAdmin })).status).toBe(409)
    await h.runJobs()
    expect((await h.request('GET', api.exportTask(task), { token: schoolAdmin })).body.payload).toMatchObject({ state: 'SUCCESS', current: 3, total: 3 })
    const file = await download(api.exportTaskFile(task), schoolAdmin)
    expect(file.status).toBe(200)
    expect(file.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(1 + 5 + EXPORT_SYNC_SITTINGS)
    // Another user (even an institution admin) does not see the task.
    expect((await h.request('GET', api.exportTask(task), { token: instAdmin })).status).toBe(404)
    expect((await download(api.exportTaskFile(task), instAdmin)).status).toBe(404)
  })

  it('leaves a voided sitting and its marks out: it is evidence, not a valid reading', async () => {
    const cls = { scope: 'class', id: f.class1A } as const
    const before = (await rows(schoolAdmin, 'sittings', cls, AUTUMN)).body.payload
    expect(before.results.find((r: any) => r.sitting_id === ids.S1)).toMatchObject({ version: 1 })
    const voided = await h.request('POST', api.sittingVoid(f.schoolA, f.class1A, ids.S1!), { token: teacher, json: { version: 1, reason: 'Read to the wrong child by mistake' } })
    expect(voided.status, JSON.stringify(voided.body)).toBe(201)
    const after = (await rows(schoolAdmin, 'sittings', cls, AUTUMN)).body.payload
    expect(after.count).toBe(before.count - 1)
    expect(after.results.map((r: any) => r.sitting_id)).not.toContain(ids.S1)
    // S1's four marks go with it: 9 - 4.
    expect((await rows(schoolAdmin, 'marks', cls, AUTUMN)).body.payload.count).toBe(5)
    const csv = (await download(api.exportFile(cls, AUTUMN[0], AUTUMN[1], 'csv'), schoolAdmin)).bytes.toString('utf8').trim().split('\r\n')
    expect(csv).toHaveLength(1 + 2)
  })

  it('refuses teachers and viewers, unmapped schools and other institutions', async () => {
    const cls = { scope: 'class', id: f.class1A } as const
    expect((await rows(teacher, 'sittings', cls, YEAR)).status).toBe(403)
    expect((await rows(viewer, 'marks', cls, YEAR)).status).toBe(403)
    expect((await download(api.exportFile(cls, YEAR[0], YEAR[1]), teacher)).status).toBe(403)
    expect((await rows(schoolAdmin, 'sittings', { scope: 'school', id: f.schoolB }, YEAR)).status).toBe(403)
    expect((await rows(schoolAdmin, 'sittings', { scope: 'class', id: f.class2A }, YEAR)).status).toBe(403)
    const other = await insertInstitution(h, 'elsewhere')
    const outsider = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    expect((await h.request('GET', api.exportRows('sittings', cls, YEAR[0], YEAR[1]), { token: outsider, host: other.host })).status).toBe(404)
    expect((await h.request('GET', api.exportRows('sittings', { scope: 'institution' }, YEAR[0], YEAR[1]), { token: outsider, host: other.host })).body.payload.count).toBe(0)
    expect((await h.request('GET', api.exportRows('sittings', cls, YEAR[0], YEAR[1]))).status).toBe(401)
  })
})
