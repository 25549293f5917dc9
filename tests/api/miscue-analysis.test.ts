// What the child said and the cue analysis of each error and self-correction (issue 25, ADR 0121): stored with the
// mark and read back, summarised per sitting, per student over time and per class, with figures counted by hand.
//
// Class 1B (ENGLISH_TEXT, 11 words), recorded by the institution admin:
//   Rami, first sitting:  w1 substitution said "big" M S; w2 substitution self-corrected said "rod" V;
//                         w3 insertion said "old" M S; w4 omission (not coded); w5 repetition V (not an error)
//                         → analysable 4 (w1 w2 w3 w4), coded 3: M 2 (67 %), S 2 (67 %), V 1 (33 %)
//   Rami, second sitting: w0 substitution said "A" V; w6 told (not coded)
//                         → analysable 2, coded 1: V 1 (100 %)
//   Class:                analysable 6, coded 4: M 2 (50 %), S 2 (50 %), V 2 (50 %)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, OTHER_PASSWORD } from '../factories/tenants'
import { cueCategories } from '../../src/server/db/schema/sittings'
import { students } from '../../src/server/db/schema/tables'
import { eq } from 'drizzle-orm'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let admin: string
let rami: number
let other: Awaited<ReturnType<typeof insertInstitution>>
let otherAdmin: string
let first: any
let second: any

const FIRST_MARKS = [
  { word_index: 1, miscue: 'substitution', said: 'big', cues: ['meaning', 'structure'] },
  { word_index: 2, miscue: 'substitution', self_corrected: true, said: ' rod ', cues: ['visual'] },
  { word_index: 3, miscue: 'insertion', said: 'old', cues: ['meaning', 'structure', 'meaning'] },
  { word_index: 4, miscue: 'omission' },
  { word_index: 5, miscue: 'repetition', cues: ['visual'] },
]
const SECOND_MARKS = [{ word_index: 0, miscue: 'substitution', said: 'A', cues: ['visual'] }, { word_index: 6, miscue: 'told' }]

function sitting(marks: unknown[], o: { assessment?: number; at?: string } = {}) {
  return { student: rami, assessment: o.assessment ?? f.english, class: f.class1B, academic_year: f.yearId, created_in_device_at: o.at ?? '2026-11-02T08:00:00+04:00', duration: 60, marks }
}
const post = (body: unknown, lang?: 'ar' | 'en') => h.request('POST', api.sittings, { token: admin, json: body, ...(lang ? { lang } : {}) })
const cue = (code: string, count: number, percentage: number) => expect.objectContaining({ code, count, percentage })

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  admin = await h.login('institution.admin@sample.test')
  const [row] = await h.db.select({ id: students.id }).from(students).where(eq(students.first_name, 'Rami'))
  rami = row!.id
  other = await insertInstitution(h, 'othercue')
  otherAdmin = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
  // Another institution's own category: part of its taxonomy only.
  await h.db.insert(cueCategories).values({ institution_id: other.institutionId, code: 'prosody', display_name: 'Prosody', arabic_display_name: 'التنغيم', short_name: 'Pr', arabic_short_name: 'ن', sort_order: 9 })
  first = (await post(sitting(FIRST_MARKS))).body.payload
  second = (await post(sitting(SECOND_MARKS, { at: '2026-11-20T08:00:00+04:00' }))).body.payload
}, 60_000)
afterAll(async () => {
  await h?.close()
})

describe('what the child said and the cues', () => {
  it('stores what was said (trimmed) and the cues (each once) with each mark, and reads them back', async () => {
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1B, first.id), { token: admin })
    expect(read.status).toBe(200)
    expect(read.body.payload.marks.map((m: any) => [m.word_index, m.miscue, m.said, m.cues])).toEqual([
      [1, 'substitution', 'big', ['meaning', 'structure']],
      [2, 'substitution', 'rod', ['visual']],
      [3, 'insertion', 'old', ['meaning', 'structure']],
      [4, 'omission', null, []],
      [5, 'repetition', null, ['visual']],
    ])
    // Shown next to the text of the report, escaped like all of it.
    expect(read.body.payload.content).toContain('little</mark> <sup class="said">said: <span dir="auto">big</span></sup>')
    const escaped = await post(sitting([{ word_index: 1, miscue: 'substitution', said: '<b>x</b>' }], { at: '2026-10-01T08:00:00+04:00' }))
    expect(escaped.body.payload.content).toContain('said: <span dir="auto">&lt;b&gt;x&lt;/b&gt;</span>')
    expect((await h.request('POST', api.sittingRemoval(f.schoolA, f.class1B, escaped.body.payload.id), { token: admin, json: { reason: 'a test sitting' } })).status).toBeLessThan(300)
  })

  it('summarises the sitting: errors and self-corrections coded, and the share of each cue', async () => {
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1B, first.id), { token: admin })
    expect(read.body.payload.cue_summary).toEqual({ analysable: 4, coded: 3, cues: [cue('meaning', 2, 67), cue('structure', 2, 67), cue('visual', 1, 33)] })
    expect(read.body.payload.cue_summary.cues[0]).toMatchObject({ display_name: 'Meaning', arabic_display_name: 'المعنى', short_name: 'M' })
  })

  it("follows the student over time: each sitting on the student's list carries its summary", async () => {
    const rows = (await h.request('GET', api.studentSittings(rami), { token: admin })).body.payload.results
    expect(rows.map((r: any) => [r.id, r.cue_summary.analysable, r.cue_summary.coded, r.cue_summary.cues.map((c: any) => `${c.code}:${c.count}`)])).toEqual([
      [second.id, 2, 1, ['visual:1']],
      [first.id, 4, 3, ['meaning:2', 'structure:2', 'visual:1']],
    ])
  })

  it("sums the class's sittings on the class report", async () => {
    const res = await h.request('GET', api.commonReport(f.schoolA, f.class1B, f.yearId, 0), { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.payload.cues).toEqual({ analysable: 6, coded: 4, cues: [cue('meaning', 2, 50), cue('structure', 2, 50), cue('visual', 2, 50)] })
    const empty = await h.request('GET', api.commonReport(f.schoolA, f.class1A, f.yearId, 0), { token: admin })
    expect(empty.body.payload.cues).toMatchObject({ coded: 0, cues: [] })
  })

  it('codes Arabic passages with the Arabic categories of the taxonomy, and offers them in the capture kit', async () => {
    const kit = (await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token: admin })).body.payload
    expect(kit.cue_categories.map((c: any) => [c.code, c.language])).toEqual([
      ['meaning', null], ['structure', null], ['visual', null], ['root', 'ar'], ['pattern', 'ar'], ['short_vowel', 'ar'], ['letter_confusion', 'ar'],
    ])
    const res = await post(sitting([{ word_index: 0, miscue: 'substitution', said: 'ذهبَ', cues: ['root', 'short_vowel'] }, { word_index: 1, miscue: 'confusable_letters', said: 'الوند', cues: ['letter_confusion', 'visual'] }], { assessment: f.arabic }))
    expect(res.status).toBe(201)
    expect(res.body.payload.cue_summary).toEqual({ analysable: 2, coded: 2, cues: [cue('visual', 1, 50), cue('root', 1, 50), cue('short_vowel', 1, 50), cue('letter_confusion', 1, 50)] })
    expect(res.body.payload.marks[0].said).toBe('ذهبَ')
  })
})

