// Asking for a second scoring, settling it and the agreement summaries (issue 27, ADR 0128): a request shows in
// the asked person's "waiting for me" list only; settling makes a corrected version with its trail that reports
// follow; the summary per teacher equals figures counted by hand; every call checks tenant and role.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, insertUser, OTHER_PASSWORD } from '../factories/tenants'
import { secondScorers } from '../factories/second-scorers'
import { secondScoringRequests, sittingVersions } from '../../src/server/db/schema/sittings'
import { api, EDIT_CONFLICT } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let otherTeacher: string
let thirdTeacher: string
let schoolAdmin: string
let instAdmin: string
let viewer: string
let ids: Record<'teacher' | 'other' | 'third' | 'schoolAdmin' | 'instAdmin' | 'viewer' | 'teacherOfB', number>

type Mark = { word_index: number; miscue: string; said?: string; self_corrected?: boolean }
/** Sara's first marks on the English passage (10 words, 60 s): w1 substitution, w3 insertion → E 2, 80 %, WCPM 8. */
const FIRST: Mark[] = [{ word_index: 1, miscue: 'substitution', said: 'cat' }, { word_index: 3, miscue: 'insertion', said: 'big' }]

async function record(o: { token?: string; at?: string; marks?: Mark[]; student?: number; school?: number; cls?: number } = {}): Promise<number> {
  const res = await h.request('POST', api.sittings, {
    token: o.token ?? teacher,
    json: {
      student: o.student ?? f.sara, assessment: f.english, class: o.cls ?? f.class1A, academic_year: f.yearId,
      created_in_device_at: o.at ?? '2026-10-01T08:00:00Z', duration: 60, marks: o.marks ?? FIRST,
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload.id
}

const path = (name: 'secondScorers' | 'secondScoringRequest' | 'secondScoring' | 'settleScorings' | 'scoringComparison' | 'sitting' | 'sittingCorrection', id: number, school = f.schoolA, cls = f.class1A) => api[name](school, cls, id)

async function scoreSecond(token: string, id: number, marks: Mark[], school = f.schoolA, cls = f.class1A): Promise<number> {
  const res = await h.request('POST', path('secondScoring', id, school, cls), { token, json: { marks } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload.id
}

const waitingFor = async (token: string) => (await h.request('GET', api.waitingScorings, { token })).body.payload.results as { sitting_id: number }[]

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  const people = await secondScorers(h, f)
  ;({ teacher, schoolAdmin, instAdmin, viewer, otherTeacher, thirdTeacher } = people)
  ids = { ...people.ids, teacherOfB: await insertUser(h, { institutionId: f.institutionId, email: 'teacher.of.b@sample.test', role: 'teacher', schoolIds: [f.schoolB] }) }
}, 120_000)
afterAll(async () => {
  await h?.close()
})

describe('asking for a second scoring', () => {
  it('the recording teacher asks a colleague: it shows in that person\'s waiting list only, without the first marks, until they save', async () => {
    const id = await record()
    const choices = await h.request('GET', path('secondScorers', id), { token: teacher })
    expect(choices.status, JSON.stringify(choices.body)).toBe(200)
    const offered = (choices.body.payload.results as { id: number }[]).map((c) => c.id)
    expect(offered).toEqual(expect.arrayContaining([ids.other, ids.third, ids.schoolAdmin, ids.instAdmin]))
    for (const never of [ids.teacher, ids.viewer, ids.teacherOfB]) expect(offered).not.toContain(never)

    const asked = await h.request('POST', path('secondScoringRequest', id), { token: teacher, json: { scorer: ids.other }, headers: { 'Idempotency-Key': `ask-${id}` } })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body.payload).toMatchObject({ sitting_id: id, scorer: ids.other, scorer_name: expect.stringContaining('second.teacher@sample.test'), asked_by: ids.teacher, done_at: null })
    const again = await h.request('POST', path('secondScoringRequest', id), { token: schoolAdmin, json: { scorer: ids.other } })
    expect(again.body.payload.id).toBe(asked.body.payload.id)
    expect(await h.db.select().from(secondScoringRequests).where(eq(secondScoringRequests.sitting_id, id))).toHaveLength(1)

    const waiting = await h.request('GET', api.waitingScorings, { token: otherTeacher })
    expect(waiting.status).toBe(200)
    const mine = (waiting.body.payload.results as Record<string, unknown>[]).filter((w) => w.sitting_id === id)
    expect(mine).toEqual([{
      request_id: asked.body.payload.id, sitting_id: id, school_id: f.schoolA, class_id: f.class1A, class_name: expect.any(String),
      student_name: expect.stringMatching(/^Sara /), assessment_name: 'The red hen', asked_by_name: expect.stringContaining('teacher@sample.test'), asked_at: expect.any(String),
    }])
    const text = JSON.stringify(waiting.body)
    for (const secret of ['substitution', 'insertion', '"cat"', 'accuracy', 'wcpm', 'marks']) expect(text).not.toContain(secret)
    for (const token of [teacher, thirdTeacher, schoolAdmin, instAdmin]) expect((await waitingFor(token)).map((w) => w.sitting_id)).not.toContain(id)

    await scoreSecond(otherTeacher, id, [{ word_index: 1, miscue: 'substitution' }])
    expect((await waitingFor(otherTeacher)).map((w) => w.sitting_id)).not.toContain(id)
    const after = (await h.request('GET', path('secondScorers', id), { token: teacher })).body.payload.results.find((c: { id: number }) => c.id === ids.other)
    expect(after.request).toMatchObject({ id: asked.body.payload.id, done_at: expect.any(String) })
  })

  it('a sitting voided after the request leaves the waiting list, and a void sitting cannot be asked for', async () => {
    const id = await record()
    expect((await h.request('POST', path('secondScoringRequest', id), { token: schoolAdmin, json: { scorer: ids.third } })).status).toBe(201)
    expect((await waitingFor(thirdTeacher)).map((w) => w.sitting_id)).toContain(id)
    expect((await h.request('POST', api.sittingVoid(f.schoolA, f.class1A, id), { token: teacher, json: { version: 1, reason: 'Read the wrong passage' } })).status).toBe(201)
    expect((await waitingFor(thirdTeacher)).map((w) => w.sitting_id)).not.toContain(id)
    expect((await h.request('POST', path('secondScoringRequest', id), { token: schoolAdmin, json: { scorer: ids.other } })).status).toBe(409)
  })

  it('only school staff or the recorder may ask, and only someone who may score it; in both languages', async () => {
    const id = await record()
    for (const [lang, text] of [
      ['en', 'Only school staff or the teacher who recorded this reading can ask for a second scoring of it'],
      ['ar', 'لا يطلب تصحيحًا ثانيًا لهذه القراءة إلا إدارة المدرسة أو المعلم الذي سجّلها'],
    ] as const) {
      const res = await h.request('POST', path('secondScoringRequest', id), { token: thirdTeacher, json: { scorer: ids.other }, lang })
      expect(res.status).toBe(403)
      expect(res.body.message.errors).toEqual([text])
      expect((await h.request('GET', path('secondScorers', id), { token: thirdTeacher, lang })).status).toBe(403)
    }
    expect((await h.request('POST', path('secondScoringRequest', id), { token: viewer, json: { scorer: ids.other } })).status).toBe(403)
    expect((await h.request('GET', api.waitingScorings, { token: viewer })).status).toBe(403)
    // The recorder, a viewer, a teacher of another school, someone unknown: 400 naming `scorer`, in both languages.
    for (const scorer of [ids.teacher, ids.viewer, ids.teacherOfB, 999_999]) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', path('secondScoringRequest', id), { token: schoolAdmin, json: { scorer }, lang })
        expect(res.status, `scorer ${scorer}`).toBe(400)
        expect(res.body.message.fields.scorer).toEqual([lang === 'en'
          ? 'Ask school staff, or a teacher of this school other than the one who recorded the reading'
          : 'اطلب ذلك من إدارة المدرسة أو من معلم في هذه المدرسة غير الذي سجّل القراءة'])
      }
    }
    for (const json of [{}, { scorer: 'x' }, { scorer: 1.5 }, { scorer: -1 }]) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', path('secondScoringRequest', id), { token: schoolAdmin, json, lang })
        expect(res.status, JSON.stringify(json)).toBe(400)
        expect(Object.keys(res.body.message.fields)).toContain('scorer')
        if (lang === 'ar') expect(res.body.message.fields.scorer[0]).toMatch(/[\u0600-\u06FF]/)
      }
    }
    const elsewhere = await insertInstitution(h, 'asking-elsewhere')
    const outsider = await h.login(elsewhere.adminEmail, OTHER_PASSWORD, elsewhere.host)
    for (const [method, url] of [['GET', path('secondScorers', id)], ['POST', path('secondScoringRequest', id)]] as const) {
      const res = await h.request(method, url, { token: outsider, host: elsewhere.host, ...(method === 'POST' ? { json: { scorer: ids.other } } : {}) })
      expect([403, 404]).toContain(res.status)
      expect(JSON.stringify(res.body)).not.toContain('Sara')
    }
    expect((await h.request('GET', api.waitingScorings, { token: outsider, host: elsewhere.host })).body.payload.results).toEqual([])
    // The wrong class in the path finds nothing.
    expect((await h.request('POST', path('secondScoringRequest', id, f.schoolA, f.class1B), { token: schoolAdmin, json: { scorer: ids.other } })).status).toBe(404)
    expect(await h.db.select().from(secondScoringRequests).where(eq(secondScoringRequests.sitting_id, id))).toHaveLength(0)
  })
})

