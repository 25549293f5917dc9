// Reports worked out by hand from a small fixture (tests/factories/report-fixture.ts) and compared with the
// API's JSON answers and with the cells of the downloaded .xlsx files, at class, school and institution scope.
//
// Sittings (class 1A unless noted; English passage = 10 words, Arabic passage = 8 words):
//  S1 Sara, English, 2026-09-10, 60 s, marks: w1 substitution, w3 omission, w5 substitution self-corrected, w6 repetition
//     N=10 E=2 SC=1 → correct 8, accuracy 80, WCPM 8, frustration, error rate 1:5, SC ratio 1:3
//  S2 Sara, English, 2026-10-05, 30 s, marks: w2 self_correction, w4 hesitation → N=10 E=0 SC=1 → 100, WCPM 20, independent
//  S3 Khalid, Arabic, 2026-09-20, 45 s, marks: w0 mispronunciation, w7 insertion, w3 repetition → N=8 E=2 → 75, WCPM 8
//  S4 Noor, English, 2027-02-10, 60 s, attempted 5, marks: w0 told → N=5 E=1 → 80, WCPM 4
//  S5 Sara, English, 2027-03-01, 60 s, no marks → 100, WCPM 10
//  S6 Zaid (school B, class 2A), English, 2026-09-15, 60 s, marks: w0 substitution → 90, WCPM 9, instructional
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { sql } from 'drizzle-orm'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, OTHER_PASSWORD } from '../factories/tenants'
import { api } from '../../src/shared/api'
import { query } from '../../src/server/reports/sql'

let h: Harness
let f: ReportFixture
let teacher: string
let instAdmin: string
let schoolAdmin: string
let viewer: string
const ids: Record<string, number> = {}

type Mark = { word_index: number; miscue: string; self_corrected?: boolean }
function sitting(o: { student: number; assessment: number; cls: number; at: string; duration: number; marks: Mark[]; attempted?: number }) {
  return {
    student: o.student, assessment: o.assessment, class: o.cls, academic_year: f.yearId, created_in_device_at: o.at, duration: o.duration,
    marks: o.marks, ...(o.attempted !== undefined ? { total_attempted: o.attempted } : {}), notes: '<script>alert(1)</script> read well',
  }
}

async function record(token: string, body: unknown, key?: string) {
  return h.request('POST', api.sittings, { token, json: body, headers: key ? { 'Idempotency-Key': key } : {} })
}

