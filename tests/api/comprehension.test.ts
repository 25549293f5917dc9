// The comprehension step and the kinds of assessment (ADR 0122): questions or a retell rubric authored with an
// assessment, scored by the teacher with the sitting, stored with it and read back with the level decision (F&P:
// accuracy with comprehension); letter and word grids and question sets scored by their own convention, never
// with a band. Bad input is a 400 in both languages; authoring stays with platform admins, sittings with the
// institution the assessment is assigned to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, PLATFORM_HOST, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { asFields, dependencies, multipart, passage, platformToken, type Deps } from '../factories/assessments'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { assessmentClients } from '../../src/server/db/schema/tables'
import { SITTING_MESSAGES } from '../../src/server/areas/sittings/sittings.messages'
import { CODES } from '../../src/shared/schemas/codes'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let d: Deps
let admin: string
let teacher: string
let fp: { id: number; version: number }

// 100 words: 3 errors give 97 %, independent at level C (A–K 95/90).
const HUNDRED = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')
const STEP = {
  kind: 'questions',
  items: [{ prompt: 'Where did the hen find the wheat?', expected: 'In the yard', points: 2 }, { prompt: 'Who helped her?', expected: 'Nobody', points: 2 }],
}

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  admin = await platformToken(h)
  d = await dependencies(h, admin)
  teacher = await h.login('teacher@sample.test')
  const profiles = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload.profiles
  const p = profiles.find((x: { code: string | null }) => x.code === 'fountas-pinnell')
  fp = { id: p.id, version: p.version }
}, 60_000)
afterAll(async () => {
  await h?.close()
})

const author = (json: unknown, lang?: 'en' | 'ar', token = admin) => h.request('POST', api.assessments, { token, host: PLATFORM_HOST, json, lang })

async function assigned(over: Record<string, unknown>): Promise<number> {
  const res = await author(passage(d, over))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  await h.db.insert(assessmentClients).values({ assessment_id: res.body.payload.id, institution_id: f.institutionId })
  return res.body.payload.id
}

let hour = 0
const sit = (assessment: number, extra: Record<string, unknown>, lang?: 'en' | 'ar') => {
  hour++
  return h.request('POST', api.sittings, {
    token: teacher, lang,
    json: { student: f.sara, assessment, class: f.class1A, academic_year: f.yearId, created_in_device_at: new Date(Date.UTC(2026, 9, 2) + hour * 3_600_000).toISOString(), duration: 60, ...extra },
  })
}
const errorsAt = (...indexes: number[]) => indexes.map((word_index) => ({ word_index, miscue: 'substitution' }))