describe('bad input', () => {
  it('refuses what was said longer than 60 characters, in both languages', async () => {
    const long = sitting([{ word_index: 1, miscue: 'substitution', said: 'x'.repeat(61) }])
    const en = await post(long)
    expect(en.status).toBe(400)
    expect(en.body.message.fields['marks.0.said']).toEqual(['Must be at most 60 characters'])
    const ar = await post(long, 'ar')
    expect(ar.status).toBe(400)
    expect(ar.body.message.fields['marks.0.said']).toEqual(['يجب ألا يزيد عن 60 حرفًا'])
  })

  it('refuses an unknown cue category and an Arabic category on an English passage, in both languages', async () => {
    const unknown = await post(sitting([{ word_index: 1, miscue: 'substitution', cues: ['prosody'] }]))
    expect(unknown.status).toBe(400)
    expect(unknown.body.message.fields['marks.0.cues.0']).toEqual(['Unknown cue category "prosody"'])
    const unknownAr = await post(sitting([{ word_index: 1, miscue: 'substitution', cues: ['prosody'] }]), 'ar')
    expect(unknownAr.body.message.fields['marks.0.cues.0']).toEqual(['فئة التحليل "prosody" غير معروفة'])
    const arabicOnly = await post(sitting([{ word_index: 1, miscue: 'substitution', cues: ['meaning', 'root'] }]))
    expect(arabicOnly.status).toBe(400)
    expect(arabicOnly.body.message.fields['marks.0.cues.1']).toEqual(['The cue category "root" is for Arabic passages only'])
    const arabicOnlyAr = await post(sitting([{ word_index: 1, miscue: 'substitution', cues: ['meaning', 'root'] }]), 'ar')
    expect(arabicOnlyAr.body.message.fields['marks.0.cues.1']).toEqual(['فئة التحليل "root" خاصة بالنصوص العربية'])
  })

  it('refuses cues that are not a list of codes, and more than ten', async () => {
    expect((await post(sitting([{ word_index: 1, miscue: 'substitution', cues: 'meaning' }]))).status).toBe(400)
    expect((await post(sitting([{ word_index: 1, miscue: 'substitution', cues: Array(11).fill('meaning') }]))).status).toBe(400)
    expect((await post(sitting([{ word_index: 1, miscue: 'substitution', said: 5 }]))).status).toBe(400)
  })
})

describe('tenants and roles', () => {
  it("keeps an institution's own category to itself (recording with it is refused above)", async () => {
    const mine = (await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token: admin })).body.payload
    expect(mine.cue_categories.map((c: any) => c.code)).not.toContain('prosody')
  })

  it("never shows another institution's sittings or class summary; a viewer reads the summaries but cannot record", async () => {
    expect((await h.request('GET', api.sitting(f.schoolA, f.class1B, first.id), { token: otherAdmin, host: other.host })).status).toBe(404)
    expect((await h.request('GET', api.commonReport(f.schoolA, f.class1B, f.yearId, 0), { token: otherAdmin, host: other.host })).status).toBe(404)
    const viewer = await h.login('viewer@sample.test')
    const read = await h.request('GET', api.commonReport(f.schoolA, f.class1B, f.yearId, 0), { token: viewer })
    expect(read.status).toBe(200)
    expect(read.body.payload.cues.coded).toBe(6) // the two English sittings and the Arabic one
    expect((await h.request('POST', api.sittings, { token: viewer, json: sitting(SECOND_MARKS) })).status).toBe(403)
  })
})