function sheetRows(bytes: Buffer, index = 0): unknown[][] {
  const book = XLSX.read(bytes, { type: 'buffer' })
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[index]!]!, { header: 1, defval: null })
}
function sheetXml(bytes: Buffer, index = 0): string {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' })
  return Buffer.from(XLSX.CFB.find(zip, `/xl/worksheets/sheet${index + 1}.xml`)!.content as Uint8Array).toString('utf8')
}
async function download(path: string, token: string, lang: 'en' | 'ar' = 'en') {
  const res = await h.app.request(`http://sample.localhost:8080${path}`, { headers: { host: 'sample.localhost:8080', authorization: `Bearer ${token}`, 'accept-language': lang } })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  teacher = await h.login('teacher@sample.test')
  instAdmin = await h.login('institution.admin@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  viewer = await h.login('viewer@sample.test')
  const made = [
    ['S1', teacher, sitting({ student: f.sara, assessment: f.english, cls: f.class1A, at: '2026-09-10T08:00:00Z', duration: 60, marks: [
      { word_index: 1, miscue: 'substitution' }, { word_index: 3, miscue: 'omission' }, { word_index: 5, miscue: 'substitution', self_corrected: true }, { word_index: 6, miscue: 'repetition' },
    ] })],
    ['S2', teacher, sitting({ student: f.sara, assessment: f.english, cls: f.class1A, at: '2026-10-05T09:00:00Z', duration: 30, marks: [{ word_index: 2, miscue: 'self_correction' }, { word_index: 4, miscue: 'hesitation' }] })],
    ['S3', teacher, sitting({ student: f.khalid, assessment: f.arabic, cls: f.class1A, at: '2026-09-20T07:30:00Z', duration: 45, marks: [
      { word_index: 0, miscue: 'mispronunciation' }, { word_index: 7, miscue: 'insertion' }, { word_index: 3, miscue: 'repetition' },
    ] })],
    ['S4', teacher, sitting({ student: f.noor, assessment: f.english, cls: f.class1A, at: '2027-02-10T08:00:00Z', duration: 60, attempted: 5, marks: [{ word_index: 0, miscue: 'told' }] })],
    ['S5', teacher, sitting({ student: f.sara, assessment: f.english, cls: f.class1A, at: '2027-03-01T08:00:00Z', duration: 60, marks: [] })],
    ['S6', instAdmin, sitting({ student: f.zaid, assessment: f.english, cls: f.class2A, at: '2026-09-15T10:00:00Z', duration: 60, marks: [{ word_index: 0, miscue: 'substitution' }] })],
  ] as const
  for (const [name, token, body] of made) {
    const res = await record(token, body, `key-${name}`)
    if (res.status !== 201) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`)
    ids[name] = res.body.payload.id
  }
}, 240_000)
afterAll(async () => {
  await h?.close()
})

describe('recording a sitting', () => {
  it('stores the figures of the shared calculation and answers them', async () => {
    const res = await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S1!), { token: viewer })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({
      total_question: 10, total_attempted: 10, total_correct: 8, error_count: 2, self_correction_count: 1, accuracy: 80, score: 80,
      wcpm: 8, error_rate: 5, self_correction_ratio: 3, band: 'frustration', duration: '00:01:00', direction: 'ltr', scoring_version: 3,
      assessment_name: 'The red hen', teacher_name: 'Layla Nasser', academic_year_name: '2026-2027',
    })
    const s3 = await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S3!), { token: viewer })
    expect(s3.body.payload).toMatchObject({ total_question: 8, total_correct: 6, accuracy: 75, wcpm: 8, direction: 'rtl', band: 'frustration' })
    const s2 = await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S2!), { token: viewer })
    expect(s2.body.payload).toMatchObject({ accuracy: 100, wcpm: 20, band: 'independent', error_rate: null, self_correction_ratio: 1 })
  })

  it('marks each miscue in the content with its colour, escaped, and keeps notes as text', async () => {
    const res = await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S1!), { token: viewer })
    const html: string = res.body.payload.content
    expect(html).toContain('data-miscue="substitution"')
    expect(html).toContain('#D55E00')
    expect(html).toContain('data-self-corrected="true"')
    expect(res.body.payload.notes).toBe('<script>alert(1)</script> read well')
    expect(html).not.toContain('<script')
    const ar = await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S3!), { token: viewer })
    expect(ar.body.payload.content).toContain('dir="rtl"')
    expect(ar.body.payload.content).toContain('ذهب')
  })

  it('is idempotent by key: a replay answers the first sitting and creates nothing', async () => {
    const body = sitting({ student: f.noor, assessment: f.english, cls: f.class1A, at: '2027-02-10T08:00:00Z', duration: 60, attempted: 5, marks: [{ word_index: 0, miscue: 'told' }] })
    const again = await record(teacher, body, 'key-S4')
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.payload.id).toBe(ids.S4)
    const list = await h.request('GET', api.studentSittings(f.noor), { token: teacher })
    expect(list.body.payload.count).toBe(1)
  })

  it.each([
    ['an unknown student', { student: 999999 }, 'student', 'This student does not exist in this institution', 'هذا الطالب غير موجود في هذه المؤسسة'],
    ['an assessment outside the institution', { assessment: -1 }, 'assessment', 'This assessment is not available to this institution', 'هذا التقييم غير متاح لهذه المؤسسة'],
    ['a mark past the passage', { marks: [{ word_index: 10, miscue: 'omission' }] }, 'marks.0.word_index', 'past the end of the passage', 'بعد نهاية النص'],
    ['a zero duration', { duration: 0 }, 'duration', 'Must be at least 1', 'يجب ألا يقل عن 1'],
    ['a duration over the time limit', { duration: 200 }, 'duration', "longer than the assessment's time limit", 'أطول من الوقت المحدد'],
    ['an unknown miscue type', { marks: [{ word_index: 1, miscue: 'sneeze' }] }, 'marks.0.miscue', 'Unknown miscue type', 'غير معروف'],
  ])('refuses %s with a message in English and Arabic', async (_name, over, field, en, ar) => {
    const o = over as Record<string, unknown>
    const body = { ...sitting({ student: f.sara, assessment: f.english, cls: f.class1A, at: '2026-09-11T08:00:00Z', duration: 60, marks: [] }), ...o }
    if (o.assessment === -1) body.assessment = f.unassigned
    const resEn = await h.request('POST', api.sittings, { token: teacher, json: body, lang: 'en' })
    const resAr = await h.request('POST', api.sittings, { token: teacher, json: body, lang: 'ar' })
    expect(resEn.status).toBe(400)
    expect(resEn.body.message.fields[field].join(' ')).toContain(en)
    expect(resAr.status).toBe(400)
    expect(resAr.body.message.fields[field].join(' ')).toContain(ar)
  })

  it('lets teachers record only for their classes, and viewers not at all', async () => {
    const forEmpty = sitting({ student: f.evil, assessment: f.english, cls: f.class1B, at: '2026-09-11T08:00:00Z', duration: 60, marks: [] })
    const res = await record(teacher, forEmpty)
    expect(res.status).toBe(403)
    expect(res.body.message.errors[0]).toContain('classes you teach')
    expect((await record(viewer, forEmpty)).status).toBe(403)
  })

  it('accepts audio as multipart, checked by its bytes, and serves it back', async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)])
    const form = new FormData()
    const body = sitting({ student: f.huda, assessment: f.english, cls: f.class1A, at: '2026-11-01T08:00:00Z', duration: 60, marks: [] })
    for (const [k, v] of Object.entries(body)) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
    form.append('audio', new Blob([webm], { type: 'audio/webm' }), 'reading.webm')
    const res = await h.app.request('http://sample.localhost:8080/api/sitting/', { method: 'POST', body: form, headers: { host: 'sample.localhost:8080', authorization: `Bearer ${teacher}` } })
    const json = await res.json() as any
    expect(res.status).toBe(201)
    expect(json.payload.audio_url).toMatch(/\/audio\/$/)
    const audio = await download(json.payload.audio_url, viewer)
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toBe('audio/webm')
    const bad = new FormData()
    for (const [k, v] of Object.entries(body)) bad.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
    bad.append('audio', new Blob([Buffer.from('<html>not audio at all</html>')], { type: 'audio/webm' }), 'x.webm')
    const refused = await h.app.request('http://sample.localhost:8080/api/sitting/', { method: 'POST', body: bad, headers: { host: 'sample.localhost:8080', authorization: `Bearer ${teacher}`, 'accept-language': 'ar' } })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain('ملف الصوت')
    // Clean up so the figures below stay as worked out.
    await h.db.execute(sql`delete from sittings where id = ${json.payload.id}`)
  })
})

const FROM = '2026-09-01 0:0:0'
const TO = '2027-06-30 0:0:0'

describe('class reports of the miscue screen', () => {
  it('common report: each miscue type share of all 10 miscues, students and tests', async () => {
    const res = await h.request('GET', api.commonReport(f.schoolA, f.class1A, f.yearId, 0), { token: teacher })
    expect(res.status).toBe(200)
    const share = Object.fromEntries(res.body.payload.miscues.map((m: any) => [m.miscue_code, [m.count, m.percentage]]))
    // S1: subst, omission, SC (corrected subst), repetition; S2: SC, hesitation; S3: mispron, insertion, repetition; S4: told
    expect(share).toEqual({
      substitution: [1, 10], omission: [1, 10], insertion: [1, 10], told: [1, 10], mispronunciation: [1, 10],
      self_correction: [2, 20], repetition: [2, 20], hesitation: [1, 10],
    })
    expect(res.body.payload.total_students).toBe(3)
    expect(res.body.payload.total_tests).toBe(5)
    expect(res.body.payload.miscues[0]).toMatchObject({ miscue: 'Substitution', arabic_miscue: 'استبدال', color_code: '#D55E00' })
  })

  it('common report of one assessment: 7 miscues over 4 English sittings', async () => {
    const res = await h.request('GET', api.commonReport(f.schoolA, f.class1A, f.yearId, f.english), { token: teacher })
    const share = Object.fromEntries(res.body.payload.miscues.map((m: any) => [m.miscue_code, m.percentage]))
    expect(share).toEqual({ substitution: 14, omission: 14, told: 14, self_correction: 29, repetition: 14, hesitation: 14 })
    expect(res.body.payload).toMatchObject({ total_students: 2, total_tests: 4 })
  })

  it('an empty class answers no miscues and zero totals', async () => {
    const res = await h.request('GET', api.commonReport(f.schoolA, f.class1B, f.yearId, 0), { token: instAdmin })
    expect(res.body.payload).toEqual({ miscues: [], cues: { analysable: 0, coded: 0, cues: [] }, total_students: 0, total_tests: 0 })
    const list = await h.request('GET', api.accuracyReport(f.schoolA, f.class1B, f.yearId), { token: instAdmin })
    expect(list.body.payload).toEqual({ results: [], count: 0 })
  })

  it('accuracy list: one row per sitting, newest first', async () => {
    const res = await h.request('GET', api.accuracyReport(f.schoolA, f.class1A, f.yearId), { token: teacher })
    expect(res.body.payload.count).toBe(5)
    expect(res.body.payload.results.map((r: any) => [r.id, r.score, r.wcpm, r.band])).toEqual([
      [ids.S5, 100, 10, 'independent'], [ids.S4, 80, 4, 'frustration'], [ids.S2, 100, 20, 'independent'],
      [ids.S3, 75, 8, 'frustration'], [ids.S1, 80, 8, 'frustration'],
    ])
  })

  it('sitting pie: the miscues of one sitting', async () => {
    const res = await h.request('GET', api.sittingMiscues(f.schoolA, ids.S3!), { token: teacher })
    expect(res.body.payload.miscues.map((m: any) => [m.miscue_code, m.percentage])).toEqual([['insertion', 33], ['mispronunciation', 33], ['repetition', 33]])
  })

  it("sitting pie: the specification's /miscue-report/ address answers the same, with the same access check", async () => {
    const alias = api.sittingMiscues(f.schoolA, ids.S3!).replace('/miscue_report/', '/miscue-report/')
    expect(alias).toMatch(/^\/api\/miscue-report\/school\/\d+\/sitting\/\d+\/$/)
    const res = await h.request('GET', alias, { token: teacher })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual((await h.request('GET', api.sittingMiscues(f.schoolA, ids.S3!), { token: teacher })).body.payload)
    expect((await h.request('GET', alias)).status).toBe(401)
  })

  it('student screens: sittings newest first and the class history', async () => {
    const list = await h.request('GET', api.studentSittings(f.sara), { token: teacher })
    expect(list.body.payload.results.map((r: any) => r.id)).toEqual([ids.S5, ids.S2, ids.S1])
    const acc = await h.request('GET', api.studentAccuracy(f.sara), { token: teacher })
    expect(acc.body.payload.student.enrollment_code).toBe('SMPL-10001')
    expect(acc.body.payload.class_history).toEqual([expect.objectContaining({ class_id: f.class1A, academic_year_name: '2026-2027' })])
    expect(acc.body.payload.sittings).toHaveLength(3)
  })

  it('report types: built-ins, the global bundle and the comparative library, not a hidden one', async () => {
    const res = await h.request('GET', api.reportTypes, { token: viewer })
    const types = res.body.payload.results.map((t: any) => [t.id, t.type])
    // The comparative library is not global but holds an assessment assigned to the institution; the hidden one neither.
    expect(types).toEqual([[1, 'common'], [2, 'accurate'], [6, 'tally'], [100 + f.bundle, 'bundle'], [100 + f.comparative, 'comparative']])
    expect(res.body.payload.results[3]).toMatchObject({ enableParentReport: true, library: f.bundle })
  })
})

const TYPES = ['substitution', 'omission', 'insertion', 'told', 'reversal', 'mispronunciation', 'self_correction', 'repetition', 'hesitation']
const rowOf = (rows: unknown[][], code: string) => rows.find((r) => r[1] === code)!

describe('tally report', () => {
  const term1 = { from: '2026-09-01 0:0:0', to: '2026-12-31 0:0:0' }

  it('class scope: per student the sittings and each miscue type, in JSON and in the .xlsx cells', async () => {
    const json = await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, term1.from, term1.to, 'json'), { token: teacher })
    expect(json.status).toBe(200)
    const by = Object.fromEntries(json.body.payload.rows.map((r: any) => [r.enrollment_code, [r.sittings, ...TYPES.map((t) => r.counts[t])]]))
    expect(by).toEqual({
      'SMPL-10001': [2, 1, 1, 0, 0, 0, 0, 2, 1, 1], // Sara: S1 + S2
      'SMPL-10002': [1, 0, 0, 1, 0, 0, 1, 0, 1, 0], // Khalid: S3 (Arabic)
      'SMPL-10003': [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], // Noor: S4 is in term 2
      'SMPL-10004': [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      'SMPL-10005': [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    })
    const file = await download(api.tallyReport({ scope: 'class', id: f.class1A }, term1.from, term1.to), teacher)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('tally-report-Grade-1-A-2026-09-01_2026-12-31.xlsx')
    const rows = sheetRows(file.bytes)
    expect(rows[0]).toEqual(['Student', 'Enrollment code', 'Class', 'School', 'Sittings', 'Substitution', 'Omission', 'Insertion', 'Told', 'Reversal', 'Mispronunciation', 'Self-correction', 'Repetition', 'Hesitation',
      // The Arabic types of the default taxonomy (ADR 0091).
      'Short vowel (haraka)', 'Case ending', 'Hamza', 'Taa marbuta', 'Confusable letters'])
    expect(rowOf(rows, 'SMPL-10001')).toEqual(['Sara Ahmed', 'SMPL-10001', 'Grade 1 A', 'Al Noor Primary School', 2, 1, 1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0])
    expect(rowOf(rows, 'SMPL-10002')).toEqual(['Khalid Ali', 'SMPL-10002', 'Grade 1 A', 'Al Noor Primary School', 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    expect(sheetXml(file.bytes)).toContain('state="frozen"')
  })

  it('a range includes both whole days', async () => {
    const json = await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, '2026-09-10', '2026-09-10', 'json'), { token: teacher })
    expect(json.body.payload.rows.find((r: any) => r.enrollment_code === 'SMPL-10001').sittings).toBe(1)
  })

  it('empty class: its students with zeros; user text that looks like a formula stays text', async () => {
    const file = await download(api.tallyReport({ scope: 'class', id: f.class1B }, FROM, TO), instAdmin)
    const rows = sheetRows(file.bytes)
    expect(rows).toHaveLength(3)
    expect(rowOf(rows, 'SMPL-20001')).toEqual(["'@evil Formula", 'SMPL-20001', 'Class 1B', 'Al Noor Primary School', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    const ar = await download(api.tallyReport({ scope: 'class', id: f.class1B }, FROM, TO), instAdmin, 'ar')
    expect(rowOf(sheetRows(ar.bytes), 'SMPL-20001')![0]).toBe(`'=HYPERLINK("x")`)
    expect(sheetXml(ar.bytes)).toContain('rightToLeft="1"')
    expect(decodeURIComponent(ar.headers.get('content-disposition')!)).toContain('تقرير-الإحصاء')
  })

  it('school and institution scope, limited to the schools the user may reach', async () => {
    const school = await h.request('GET', api.tallyReport({ scope: 'school', id: f.schoolA }, FROM, TO, 'json'), { token: schoolAdmin })
    expect(school.body.payload.rows).toHaveLength(7)
    expect(school.body.payload.rows.find((r: any) => r.enrollment_code === 'SMPL-10001').sittings).toBe(3)
    const all = await download(api.tallyReport({ scope: 'institution' }, FROM, TO), instAdmin)
    const rows = sheetRows(all.bytes)
    expect(rows).toHaveLength(1 + 8)
    expect(rowOf(rows, 'SMPL-30001')).toEqual(['Zaid Omar', 'SMPL-30001', 'Class 2A', 'SECOND School', 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    const mine = await h.request('GET', api.tallyReport({ scope: 'institution' }, FROM, TO, 'json'), { token: schoolAdmin })
    expect(mine.body.payload.rows.map((r: any) => r.enrollment_code)).not.toContain('SMPL-30001')
    expect(mine.body.payload.rows).toHaveLength(7)
    expect((await h.request('GET', api.tallyReport({ scope: 'school', id: f.schoolB }, FROM, TO, 'json'), { token: schoolAdmin })).status).toBe(403)
    expect((await h.request('GET', api.tallyReport({ scope: 'class', id: f.class2A }, FROM, TO, 'json'), { token: schoolAdmin })).status).toBe(403)
  })

  it('refuses bad dates with a message in both languages', async () => {
    const en = await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, '2026-13-01', TO, 'json'), { token: teacher })
    expect(en.status).toBe(400)
    expect(en.body.message.fields.from_date[0]).toBe('Enter a date as yyyy-mm-dd')
    const ar = await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, TO, FROM, 'json'), { token: teacher, lang: 'ar' })
    expect(ar.status).toBe(400)
    expect(ar.body.message.fields.to_date[0]).toBe('يجب ألا يسبق تاريخ الانتهاء تاريخ البدء')
  })
})