describe('authoring the comprehension step', () => {
  it('questions with expected answers are saved with the passage and read back, as JSON and as multipart', async () => {
    const res = await author(passage(d, { content: HUNDRED, comprehension: STEP }))
    expect(res.status).toBe(201)
    expect(res.body.payload.comprehension).toEqual(STEP)
    const read = await h.request('GET', api.assessment(res.body.payload.id), { token: admin, host: PLATFORM_HOST })
    expect(read.body.payload.comprehension).toEqual(STEP)

    const retell = { kind: 'retell', items: [{ prompt: 'Tells the events in order', points: 3 }] }
    const form = await multipart(h, 'POST', api.assessments, { token: admin, fields: { ...asFields(passage(d)), comprehension: JSON.stringify(retell) } })
    expect(form.status, JSON.stringify(form.body)).toBe(201)
    expect(form.body.payload.comprehension).toEqual({ kind: 'retell', items: [{ prompt: 'Tells the events in order', expected: '', points: 3 }] })
  })

  it('an edit can take the step away', async () => {
    const created = (await author(passage(d, { comprehension: STEP }))).body.payload
    const res = await h.request('PUT', api.assessment(created.id), { token: admin, host: PLATFORM_HOST, json: passage(d, { comprehension: null, updated_at: created.updated_at }) })
    expect(res.status).toBe(200)
    expect(res.body.payload.comprehension).toBeNull()
  })

  it('refuses a step without items, of an unknown kind, or with an item worth more than 10 points, in both languages', async () => {
    const empty = await author(passage(d, { comprehension: { kind: 'questions', items: [] } }))
    expect(empty.status).toBe(400)
    expect(empty.body.message.codes).toEqual({ 'comprehension.items': CODES.requireOne })
    const kind = await author(passage(d, { comprehension: { ...STEP, kind: 'quiz' } }))
    expect(kind.body.message.codes).toEqual({ 'comprehension.kind': CODES.invalidChoice })
    const en = await author(passage(d, { comprehension: { kind: 'retell', items: [{ prompt: 'Order', points: 11 }] } }), 'en')
    const ar = await author(passage(d, { comprehension: { kind: 'retell', items: [{ prompt: 'Order', points: 11 }] } }), 'ar')
    expect([en.status, ar.status]).toEqual([400, 400])
    expect(en.body.message.codes).toEqual({ 'comprehension.items.0.points': CODES.tooLarge })
    expect(en.body.message.errors[0]).toMatch(/10/)
    expect(ar.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
  })

  it('only platform admins author it: an institution admin and a teacher are refused', async () => {
    const instAdmin = await h.login('institution.admin@sample.test')
    expect((await h.request('POST', api.assessments, { token: instAdmin, json: passage(d, { comprehension: STEP }) })).status).toBe(403)
    expect((await h.request('POST', api.assessments, { token: teacher, json: passage(d, { comprehension: STEP }) })).status).toBe(403)
  })
})

describe('scoring it with the sitting', () => {
  let withStep: number

  beforeAll(async () => {
    withStep = await assigned({ title: 'Hen with questions', content: HUNDRED, comprehension: STEP })
  })

  it('stores the points given with the sitting and decides the level as F&P: 97 % at C with 3 of 4 is independent', async () => {
    const res = await sit(withStep, { marks: errorsAt(1, 2, 3), comprehension: [2, 1], text_level: 'C', scoring_profile: fp })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload).toMatchObject({ kind: 'passage', accuracy: 97, band: 'independent', level_decision: 'independent' })
    expect(res.body.payload.comprehension).toEqual({
      kind: 'questions', score: 3, max: 4, category: 'satisfactory',
      items: [{ ...STEP.items[0], given: 2 }, { ...STEP.items[1], given: 1 }],
    })
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1A, res.body.payload.id), { token: teacher })
    expect(read.body.payload).toMatchObject({ level_decision: 'independent', comprehension: { score: 3, max: 4 } })
  })

  it('92 % at C with 3 of 4 is instructional; 97 % with 2 of 4 (3.5 of 7: unsatisfactory) is hard', async () => {
    const lower = await sit(withStep, { marks: errorsAt(1, 2, 3, 4, 5, 6, 7, 8), comprehension: [2, 1], text_level: 'C', scoring_profile: fp })
    expect(lower.body.payload).toMatchObject({ accuracy: 92, band: 'instructional', level_decision: 'instructional', comprehension: { category: 'satisfactory' } })
    const poor = await sit(withStep, { marks: errorsAt(1, 2, 3), comprehension: [1, 1], text_level: 'C', scoring_profile: fp })
    expect(poor.body.payload).toMatchObject({ level_decision: 'hard', comprehension: { category: 'unsatisfactory' } })
  })

  it('at level M (L–Z: 98/95) 97 % with 4 of 4 is instructional', async () => {
    const res = await sit(withStep, { marks: errorsAt(1, 2, 3), comprehension: [2, 2], text_level: 'M', scoring_profile: fp })
    expect(res.body.payload).toMatchObject({ band: 'instructional', level_decision: 'instructional', text_level: 'M' })
  })

  it('keeps the questions as they were asked when the assessment changes later', async () => {
    const id = await assigned({ title: 'Hen, changing', content: HUNDRED, comprehension: STEP })
    const res = await sit(id, { comprehension: [2, 2], scoring_profile: fp })
    const current = (await h.request('GET', api.assessment(id), { token: admin, host: PLATFORM_HOST })).body.payload
    await h.request('PUT', api.assessment(id), { token: admin, host: PLATFORM_HOST, json: passage(d, { title: 'Hen, changing', content: HUNDRED, comprehension: { kind: 'retell', items: [{ prompt: 'New', points: 5 }] }, updated_at: current.updated_at }) })
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1A, res.body.payload.id), { token: teacher })
    expect(read.body.payload.comprehension.items.map((i: { prompt: string }) => i.prompt)).toEqual(STEP.items.map((i) => i.prompt))
  })

  it('without comprehension rules in the profile (Clay) the answers are stored and no level is decided', async () => {
    const res = await sit(withStep, { comprehension: [2, 2] })
    expect(res.body.payload).toMatchObject({ comprehension: { score: 4, max: 4, category: null }, level_decision: null })
  })

  it('a sitting may leave the step unscored', async () => {
    const res = await sit(withStep, {})
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ comprehension: null, level_decision: null, band: 'independent' })
  })

  it('accepts the points as JSON text in a multipart sitting', async () => {
    const res = await multipart(h, 'POST', api.sittings, {
      token: teacher, host: SAMPLE_HOST,
      fields: { student: String(f.sara), assessment: String(withStep), class: String(f.class1A), academic_year: String(f.yearId), created_in_device_at: '2026-10-05T08:00:00.000Z', duration: '60', comprehension: '[1,2]' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload.comprehension.score).toBe(3)
  })

  it('refuses points for a missing step, the wrong number of items, or more than an item is worth, in both languages', async () => {
    const none = await sit(f.english, { comprehension: [1] })
    expect(none.status).toBe(400)
    expect(none.body.message.errors).toEqual([SITTING_MESSAGES.noComprehensionStep.en])
    const count = await sit(withStep, { comprehension: [1] }, 'ar')
    expect(count.status).toBe(400)
    expect(count.body.message.errors).toEqual([SITTING_MESSAGES.comprehensionCount(2).ar])
    const over = await sit(withStep, { comprehension: [3, 0] })
    expect(over.status).toBe(400)
    expect(over.body.message.codes).toEqual({ 'comprehension.0': CODES.tooLarge })
    expect(over.body.message.errors).toEqual([SITTING_MESSAGES.comprehensionOverPoints(1, 2).en])
    const negative = await sit(withStep, { comprehension: [-1, 0] }, 'ar')
    expect(negative.status).toBe(400)
    expect(negative.body.message.codes).toEqual({ 'comprehension.0': CODES.tooSmall })
  })

  it("scores nothing on an assessment the teacher's institution does not have", async () => {
    const other = (await author(passage(d, { title: 'Not assigned', comprehension: STEP }))).body.payload.id
    const res = await sit(other, { comprehension: [1, 1] })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([SITTING_MESSAGES.assessmentUnknown.en])
  })
})