describe('settling a second scoring', () => {
  /** The second scorer: w1 substitution (agrees), w3 nothing (first: insertion), w5 omission (first: nothing). */
  const SECOND: Mark[] = [{ word_index: 1, miscue: 'substitution', said: 'cot' }, { word_index: 5, miscue: 'omission' }]
  const accuracyRow = async (id: number) => ((await h.request('GET', api.accuracyReport(f.schoolA, f.class1A, f.yearId), { token: teacher })).body.payload.results as { id: number }[]).find((r) => r.id === id)

  it('makes a corrected version with its trail from the picks, reports follow it, and a replay answers the same', async () => {
    const id = await record()
    const secondId = await scoreSecond(otherTeacher, id, SECOND)
    const compared = (await h.request('GET', path('scoringComparison', id), { token: schoolAdmin })).body.payload
    expect(compared.seconds[0].agreement.disagreements.map((d: { word_index: number }) => d.word_index)).toEqual([3, 5])
    expect(await accuracyRow(id)).toMatchObject({ score: 80, wcpm: 8, band: 'frustration' })

    // w3 the second's (no insertion), w5 left out (keeps the first: correct). Final: w1 substitution → E 1, 90 %, WCPM 9.
    const body = { second_scoring: secondId, version: compared.sitting_version, picks: [{ word_index: 3, take: 'second' }] }
    const res = await h.request('POST', path('settleScorings', id), { token: schoolAdmin, json: body, headers: { 'Idempotency-Key': `settle-${id}` } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { sitting, second_scoring } = res.body.payload
    expect(sitting).toMatchObject({ version: 2, error_count: 1, accuracy: 90, wcpm: 9, band: 'instructional' })
    expect(second_scoring).toMatchObject({ id: secondId, settled_version: 2, settled_at: expect.any(String) })
    expect(sitting.trail).toHaveLength(1)
    expect(sitting.trail[0]).toMatchObject({
      version: 2, kind: 'corrected', made_by: ids.schoolAdmin, made_by_name: expect.stringContaining('school.admin@sample.test'),
      reason: expect.stringContaining('word 4'),
      before: { marks: [{ word_index: 1, miscue: 'substitution', said: 'cat' }, { word_index: 3, miscue: 'insertion' }], figures: { error_count: 2 } },
      after: { marks: [{ word_index: 1, miscue: 'substitution', said: 'cat' }], figures: { error_count: 1, accuracy: 90 } },
    })
    expect(await h.db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, id))).toHaveLength(1)
    // The class report's row and the sitting report follow the settled version.
    expect(await accuracyRow(id)).toMatchObject({ score: 90, wcpm: 9, band: 'instructional' })
    expect((await h.request('GET', path('sitting', id), { token: teacher })).body.payload).toMatchObject({ version: 2, error_count: 1 })

    const replay = await h.request('POST', path('settleScorings', id), { token: schoolAdmin, json: body, headers: { 'Idempotency-Key': `settle-${id}` } })
    expect(replay.status).toBe(201)
    expect(replay.body).toEqual(res.body)
    expect(await h.db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, id))).toHaveLength(1)
    // The second scorer saving again makes a new scoring of the new version, not settled yet.
    const resaved = await h.request('POST', path('secondScoring', id), { token: otherTeacher, json: { marks: SECOND } })
    expect(resaved.body.payload).toMatchObject({ id: secondId, sitting_version: 2, settled_version: null, settled_at: null })
  })

  it('settling twice, or after the sitting changed since the comparison, is a clear 409 in both languages that changes nothing', async () => {
    const id = await record()
    const secondId = await scoreSecond(otherTeacher, id, SECOND)
    expect((await h.request('POST', path('settleScorings', id), { token: teacher, json: { second_scoring: secondId, version: 1 } })).status).toBe(201)
    for (const [lang, text] of [
      ['en', 'This second scoring was already settled (it made version 2 of the reading). Open the comparison again to see the reading as it is now.'],
      ['ar', 'سبقت تسوية هذا التصحيح الثاني (نتج عنها الإصدار 2 من القراءة). افتح المقارنة مرة أخرى لترى القراءة كما هي الآن.'],
    ] as const) {
      const twice = await h.request('POST', path('settleScorings', id), { token: schoolAdmin, json: { second_scoring: secondId, version: 2 }, lang })
      expect(twice.status).toBe(409)
      expect(twice.body.message).toMatchObject({ errors: [text], codes: { _: 'settled' } })
    }

    const changed = await record()
    const changedSecond = await scoreSecond(otherTeacher, changed, SECOND)
    const corrected = await h.request('POST', path('sittingCorrection', changed), { token: teacher, json: { version: 1, reason: 'Listened again', marks: [] } })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201)
    for (const [lang, text] of [
      ['en', 'This reading was changed after the comparison you settled from (you compared version 1, it is now version 2). Open the comparison again and settle from it.'],
      ['ar', 'تغيّرت هذه القراءة بعد المقارنة التي سوّيت منها (قارنت الإصدار 1 وهي الآن الإصدار 2). افتح المقارنة مرة أخرى وسوِّ منها.'],
    ] as const) {
      const stale = await h.request('POST', path('settleScorings', changed), { token: schoolAdmin, json: { second_scoring: changedSecond, version: 1, picks: [{ word_index: 5, take: 'second' }] }, lang })
      expect(stale.status).toBe(409)
      expect(stale.body.message).toMatchObject({ errors: [text], codes: { _: EDIT_CONFLICT } })
    }
    expect(await h.db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, changed))).toHaveLength(1)
    expect((await h.request('GET', path('sitting', changed), { token: teacher })).body.payload).toMatchObject({ version: 2, error_count: 0 })
  })

  it('only school staff or the recorder settle; a pick must name a disagreement once; bad input is 400 in both languages', async () => {
    const id = await record()
    const secondId = await scoreSecond(otherTeacher, id, SECOND)
    const settle = (token: string, json: unknown, lang: 'en' | 'ar' = 'en') => h.request('POST', path('settleScorings', id), { token, json, lang })
    // The second scorer (a teacher who did not record it) and another teacher may not; nor a viewer.
    const refused = await settle(otherTeacher, { second_scoring: secondId, version: 1 }, 'ar')
    expect(refused.status).toBe(403)
    expect(refused.body.message.errors).toEqual(['لا يغيّر هذه القراءة إلا المعلم الذي سجّلها أو إدارة المدرسة'])
    expect((await settle(thirdTeacher, { second_scoring: secondId, version: 1 })).status).toBe(403)
    expect((await settle(viewer, { second_scoring: secondId, version: 1 })).status).toBe(403)

    const cases: [unknown, string, string][] = [
      [{ second_scoring: secondId, version: 1, picks: [{ word_index: 1, take: 'second' }] }, 'picks.0.word_index', 'The two scorings agree on word 2: only a disagreement can be settled'],
      [{ second_scoring: secondId, version: 1, picks: [{ word_index: 3, take: 'second' }, { word_index: 3, take: 'first' }] }, 'picks.1.word_index', 'Word 4 is settled twice'],
      [{ second_scoring: 999_999, version: 1 }, 'second_scoring', 'This second scoring does not exist for this reading'],
      [{ second_scoring: secondId, version: 1, picks: [{ word_index: 3, take: 'third' }] }, 'picks.0.take', ''],
      [{ second_scoring: secondId }, 'version', ''],
      [{ version: 1 }, 'second_scoring', ''],
      [{ second_scoring: secondId, version: 1, reason: 'x' }, 'reason', ''],
      [{ second_scoring: secondId, version: 1, picks: 'all' }, 'picks', ''],
    ]
    for (const [json, field, en] of cases) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await settle(schoolAdmin, json, lang)
        expect(res.status, JSON.stringify(json)).toBe(400)
        expect(Object.keys(res.body.message.fields ?? {}), JSON.stringify(json)).toContain(field)
        if (lang === 'en' && en) expect(res.body.message.fields[field]).toEqual([en])
        if (lang === 'ar') expect(res.body.message.fields[field][0]).toMatch(/[\u0600-\u06FF]/)
      }
    }
    // A second scoring of another sitting is not this one's.
    const other = await record()
    const otherSecond = await scoreSecond(otherTeacher, other, SECOND)
    expect((await settle(schoolAdmin, { second_scoring: otherSecond, version: 1 })).status).toBe(400)
    const elsewhere = await insertInstitution(h, 'settle-elsewhere')
    const outsider = await h.login(elsewhere.adminEmail, OTHER_PASSWORD, elsewhere.host)
    const foreign = await h.request('POST', path('settleScorings', id), { token: outsider, host: elsewhere.host, json: { second_scoring: secondId, version: 1 } })
    expect([403, 404]).toContain(foreign.status)
    expect(await h.db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, id))).toHaveLength(0)
    // The recorder may settle it.
    expect((await settle(teacher, { second_scoring: secondId, version: 1, picks: [{ word_index: 5, take: 'second' }] })).status).toBe(201)
  })
})