describe('bundle, parent and comparative reports', () => {
  it('bundle, class scope: count, latest, average, and the band of each sitting rather than a band of the average', async () => {
    const json = await h.request('GET', api.bundleReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO, 'json'), { token: teacher })
    expect(json.status).toBe(200)
    const cells = (code: string) => json.body.payload.rows.find((r: any) => r.enrollment_code === code).entries.map((e: any) => [e.sittings, e.latest_accuracy, e.average_accuracy, e.band])
    // Sara read at 80, 100 and 100 %: the average 93 would be "instructional", a band none of her readings had.
    expect(cells('SMPL-10001')).toEqual([[3, 100, 93, 'independent'], [0, null, null, null]])
    const sara = json.body.payload.rows.find((r: any) => r.enrollment_code === 'SMPL-10001').entries[0]
    expect(sara.sitting_bands).toEqual(['independent', 'independent', 'frustration'])
    expect(sara.bands).toEqual({ independent: 2, instructional: 0, frustration: 1 })
    expect(cells('SMPL-10002')).toEqual([[0, null, null, null], [1, 75, 75, 'frustration']])
    expect(cells('SMPL-10003')).toEqual([[1, 80, 80, 'frustration'], [0, null, null, null]])
    const file = await download(api.bundleReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO), teacher)
    const rows = sheetRows(file.bytes)
    expect(rows[0]![4]).toBe("'=SUM(A1) English passage: sittings")
    expect(rowOf(rows, 'SMPL-10001')).toEqual(['Sara Ahmed', 'SMPL-10001', 'Grade 1 A', 'Al Noor Primary School', 3, 100, 93, 'Independent', 'Independent 2, Frustration 1', 0, null, null, null, null])
    expect(rowOf(rows, 'SMPL-10002')!.slice(4)).toEqual([0, null, null, null, null, 1, 75, 75, 'Frustration', 'Frustration 1'])
    expect(file.headers.get('content-disposition')).toContain('bundle-report-Reading-passages-Grade-1-A')
  })

  it('bundle, school and institution scope', async () => {
    const school = await h.request('GET', api.bundleReport(f.bundle, { scope: 'school', id: f.schoolB }, FROM, TO, 'json'), { token: instAdmin })
    expect(school.body.payload.rows.map((r: any) => [r.enrollment_code, r.entries[0].average_accuracy])).toEqual([['SMPL-30001', 90]])
    const file = await download(api.bundleReport(f.bundle, { scope: 'institution' }, FROM, TO), instAdmin)
    const rows = sheetRows(file.bytes)
    expect(rows).toHaveLength(9)
    expect(rowOf(rows, 'SMPL-30001')!.slice(4, 8)).toEqual([1, 90, 90, 'Instructional'])
  })

  it('parent report: one sheet per student, only entries for parents, in plain words, in the family language', async () => {
    const json = await h.request('GET', api.parentReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO, 'json'), { token: teacher })
    expect(json.body.payload.entries.map((e: any) => e.id)).toEqual([f.entryEn])
    const file = await download(api.parentReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO), teacher)
    const book = XLSX.read(file.bytes, { type: 'buffer' })
    expect(book.SheetNames).toHaveLength(5)
    const sara = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Sara Ahmed']!, { header: 1, defval: null })
    expect(sara[0]![0]).toBe('Reading report for Sara Ahmed')
    // What the most recent reading (100 %) means, not a band of the average.
    expect(sara.at(-1)).toEqual(["'=SUM(A1) English passage", 3, 100, 93, 'Reads texts at this level easily on their own'])
    const ar = await download(`${api.parentReport(f.bundle, { scope: 'school', id: f.schoolA }, FROM, TO)}?lang=ar`, teacher)
    const arBook = XLSX.read(ar.bytes, { type: 'buffer' })
    expect(arBook.SheetNames).toContain('سارة أحمد')
    const arSara = XLSX.utils.sheet_to_json<unknown[]>(arBook.Sheets['سارة أحمد']!, { header: 1, defval: null })
    expect(arSara[0]![0]).toBe('تقرير القراءة لـ سارة أحمد')
    expect(sheetXml(ar.bytes)).toContain('rightToLeft="1"')
    const inst = await h.request('GET', api.parentReport(f.bundle, { scope: 'institution' }, FROM, TO, 'json'), { token: instAdmin })
    expect(inst.body.payload.rows).toHaveLength(8)
  })

  it('parent report: the Arabic name on an Arabic request, and the WCPM of the newest sitting within the period', async () => {
    const autumn = (lang: 'en' | 'ar', query = '') =>
      h.request('GET', `${api.parentReport(f.bundle, { scope: 'class', id: f.class1A }, '2026-09-01 0:0:0', '2026-12-31 0:0:0', 'json')}${query}`, { token: teacher, lang })
    const row = (res: { body: any }, code: string) => res.body.payload.rows.find((r: any) => r.enrollment_code === code)
    // Without an Arabic name the English one is printed on Arabic pages.
    const [noor] = await query<{ arabic_name: string }>(h.db, sql`select arabic_name from students where id = ${f.noor}`)
    await h.db.execute(sql`update students set arabic_name = '' where id = ${f.noor}`)
    try {
      const ar = await autumn('ar')
      expect(row(ar, 'SMPL-10001').name).toBe('سارة أحمد')
      expect(row(ar, 'SMPL-10003').name).toBe(row(ar, 'SMPL-10003').student_name)
      // The family's language (?lang=) wins over the interface's.
      expect(row(await autumn('en', '&lang=ar'), 'SMPL-10001').name).toBe('سارة أحمد')
      expect(row(await autumn('ar', '&lang=en'), 'SMPL-10001').name).toBe('Sara Ahmed')
      // Sara's newest sitting is S5 (2027-03-01, WCPM 10), after the period: S2 (2026-10-05, WCPM 20) supplies it.
      expect(row(ar, 'SMPL-10001').wcpm).toBe(20)
      // Noor's only sitting (S4, 2027-02-10) is after the period: no WCPM, not an older or later one.
      expect(row(ar, 'SMPL-10003').wcpm).toBeNull()
      const file = await download(`${api.parentReport(f.bundle, { scope: 'class', id: f.class1A }, '2026-09-01 0:0:0', '2026-12-31 0:0:0')}?lang=ar`, teacher)
      const book = XLSX.read(file.bytes, { type: 'buffer' })
      const sheet = (n: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[n]!, { header: 1, defval: null }).map((r) => r[0])
      // The workbook carries the same reading-speed line as the printed page; none without a sitting in the period.
      expect(sheet('سارة أحمد')).toContain('سرعة القراءة: في آخر قراءة قرأ طفلك 20 كلمة صحيحة في دقيقة واحدة. يسمي المعلمون ذلك «عدد الكلمات الصحيحة في الدقيقة»؛ ويزداد كلما أصبحت القراءة أسهل.')
      expect(sheet(row(ar, 'SMPL-10003').name).filter((c) => String(c).startsWith('سرعة القراءة'))).toEqual([])
    } finally {
      await h.db.execute(sql`update students set arabic_name = ${noor!.arabic_name} where id = ${f.noor}`)
    }
  })

  it('comparative report: the two ranges and the change, per scope', async () => {
    const range = { first_from_date: '2026-09-01 0:0:0', first_to_date: '2026-12-31 0:0:0', second_from_date: '2027-01-01 0:0:0', second_to_date: '2027-06-30 0:0:0' }
    const json = await h.request('GET', api.comparativeReport(f.comparative, { scope: 'class', id: f.class1A }, range, 'json'), { token: teacher })
    const by = (code: string) => json.body.payload.rows.find((r: any) => r.enrollment_code === code).entries[0]
    expect(by('SMPL-10001')).toMatchObject({ first: { average_accuracy: 90, sittings: 2 }, second: { average_accuracy: 100, sittings: 1 }, change: 10 })
    expect(by('SMPL-10003')).toMatchObject({ first: { average_accuracy: null }, second: { average_accuracy: 80 }, change: null })
    const file = await download(api.comparativeReport(f.comparative, { scope: 'class', id: f.class1A }, range), teacher)
    const rows = sheetRows(file.bytes)
    expect(rowOf(rows, 'SMPL-10001')!.slice(4)).toEqual([90, 100, 10])
    expect(rowOf(rows, 'SMPL-10003')!.slice(4)).toEqual([null, 80, null])
    const school = await download(api.comparativeReport(f.comparative, { scope: 'school', id: f.schoolB }, range), instAdmin)
    expect(rowOf(sheetRows(school.bytes), 'SMPL-30001')!.slice(4)).toEqual([90, null, null])
    const inst = await h.request('GET', api.comparativeReport(f.comparative, { scope: 'institution' }, range, 'json'), { token: instAdmin })
    expect(inst.body.payload.rows).toHaveLength(8)
  })

  it('an unknown report library is refused', async () => {
    const res = await h.request('GET', api.bundleReport(f.hidden + 50, { scope: 'class', id: f.class1A }, FROM, TO, 'json'), { token: teacher })
    expect(res.status).toBe(404)
  })

  it('a report library not offered to the institution is refused by id, in every report and its file, in both languages', async () => {
    const paths = [
      api.bundleReport(f.hidden, { scope: 'class', id: f.class1A }, FROM, TO, 'json'),
      api.bundleReport(f.hidden, { scope: 'institution' }, FROM, TO),
      api.parentReport(f.hidden, { scope: 'class', id: f.class1A }, FROM, TO, 'json'),
      api.comparativeReport(f.hidden, { scope: 'institution' }, { first_from_date: FROM, first_to_date: TO, second_from_date: FROM, second_to_date: TO }, 'json'),
    ]
    for (const path of paths) {
      const res = await h.request('GET', path, { token: instAdmin })
      expect(res.status, path).toBe(404)
      expect(JSON.stringify(res.body)).not.toContain('Hidden')
    }
    const ar = await h.request('GET', paths[0]!, { token: instAdmin, lang: 'ar' })
    expect(ar.body.message.errors).toEqual(['نوع التقرير هذا غير موجود لهذه المؤسسة'])
  })

  it('email variant answers at once and mails the file as an attachment to the requester', async () => {
    const before = h.mails().length
    const res = await h.request('GET', api.bundleReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO, 'email'), { token: teacher })
    expect(res.status).toBe(202)
    expect(res.body.payload.message).toBe('Email will be sent when report is complete')
    expect(h.mails()).toHaveLength(before) // nothing built yet: the job runs in the background
    await h.runJobs()
    const mail = h.mails().slice(before).find((m) => m.includes('teacher@sample.test'))
    expect(mail).toBeDefined()
    expect(mail).toContain('bundle-report-Reading-passages-Grade-1-A')
    expect(mail).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const parent = await h.request('GET', api.parentReport(f.bundle, { scope: 'class', id: f.class1A }, FROM, TO, 'email'), { token: teacher, lang: 'ar' })
    expect(parent.body.payload.message).toBe('سيتم إرسال البريد الإلكتروني عند اكتمال التقرير')
  })
})