describe('assessments that are not passages', () => {
  const LETTERS = Array.from({ length: 100 }, (_, i) => 'abcdefghij'[i % 10]).join(' ')
  const WORDS = Array.from({ length: 50 }, (_, i) => ['cat', 'dog', 'sun', 'run', 'big'][i % 5]).join(' ')

  it('a letter grid gives correct letter sounds per minute and no band, no WCPM (EGRA)', async () => {
    const id = await assigned({ title: 'Letter sounds', skill_type: d.skill['en-phonics'], assessment_type: d.type['en-letter-sounds'], content: LETTERS })
    const res = await sit(id, { total_attempted: 48, marks: [...errorsAt(1, 5, 9, 20, 30), { word_index: 13, miscue: 'told' }, { word_index: 33, miscue: 'substitution', self_corrected: true }] })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload).toMatchObject({ kind: 'letter_grid', clpm: 42, wcpm: null, band: null, score: 88, level_decision: null })
    const rows = (await h.request('GET', api.studentSittings(f.sara), { token: teacher })).body.payload.results
    expect(rows.find((r: { id: number }) => r.id === res.body.payload.id)).toMatchObject({ kind: 'letter_grid', clpm: 42, wcpm: null, band: null })
  })

  it('a word grid gives correct words per minute and no band', async () => {
    const id = await assigned({ title: 'Familiar words', skill_type: d.skill['en-phonics'], assessment_type: d.type['en-word-reading'], content: WORDS })
    const res = await sit(id, { duration: 40, marks: [...errorsAt(1), { word_index: 2, miscue: 'omission' }, { word_index: 3, miscue: 'insertion', words: 3 }] })
    expect(res.body.payload).toMatchObject({ kind: 'word_grid', wcpm: 72, clpm: null, band: null, total_correct: 48 })
  })

  it('a question set is scored by its points, with nothing per minute and no band; it needs its answers', async () => {
    const parent = await assigned({ title: 'Hen for questions', content: HUNDRED })
    const id = await assigned({
      title: 'Questions on the hen', skill_type: d.skill['en-comprehension'], assessment_type: d.type['en-comprehension-questions'], assessment_parent: parent,
      content: 'Where did the hen find the wheat? Who helped her?', comprehension: STEP,
    })
    const res = await sit(id, { comprehension: [2, 1], scoring_profile: fp, text_level: 'C' })
    expect(res.body.payload).toMatchObject({ kind: 'question_set', score: 75, wcpm: null, clpm: null, band: null, level_decision: null, comprehension: { score: 3, max: 4 } })
    const missing = await sit(id, {}, 'ar')
    expect(missing.status).toBe(400)
    expect(missing.body.message.codes).toEqual({ comprehension: CODES.required })
    expect(missing.body.message.errors).toEqual([SITTING_MESSAGES.comprehensionRequired.ar])
  })
})