describe('agreement summaries per teacher and per school', () => {
  const FROM = '2026-12-01'
  const TO = '2026-12-31'
  type Row = { id: number | null; sittings: number; scorings: number; mean_percent: number | null; kappa: number | null; words: number; disagreed_types: { type: string; count: number }[] }
  const summary = async (token: string, by: 'teacher' | 'school', host?: string) => {
    const res = await h.request('GET', api.agreementSummary(by, FROM, TO), { token, ...(host ? { host } : {}) })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.payload.rows as Row[]
  }

  beforeAll(async () => {
    // The teacher's sittings in December, each word coded by both scorers (10 words each):
    //   S1 first: w1 substitution, w3 insertion.
    //     P1 second (other teacher): w1 substitution         → w3 differs (insertion)            9/10 = 90 %
    //     P2 second (school admin): w1 sub, w3 ins, w6 omission → w6 differs (omission)          9/10 = 90 %
    //   S2 first: w1 substitution, w3 insertion.
    //     P3 second (other teacher): w3 insertion, w7 omission → w1 (substitution), w7 (omission) 8/10 = 80 %
    // S1 is then settled from P1: the summary still compares P1 and P2 with the marks they were made against.
    const s1 = await record({ at: '2026-12-01T08:00:00Z' })
    const p1 = await scoreSecond(otherTeacher, s1, [{ word_index: 1, miscue: 'substitution' }])
    await scoreSecond(schoolAdmin, s1, [...FIRST, { word_index: 6, miscue: 'omission' }])
    const s2 = await record({ at: '2026-12-02T08:00:00Z' })
    await scoreSecond(otherTeacher, s2, [{ word_index: 3, miscue: 'insertion' }, { word_index: 7, miscue: 'omission' }])
    expect((await h.request('POST', path('settleScorings', s1), { token: schoolAdmin, json: { second_scoring: p1, version: 1, picks: [{ word_index: 3, take: 'second' }] } })).status).toBe(201)
    // The school admin records S3 in December, no marks; the other teacher agrees on all 10 words (100 %).
    const s3 = await record({ token: schoolAdmin, at: '2026-12-03T08:00:00Z', marks: [] })
    await scoreSecond(otherTeacher, s3, [])
    // Left out: a void sitting and one read in November, both double-scored with disagreements.
    const voided = await record({ at: '2026-12-04T08:00:00Z' })
    await scoreSecond(otherTeacher, voided, [])
    expect((await h.request('POST', api.sittingVoid(f.schoolA, f.class1A, voided), { token: teacher, json: { version: 1, reason: 'Read the wrong passage' } })).status).toBe(201)
    const november = await record({ at: '2026-11-30T08:00:00Z' })
    await scoreSecond(otherTeacher, november, [])
    // In the second school (the school admin does not reach it): the institution admin records and scores Zaid's.
    const zaid = await record({ token: instAdmin, at: '2026-12-05T08:00:00Z', student: f.zaid, cls: f.class2A, marks: [] })
    await scoreSecond(instAdmin, zaid, [{ word_index: 2, miscue: 'repetition' }], f.schoolB, f.class2A)
  }, 120_000)

  it('the teacher\'s row equals the figures counted by hand', async () => {
    // P1–P3: mean percent (90 + 90 + 80) / 3 = 86.67. Pooled 30 words:
    //   first: correct 24, substitution 3, insertion 3; second: correct 24, substitution 2, insertion 2, omission 2.
    //   agreed 9 + 9 + 8 = 26, po = 26/30; pe = (24·24 + 3·2 + 3·2 + 0·2) / 900 = 588/900;
    //   kappa = (780 - 588) / (900 - 588) = 192/312 = 0.615.
    //   Disagreed on: omission 2 (P2 w6, P3 w7), insertion 1 (P1 w3), substitution 1 (P3 w1).
    const rows = await summary(schoolAdmin, 'teacher')
    expect(rows.find((r) => r.id === ids.teacher)).toMatchObject({
      sittings: 2, scorings: 3, mean_percent: 86.67, kappa: 0.615, words: 30,
      disagreed_types: [
        { type: 'omission', count: 2, name: 'Omission', arabic_name: expect.stringMatching(/[\u0600-\u06FF]/) },
        { type: 'insertion', count: 1 }, { type: 'substitution', count: 1 },
      ],
    })
    // The school admin's own sitting: all 10 words agree, 100 %; kappa undefined (every word correct for both).
    expect(rows.find((r) => r.id === ids.schoolAdmin)).toMatchObject({ sittings: 1, scorings: 1, mean_percent: 100, kappa: null, words: 10, disagreed_types: [] })
    expect(rows.map((r) => r.id)).not.toContain(ids.instAdmin)
  })

  it('per school: school staff see their school, institution staff every school; a teacher only their own row', async () => {
    // School A: P1–P4 (P4 = S3, 10 of 10). Mean (90 + 90 + 80 + 100) / 4 = 90. Pooled 40 words:
    //   first: correct 34, substitution 3, insertion 3; second: correct 34, substitution 2, insertion 2, omission 2.
    //   po = 36/40 = 0.9; pe = (34·34 + 3·2 + 3·2) / 1600 = 0.73; kappa = 0.17 / 0.27 = 0.630.
    const mine = await summary(schoolAdmin, 'school')
    expect(mine).toEqual([expect.objectContaining({ id: f.schoolA, sittings: 3, scorings: 4, mean_percent: 90, kappa: 0.63, words: 40 })])
    const all = await summary(instAdmin, 'school')
    expect(all.map((r) => r.id).sort()).toEqual([f.schoolA, f.schoolB].sort())
    expect(all.find((r) => r.id === f.schoolB)).toMatchObject({ sittings: 1, scorings: 1, mean_percent: 90, disagreed_types: [{ type: 'repetition', count: 1 }] })
    expect((await summary(instAdmin, 'teacher')).map((r) => r.id)).toContain(ids.instAdmin)

    expect((await summary(teacher, 'teacher')).map((r) => r.id)).toEqual([ids.teacher])
    expect(await summary(otherTeacher, 'teacher')).toEqual([])
    for (const [lang, text] of [
      ['en', 'The agreement summary per school is for school staff: a teacher sees their own row of the summary per teacher'],
      ['ar', 'ملخص الاتفاق لكل مدرسة خاص بإدارة المدرسة: يرى المعلم صفه فقط في الملخص لكل معلم'],
    ] as const) {
      const res = await h.request('GET', api.agreementSummary('school', FROM, TO), { token: teacher, lang })
      expect(res.status).toBe(403)
      expect(res.body.message.errors).toEqual([text])
    }
    expect((await h.request('GET', api.agreementSummary('teacher', FROM, TO), { token: viewer })).status).toBe(403)
    expect((await h.request('GET', api.agreementSummary('teacher', FROM, TO))).status).toBe(401)
    const elsewhere = await insertInstitution(h, 'summary-elsewhere')
    const outsider = await h.login(elsewhere.adminEmail, OTHER_PASSWORD, elsewhere.host)
    expect(await summary(outsider, 'teacher', elsewhere.host)).toEqual([])
    expect(await summary(outsider, 'school', elsewhere.host)).toEqual([])
  })

  it('bad dates are 400 naming the field, in both languages', async () => {
    for (const [from, to, field] of [['someday', TO, 'from_date'], [FROM, '2026-13-40', 'to_date'], [TO, FROM, 'to_date']] as const) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('GET', api.agreementSummary('teacher', from, to), { token: schoolAdmin, lang })
        expect(res.status, `${from} ${to}`).toBe(400)
        expect(Object.keys(res.body.message.fields)).toContain(field)
        if (lang === 'ar') expect(res.body.message.fields[field][0]).toMatch(/[\u0600-\u06FF]/)
      }
    }
  })
})