describe('tenancy and roles', () => {
  it('another institution cannot reach this institution\'s classes, sittings or students', async () => {
    const other = await insertInstitution(h, 'otherreports')
    const token = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    const as = { token, host: other.host }
    expect((await h.request('GET', api.commonReport(f.schoolA, f.class1A, f.yearId, 0), as)).status).toBe(404)
    expect((await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, FROM, TO, 'json'), as)).status).toBe(404)
    expect((await h.request('GET', api.sitting(f.schoolA, f.class1A, ids.S1!), as)).status).toBe(404)
    expect((await h.request('GET', api.studentSittings(f.sara), as)).status).toBe(404)
    const inst = await h.request('GET', api.tallyReport({ scope: 'institution' }, FROM, TO, 'json'), as)
    expect(inst.body.payload.rows).toEqual([])
    const rec = await h.request('POST', api.sittings, { ...as, json: sitting({ student: f.sara, assessment: f.english, cls: f.class1A, at: '2026-09-11T08:00:00Z', duration: 60, marks: [] }) })
    expect(rec.status).toBe(400)
  })

  it('a school admin cannot read a sitting of a school they are not mapped to', async () => {
    expect((await h.request('GET', api.sitting(f.schoolB, f.class2A, ids.S6!), { token: schoolAdmin })).status).toBe(403)
    expect((await h.request('GET', api.studentSittings(f.zaid), { token: schoolAdmin })).status).toBe(404)
  })
})

