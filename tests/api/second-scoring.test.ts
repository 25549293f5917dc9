// A second scoring from the recording (issue 27, ADR 0128): school staff or a teacher other than the one who
// recorded a sitting scores it blind (the passage and the audio, never the first marks or figures); the two
// scorings are compared word by word with percent agreement, Cohen's kappa and the figures' difference.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, OTHER_PASSWORD } from '../factories/tenants'
import { secondScorers } from '../factories/second-scorers'
import { secondScorings } from '../../src/server/db/schema/sittings'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let otherTeacher: string
let thirdTeacher: string
let schoolAdmin: string
let viewer: string

const WEBM = `data:audio/webm;base64,${Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]).toString('base64')}`

/** Sara reads the English passage (10 words) in 60 s, with audio: w1 substitution, w3 insertion → E 2, 80 %, WCPM 8. */
async function recordSara(): Promise<number> {
  const res = await h.request('POST', api.sittings, {
    token: teacher,
    json: {
      student: f.sara, assessment: f.english, class: f.class1A, academic_year: f.yearId, created_in_device_at: '2026-10-01T08:00:00Z', duration: 60, audio: WEBM,
      marks: [{ word_index: 1, miscue: 'substitution', said: 'cat' }, { word_index: 3, miscue: 'insertion', said: 'big' }],
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload.id
}

const blind = (id: number) => api.sittingBlind(f.schoolA, f.class1A, id)
const second = (id: number) => api.secondScoring(f.schoolA, f.class1A, id)
const comparison = (id: number) => api.scoringComparison(f.schoolA, f.class1A, id)
/** The second scorer hears only word 2 misread: w1 substitution → E 1, 90 %, WCPM 9, instructional. */
const SECOND_MARKS = [{ word_index: 1, miscue: 'substitution', said: 'cot' }]

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  ;({ teacher, schoolAdmin, viewer, otherTeacher, thirdTeacher } = await secondScorers(h, f))
}, 120_000)
afterAll(async () => {
  await h?.close()
})

describe('a blind second scoring', () => {
  it('the blind view has the words and the audio address, never the first marks or figures', async () => {
    const id = await recordSara()
    for (const token of [otherTeacher, schoolAdmin]) {
      const res = await h.request('GET', blind(id), { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const view = res.body.payload
      expect(view).toMatchObject({ id, sitting_version: 1, direction: 'ltr', duration_seconds: 60, audio_url: api.sittingAudio(f.schoolA, f.class1A, id), mine: null })
      expect(view.words).toHaveLength(10)
      // What the scoring screen marks with beside the palette: the passage's lines and the cue categories.
      expect(view.lines).toEqual([{ start: 0, length: 10 }])
      expect(view.cue_categories.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['meaning', 'structure', 'visual']))
      const text = JSON.stringify(view)
      for (const secret of ['substitution', 'insertion', '"cat"', '"big"', 'accuracy', 'wcpm', 'error_count', 'band', 'marks', 'content_html']) expect(text).not.toContain(secret)
    }
  })

  it('the second scoring is saved beside the first, replaced when saved again, and a replay with the same key saves once', async () => {
    const id = await recordSara()
    const saved = await h.request('POST', second(id), { token: otherTeacher, json: { marks: SECOND_MARKS }, headers: { 'Idempotency-Key': `second-${id}` } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    expect(saved.body.payload).toMatchObject({
      sitting_id: id, sitting_version: 1, scored_by_name: expect.stringContaining('second.teacher@sample.test'),
      marks: [{ word_index: 1, miscue: 'substitution', said: 'cot', self_corrected: false }],
      figures: { error_count: 1, accuracy: 90, wcpm: 9, band: 'instructional' },
    })
    const replay = await h.request('POST', second(id), { token: otherTeacher, json: { marks: SECOND_MARKS }, headers: { 'Idempotency-Key': `second-${id}` } })
    expect(replay.body.payload.id).toBe(saved.body.payload.id)
    const again = await h.request('POST', second(id), { token: otherTeacher, json: { marks: [] } })
    expect(again.status).toBe(201)
    expect(again.body.payload).toMatchObject({ marks: [], figures: { error_count: 0, accuracy: 100 } })
    expect(await h.db.select().from(secondScorings).where(eq(secondScorings.sitting_id, id))).toHaveLength(1)
    // Once scored, the blind view gives back the scorer's own marks, still never the first.
    const view = (await h.request('GET', blind(id), { token: otherTeacher })).body.payload
    expect(view.mine).toEqual([])
    // The sitting itself is unchanged.
    expect((await h.request('GET', api.sitting(f.schoolA, f.class1A, id), { token: teacher })).body.payload).toMatchObject({ version: 1, error_count: 2, accuracy: 80 })
  })

  it('the comparison equals the hand-worked case', async () => {
    const id = await recordSara()
    expect((await h.request('POST', second(id), { token: otherTeacher, json: { marks: SECOND_MARKS } })).status).toBe(201)
    const res = await h.request('GET', comparison(id), { token: schoolAdmin })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const c = res.body.payload
    // The screen's heading and the direction the words are shown in.
    expect(c).toMatchObject({ student: f.sara, student_name: expect.any(String), assessment_name: expect.any(String), first_scored_by: expect.any(String), teacher: expect.any(Number), direction: 'ltr' })
    expect(c.first.figures).toMatchObject({ error_count: 2, accuracy: 80, wcpm: 8, band: 'frustration' })
    expect(c.seconds).toHaveLength(1)
    // Codes: first w1 substitution, w3 insertion, 8 correct; second w1 substitution, 9 correct.
    // Agreed 9 of 10 (only w3 differs): 90 %. pe = 0.1 x 0.1 (substitution) + 0.8 x 0.9 (correct) = 0.73;
    // kappa = (0.9 - 0.73) / (1 - 0.73) = 0.6296 → 0.63.
    expect(c.seconds[0].agreement).toMatchObject({ words: 10, agreed: 9, percent: 90, kappa: 0.63 })
    expect(c.seconds[0].agreement.expected).toBeCloseTo(0.73, 10)
    expect(c.seconds[0].agreement.disagreements).toMatchObject([
      { word_index: 3, first: 'insertion', second: 'correct', first_marks: [{ miscue: 'insertion', said: 'big' }], second_marks: [] },
    ])
    expect(c.seconds[0].difference).toEqual({ accuracy: 10, wcpm: 1, error_count: -1, first_band: 'frustration', second_band: 'instructional', same_band: false })
  })
})

describe('who may score and compare, and bad input', () => {
  it('the recording teacher may not score blind; a viewer may not; another institution finds nothing', async () => {
    const id = await recordSara()
    for (const [lang, text] of [
      ['en', 'The teacher who recorded this reading cannot score it a second time: ask another teacher or school staff'],
      ['ar', 'لا يمكن للمعلم الذي سجّل هذه القراءة أن يصححها مرة ثانية: اطلب ذلك من معلم آخر أو من إدارة المدرسة'],
    ] as const) {
      const own = await h.request('GET', blind(id), { token: teacher, lang })
      expect(own.status).toBe(403)
      expect(own.body.message.errors).toEqual([text])
      expect((await h.request('POST', second(id), { token: teacher, json: { marks: [] }, lang })).status).toBe(403)
    }
    for (const call of [() => h.request('GET', blind(id), { token: viewer }), () => h.request('POST', second(id), { token: viewer, json: { marks: [] } }), () => h.request('GET', comparison(id), { token: viewer })]) {
      expect((await call()).status).toBe(403)
    }
    const elsewhere = await insertInstitution(h, 'elsewhere')
    const outsider = await h.login(elsewhere.adminEmail, OTHER_PASSWORD, elsewhere.host)
    for (const [method, path] of [['GET', blind(id)], ['POST', second(id)], ['GET', comparison(id)]] as const) {
      const res = await h.request(method, path, { token: outsider, host: elsewhere.host, ...(method === 'POST' ? { json: { marks: [] } } : {}) })
      expect([403, 404], `${method} ${path}`).toContain(res.status)
      expect(JSON.stringify(res.body)).not.toContain('Sara')
    }
    // The wrong class in the path finds nothing.
    expect((await h.request('GET', api.sittingBlind(f.schoolA, f.class1B, id), { token: schoolAdmin })).status).toBe(404)
    expect(await h.db.select().from(secondScorings).where(eq(secondScorings.sitting_id, id))).toHaveLength(0)
  })

  it('a teacher sees the comparison only once they scored it (or recorded it); school staff always', async () => {
    const id = await recordSara()
    const before = await h.request('GET', comparison(id), { token: otherTeacher, lang: 'ar' })
    expect(before.status).toBe(403)
    expect(before.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
    expect((await h.request('POST', second(id), { token: otherTeacher, json: { marks: SECOND_MARKS } })).status).toBe(201)
    expect((await h.request('GET', comparison(id), { token: otherTeacher })).status).toBe(200)
    expect((await h.request('GET', comparison(id), { token: teacher })).status).toBe(200)
    expect((await h.request('GET', comparison(id), { token: thirdTeacher })).status).toBe(403)
    expect((await h.request('GET', comparison(id), { token: schoolAdmin })).body.payload.seconds).toHaveLength(1)
  })

  it('bad input is answered 400 with the field named, in both languages, and saves nothing', async () => {
    const id = await recordSara()
    const cases: [unknown, string][] = [
      [{}, 'marks'],
      [{ marks: 'w1' }, 'marks'],
      [{ marks: [{ word_index: 40, miscue: 'substitution' }] }, 'marks.0.word_index'],
      [{ marks: [{ word_index: 1, miscue: 'nonsense' }] }, 'marks.0.miscue'],
    ]
    for (const [json, field] of cases) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', second(id), { token: schoolAdmin, json, lang })
        expect(res.status, JSON.stringify(json)).toBe(400)
        expect(Object.keys(res.body.message.fields ?? {}), JSON.stringify(json)).toContain(field)
        if (lang === 'ar') expect(res.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
      }
    }
    expect(await h.db.select().from(secondScorings).where(eq(secondScorings.sitting_id, id))).toHaveLength(0)
  })
})