describe('dashboard', () => {
  it('statistics of the institution, limited to the user\'s schools', async () => {
    const all = await h.request('GET', api.dashboardStatistics, { token: instAdmin })
    // attempted words: 10 + 10 + 8 + 5 + 10 + 10
    expect(all.body.payload).toEqual({ total_sittings: 6, total_questions_answered: 53, total_assessments: 2, total_students: 8 })
    const mine = await h.request('GET', api.dashboardStatistics, { token: schoolAdmin })
    expect(mine.body.payload).toEqual({ total_sittings: 5, total_questions_answered: 43, total_assessments: 2, total_students: 7 })
  })

  it('new, active and inactive institutions on the platform host', async () => {
    await h.db.execute(sql`update institutions set created_at = now() - interval '90 days'`)
    await insertInstitution(h, 'brandnew')
    await h.db.execute(sql`update sittings set created_in_device_at = now() - interval '2 days' where id = ${ids.S6!}`)
    const admin = await h.login('admin', 'Admin$1pass', 'localhost:8080')
    const res = await h.request('GET', api.dashboard, { token: admin, host: 'localhost:8080' })
    expect(res.status).toBe(200)
    // sample (old, recent sitting) active; otherreports (old, no sittings) inactive; brandnew new.
    expect(res.body.payload).toMatchObject({
      unit: 'institution', total_instituitions: { count: 3 },
      new_instituitions: { count: 1, percentage: 33 }, active_instituitions: { count: 1, percentage: 33 }, inactive_instituitions: { count: 1, percentage: 33 },
    })
    expect(res.body.payload.acquisition.reduce((n: number, a: any) => n + a.count, 0)).toBe(3)
    const teacherView = await h.request('GET', api.dashboard, { token: teacher })
    expect(teacherView.body.payload).toMatchObject({ unit: 'school', total_instituitions: { count: 1 } })
  })
})

describe('OpenAPI', () => {
  it('names the tally, bundle, parent and comparative report of each scope with an operationId', async () => {
    const doc = (await h.request('GET', api.openapi)).body
    const ops = Object.values(doc.paths).flatMap((p: any) => Object.values(p)) as any[]
    const ids = new Set(ops.map((o) => o.operationId))
    for (const report of ['tally', 'bundle', 'parent', 'comparative']) {
      for (const scope of ['Class', 'School', 'Institution']) {
        expect(ids).toContain(`${report}Report${scope}`)
        expect(ids).toContain(`${report}ReportEmail${scope}`)
      }
    }
    const tally = doc.paths['/api/report/tally/class/{scopeId}/from/{from}/to/{to}/'].get
    expect(tally.summary).toMatch(/^Tally report/)
    expect(tally.parameters.find((p: any) => p.name === 'from').schema.type).toBe('string')
  })
})

// Last in this file: it adds sittings to class 2A, which the figures above do not expect.
describe('accuracy list, every page in one call', () => {
  it('?page=all answers every row newest first, as the pages do one by one (the app keeps the whole list offline)', async () => {
    for (let day = 1; day <= 15; day++) {
      const res = await record(instAdmin, sitting({ student: f.zaid, assessment: f.english, cls: f.class2A, at: `2026-11-${String(day).padStart(2, '0')}T08:00:00Z`, duration: 60, marks: [] }))
      expect(res.status).toBe(201)
    }
    const list = (page: string) => h.request('GET', `${api.accuracyReport(f.schoolB, f.class2A, f.yearId)}?page=${page}`, { token: instAdmin })
    const [all, first, second] = await Promise.all([list('all'), list('1'), list('2')])
    const count = first.body.payload.count
    expect(count).toBeGreaterThan(15)
    expect(count).toBeLessThanOrEqual(30)
    expect(all.body.payload.count).toBe(count)
    expect(all.body.payload.results).toHaveLength(count)
    expect(all.body.payload.results.map((r: any) => r.id)).toEqual([...first.body.payload.results, ...second.body.payload.results].map((r: any) => r.id))
  })
})
