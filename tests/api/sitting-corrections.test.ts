// A sitting can be corrected (ADR 0123): after it was recorded, its marks corrected, rescored with another profile,
// voided or restored, each a new version made on the version read, with the old one kept in the trail (who, when, why,
// marks and figures before and after). Reports follow the current version; a voided sitting leaves them.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, insertUser, OTHER_PASSWORD } from '../factories/tenants'
import { scoringProfiles, sittingMarks, sittings, sittingVersions } from '../../src/server/db/schema/sittings'
import { api, EDIT_CONFLICT } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let otherTeacher: string
let schoolAdmin: string
let viewer: string
const FROM = '2026-09-01 0:0:0'
const TO = '2027-06-30 0:0:0'

/** Sara reads the English passage (10 words) in 60 s: w1 substitution, w3 insertion → N 10, E 2, 80 %, WCPM 8. */
async function recordSara(at = '2026-10-01T08:00:00Z'): Promise<number> {
  const res = await h.request('POST', api.sittings, {
    token: teacher,
    json: {
      student: f.sara, assessment: f.english, class: f.class1A, academic_year: f.yearId, created_in_device_at: at, duration: 60,
      marks: [{ word_index: 1, miscue: 'substitution' }, { word_index: 3, miscue: 'insertion' }],
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payload.id
}

const path = (kind: 'sittingCorrection' | 'sittingRescore' | 'sittingVoid' | 'sittingRestore', id: number) => api[kind](f.schoolA, f.class1A, id)
const read = async (id: number, token = teacher) => (await h.request('GET', api.sitting(f.schoolA, f.class1A, id), { token })).body.payload

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  teacher = await h.login('teacher@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  viewer = await h.login('viewer@sample.test')
  await insertUser(h, { institutionId: f.institutionId, email: 'second.teacher@sample.test', role: 'teacher', schoolIds: [f.schoolA] })
  otherTeacher = await h.login('second.teacher@sample.test', OTHER_PASSWORD)
}, 120_000)
afterAll(async () => {
  await h?.close()
})

describe('correcting a sitting', () => {
  it('a correction makes version 2 with new figures; version 1 is kept in the trail with who, when and why', async () => {
    const id = await recordSara()
    const first = await read(id)
    expect(first).toMatchObject({ version: 1, voided: null, trail: [], error_count: 2, accuracy: 80, wcpm: 8 })

    const res = await h.request('POST', path('sittingCorrection', id), {
      token: teacher,
      json: { version: 1, reason: 'Word 4 was read right on the recording', marks: [{ word_index: 1, miscue: 'substitution' }] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload).toMatchObject({ version: 2, error_count: 1, accuracy: 90, wcpm: 9, band: 'instructional' })
    expect(res.body.payload.marks).toMatchObject([{ word_index: 1, miscue: 'substitution', self_corrected: false, words: 1 }])

    const now = await read(id, viewer)
    expect(now.trail).toHaveLength(1)
    expect(now.trail[0]).toMatchObject({
      version: 2, kind: 'corrected', reason: 'Word 4 was read right on the recording', made_by_name: expect.stringContaining('teacher@sample.test'),
      made_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      before: { figures: { error_count: 2, accuracy: 80, wcpm: 8, band: 'frustration' }, voided: false },
      after: { figures: { error_count: 1, accuracy: 90, wcpm: 9, band: 'instructional' }, voided: false },
    })
    expect(now.trail[0].before.marks.map((m: { miscue: string }) => m.miscue)).toEqual(['substitution', 'insertion'])
    expect(now.trail[0].after.marks.map((m: { miscue: string }) => m.miscue)).toEqual(['substitution'])
    // The stored row and marks are the current version; reports read them.
    const [row] = await h.db.select().from(sittings).where(eq(sittings.id, id))
    expect(row).toMatchObject({ version: 2, error_count: 1, score: 90 })
    expect(await h.db.select().from(sittingMarks).where(eq(sittingMarks.sitting_id, id))).toHaveLength(1)
  })

  it('a correction sets what capture sets: a self-correction, what was said, cues, a name and the words of an insertion; the report shows them', async () => {
    const id = await recordSara()
    const marks = [
      { word_index: 1, miscue: 'substitution', self_corrected: true, said: 'lit', cues: ['meaning', 'visual'], proper_noun: true },
      { word_index: 3, miscue: 'insertion', words: 3, said: 'big' },
      { word_index: 5, miscue: 'substitution', said: 'fund', cues: ['visual'] },
    ]
    const res = await h.request('POST', path('sittingCorrection', id), { token: teacher, json: { version: 1, reason: 'Coded the cues from the recording', marks } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // Clay: the corrected w1 is no error; three inserted words are three errors; w6 one more → E 4 of 10, 60 %, SC 1.
    expect(res.body.payload).toMatchObject({ version: 2, error_count: 4, self_correction_count: 1, accuracy: 60 })
    const now = await read(id)
    expect(now.marks).toEqual([
      { word_index: 1, miscue: 'substitution', self_corrected: true, words: 1, proper_noun: true, letter_index: null, hesitated: false, skipped_line: false, said: 'lit', cues: ['meaning', 'visual'] },
      { word_index: 3, miscue: 'insertion', self_corrected: false, words: 3, proper_noun: false, letter_index: null, hesitated: false, skipped_line: false, said: 'big', cues: [] },
      { word_index: 5, miscue: 'substitution', self_corrected: false, words: 1, proper_noun: false, letter_index: null, hesitated: false, skipped_line: false, said: 'fund', cues: ['visual'] },
    ])
    // The report prints what was said next to the word, and sums up the cues of the coded marks.
    expect(now.content).toContain('said: <span dir="auto">lit</span>')
    expect(now.content).toContain('said: <span dir="auto">fund</span>')
    expect(now.cue_summary).toMatchObject({ coded: 2, cues: [{ code: 'meaning', count: 1 }, { code: 'visual', count: 2 }] })
    expect(now.trail[0].after.marks[0]).toMatchObject({ said: 'lit', cues: ['meaning', 'visual'], self_corrected: true })
    // The correction screen codes with the categories of the passage's language, and marks on its lines.
    expect(now.cue_categories.map((c: { code: string }) => c.code)).toEqual(['meaning', 'structure', 'visual'])
    expect(now.lines).toEqual([{ start: 0, length: 10 }])
  })

  it('a rescore with another profile keeps the marks and records both profiles; it happens only when asked', async () => {
    const id = await recordSara()
    const before = await read(id)
    expect(before.scoring_profile).toMatchObject({ display_name: expect.any(String) })
    const [dibels] = await h.db.select().from(scoringProfiles).where(eq(scoringProfiles.code, 'dibels-8'))
    const res = await h.request('POST', path('sittingRescore', id), {
      token: schoolAdmin, json: { version: 1, reason: 'The school scores this passage with DIBELS 8', scoring_profile: { id: dibels!.id, version: dibels!.version } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // DIBELS 8: an insertion is not an error, so E is 1 (90 %) and WCPM 9.
    expect(res.body.payload).toMatchObject({ version: 2, error_count: 1, accuracy: 90, wcpm: 9, scoring_profile: { id: dibels!.id, version: dibels!.version } })
    expect(res.body.payload.marks).toEqual(before.marks)
    const [change] = res.body.payload.trail
    expect(change).toMatchObject({
      kind: 'rescored', made_by_name: expect.stringContaining('school.admin@sample.test'),
      before: { scoring_profile: { id: before.scoring_profile.id, version: before.scoring_profile.version }, figures: { error_count: 2 } },
      after: { scoring_profile: { id: dibels!.id, version: dibels!.version }, figures: { error_count: 1 } },
    })
    const unknown = await h.request('POST', path('sittingRescore', id), { token: schoolAdmin, json: { version: 2, reason: 'No such profile', scoring_profile: { id: 999999, version: 1 } }, lang: 'ar' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message.fields.scoring_profile).toEqual(['ملف التصحيح هذا (أو إصداره) غير متاح لهذه المؤسسة'])
  })

  it('two people correcting the same version: the second is answered 409, in English and Arabic, with the current sitting', async () => {
    const id = await recordSara()
    const marks = [{ word_index: 1, miscue: 'substitution' }]
    expect((await h.request('POST', path('sittingCorrection', id), { token: teacher, json: { version: 1, reason: 'Checked the recording', marks } })).status).toBe(201)
    const en = await h.request('POST', path('sittingCorrection', id), { token: schoolAdmin, json: { version: 1, reason: 'Also checked it', marks: [] } })
    expect(en.status).toBe(409)
    expect(en.body.message.codes).toEqual({ _: EDIT_CONFLICT })
    expect(en.body.message.errors).toEqual(['Someone else changed this reading record after you opened it (you changed version 1, it is now version 2). Review the current record and make your change again.'])
    const ar = await h.request('POST', path('sittingVoid', id), { token: schoolAdmin, json: { version: 1, reason: 'Also checked it' }, lang: 'ar' })
    expect(ar.status).toBe(409)
    expect(ar.body.message.errors).toEqual(['غيّر شخص آخر سجل القراءة هذا بعد أن فتحته (عدّلت الإصدار 1 وهو الآن الإصدار 2). راجع السجل الحالي ثم أعد التغيير.'])
    expect((await read(id)).trail).toHaveLength(1)
    expect((await read(id)).error_count).toBe(1)
  })

  it('a voided sitting leaves the class, school, tally, bundle and progress reports, and shows as void with its reason in the history', async () => {
    const classReport = async () => (await h.request('GET', api.commonReport(f.schoolA, f.class1A, f.yearId, 0), { token: teacher })).body.payload
    const accuracyIds = async () => ((await h.request('GET', api.accuracyReport(f.schoolA, f.class1A, f.yearId), { token: teacher })).body.payload.results as { id: number }[]).map((r) => r.id)
    const bundleCell = async (scope: 'class' | 'school') => (await h.request('GET', api.bundleReport(f.bundle, { scope, id: scope === 'class' ? f.class1A : f.schoolA }, FROM, TO, 'json'), { token: schoolAdmin }))
      .body.payload.rows.find((r: { enrollment_code: string }) => r.enrollment_code === 'SMPL-10001').entries[0]
    const tallyRow = async () => (await h.request('GET', api.tallyReport({ scope: 'class', id: f.class1A }, FROM, TO, 'json'), { token: teacher }))
      .body.payload.rows.find((r: { enrollment_code: string }) => r.enrollment_code === 'SMPL-10001')
    const stats = async () => (await h.request('GET', api.dashboardStatistics, { token: schoolAdmin })).body.payload.total_sittings
    const trend = async () => ((await h.request('GET', api.studentProgress(f.sara), { token: teacher })).body.payload.points as { sitting_id: number }[]).map((p) => p.sitting_id)

    const id = await recordSara('2026-11-02T08:00:00Z')
    const tests = (await classReport()).total_tests
    const bundle = await bundleCell('class')
    const school = await bundleCell('school')
    const tally = await tallyRow()
    const total = await stats()
    expect(await accuracyIds()).toContain(id)
    expect(await trend()).toContain(id)

    const res = await h.request('POST', path('sittingVoid', id), { token: teacher, json: { version: 1, reason: 'Sara was unwell and stopped after one line' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload).toMatchObject({ version: 2, voided: { reason: 'Sara was unwell and stopped after one line', at: expect.any(String) } })
    expect(res.body.payload.trail[0]).toMatchObject({ kind: 'voided', before: { voided: false }, after: { voided: true } })

    expect((await classReport()).total_tests).toBe(tests - 1)
    expect(await accuracyIds()).not.toContain(id)
    expect((await bundleCell('class')).sittings).toBe(bundle.sittings - 1)
    expect((await bundleCell('school')).sittings).toBe(school.sittings - 1)
    expect((await tallyRow()).sittings).toBe(tally.sittings - 1)
    expect(await stats()).toBe(total - 1)
    expect(await trend()).not.toContain(id)
    const history = (await h.request('GET', api.studentSittings(f.sara), { token: teacher })).body.payload.results as { id: number; voided: unknown }[]
    expect(history.find((r) => r.id === id)!.voided).toMatchObject({ reason: 'Sara was unwell and stopped after one line' })
    expect(history.filter((r) => r.id !== id).every((r) => r.voided === null)).toBe(true)
    // A void is final: nothing more is changed on it.
    const again = await h.request('POST', path('sittingCorrection', id), { token: teacher, json: { version: 2, reason: 'Try to fix it', marks: [] } })
    expect(again.status).toBe(409)
    expect(again.body.message.codes).toEqual({ _: 'voided' })
    // It stays as evidence: the student still cannot be deleted.
    expect(await h.db.select().from(sittings).where(eq(sittings.id, id))).toHaveLength(1)
  })
})

describe('restoring a voided sitting', () => {
  it('a restore makes the next version not void, kept in the trail after the void; it is idempotent and answers 409 on a sitting that is not void', async () => {
    const id = await recordSara()
    expect((await h.request('POST', path('sittingVoid', id), { token: teacher, json: { version: 1, reason: 'Recorded on the wrong child' } })).status).toBe(201)

    // An old version is a conflict, like every other change.
    const stale = await h.request('POST', path('sittingRestore', id), { token: schoolAdmin, json: { version: 1, reason: 'It was the right child after all' } })
    expect(stale.status).toBe(409)
    expect(stale.body.message.codes).toEqual({ _: EDIT_CONFLICT })

    // Who may void may restore: here school staff restores the teacher's void, sent twice under one key (an outbox retry).
    const json = { version: 2, reason: 'It was the right child after all' }
    const headers = { 'Idempotency-Key': `restore-${id}` }
    const res = await h.request('POST', path('sittingRestore', id), { token: schoolAdmin, json, headers })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const replay = await h.request('POST', path('sittingRestore', id), { token: schoolAdmin, json, headers })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(res.body)
    expect(res.body.payload).toMatchObject({ version: 3, voided: null, error_count: 2, score: 80 })
    expect(res.body.payload.trail).toMatchObject([
      { version: 2, kind: 'voided', reason: 'Recorded on the wrong child', before: { voided: false }, after: { voided: true } },
      { version: 3, kind: 'restored', reason: 'It was the right child after all', made_by_name: expect.stringContaining('school.admin@sample.test'), made_at: expect.any(String), before: { voided: true }, after: { voided: false } },
    ])
    const [row] = await h.db.select().from(sittings).where(eq(sittings.id, id))
    expect(row).toMatchObject({ version: 3, voided_at: null, void_reason: null })
    // Back in the student's history with its score, not as void.
    const history = (await h.request('GET', api.studentSittings(f.sara), { token: teacher })).body.payload.results as { id: number; voided: unknown }[]
    expect(history.find((r) => r.id === id)!.voided).toBeNull()

    // Restored, it can be corrected again; restoring a sitting that is not void is refused in both languages.
    for (const lang of ['en', 'ar'] as const) {
      const again = await h.request('POST', path('sittingRestore', id), { token: teacher, json: { version: 3, reason: 'Restore it once more' }, lang })
      expect(again.status).toBe(409)
      expect(again.body.message.codes).toEqual({ _: 'not_voided' })
      expect(again.body.message.errors).toEqual([lang === 'en' ? 'This reading record is not void: there is nothing to restore' : 'سجل القراءة هذا غير ملغى: لا يوجد ما يُستعاد'])
    }
    expect((await h.request('POST', path('sittingCorrection', id), { token: teacher, json: { version: 3, reason: 'Re-listened to the recording', marks: [] } })).status).toBe(201)
    expect((await read(id)).trail.map((t: { kind: string }) => t.kind)).toEqual(['voided', 'restored', 'corrected'])
  })
})

describe('who may change a sitting, and bad input', () => {
  it('the teacher who recorded it and school staff may; another teacher and a viewer get 403; another institution 404', async () => {
    const id = await recordSara()
    const body = (version: number) => ({ version, reason: 'Checked the recording', marks: [{ word_index: 1, miscue: 'substitution' }] })
    const other = await h.request('POST', path('sittingCorrection', id), { token: otherTeacher, json: body(1), lang: 'ar' })
    expect(other.status).toBe(403)
    expect(other.body.message.errors).toEqual(['لا يغيّر هذه القراءة إلا المعلم الذي سجّلها أو إدارة المدرسة'])
    for (const kind of ['sittingCorrection', 'sittingRescore', 'sittingVoid', 'sittingRestore'] as const) {
      expect((await h.request('POST', path(kind, id), { token: viewer, json: body(1) })).status).toBe(403)
      expect((await h.request('POST', path(kind, id), { token: otherTeacher, json: { ...body(1), scoring_profile: { id: 1, version: 1 } } })).status).toBe(403)
    }
    const elsewhere = await insertInstitution(h, 'elsewhere')
    const outsider = await h.login(elsewhere.adminEmail, OTHER_PASSWORD, elsewhere.host)
    for (const kind of ['sittingCorrection', 'sittingRescore', 'sittingVoid', 'sittingRestore'] as const) {
      const res = await h.request('POST', path(kind, id), { token: outsider, host: elsewhere.host, json: { ...body(1), scoring_profile: { id: 1, version: 1 } } })
      expect([403, 404]).toContain(res.status)
    }
    // The wrong class in the path finds nothing.
    expect((await h.request('POST', api.sittingCorrection(f.schoolA, f.class1B, id), { token: schoolAdmin, json: body(1) })).status).toBe(404)
    expect(await h.db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, id))).toHaveLength(0)
    expect((await h.request('POST', path('sittingCorrection', id), { token: schoolAdmin, json: body(1) })).status).toBe(201)
    expect((await h.request('POST', path('sittingVoid', id), { token: teacher, json: { version: 2, reason: 'Recorded twice by mistake' } })).status).toBe(201)
    // On the void sitting: another teacher and a viewer may not restore it; the teacher who recorded it may.
    const restore = { version: 3, reason: 'It was recorded only once' }
    expect((await h.request('POST', path('sittingRestore', id), { token: otherTeacher, json: restore })).status).toBe(403)
    expect((await h.request('POST', path('sittingRestore', id), { token: viewer, json: restore })).status).toBe(403)
    expect([403, 404]).toContain((await h.request('POST', path('sittingRestore', id), { token: outsider, host: elsewhere.host, json: restore })).status)
    expect((await h.request('POST', path('sittingRestore', id), { token: teacher, json: restore })).status).toBe(201)
  })

  it('bad input is answered 400 with the field named, in both languages, and changes nothing', async () => {
    const id = await recordSara()
    const cases: [string, unknown, string][] = [
      ['sittingCorrection', { reason: 'Checked the recording', marks: [] }, 'version'],
      ['sittingCorrection', { version: 1, reason: 'no', marks: [] }, 'reason'],
      ['sittingCorrection', { version: 1, reason: 'Checked the recording' }, 'marks'],
      ['sittingCorrection', { version: 1, reason: 'Checked the recording', marks: [{ word_index: 40, miscue: 'substitution' }] }, 'marks.0.word_index'],
      ['sittingCorrection', { version: 1, reason: 'Checked the recording', marks: [{ word_index: 1, miscue: 'nonsense' }] }, 'marks.0.miscue'],
      ['sittingRescore', { version: 1, reason: 'Checked the recording' }, 'scoring_profile'],
      ['sittingVoid', { version: 0, reason: 'Checked the recording' }, 'version'],
      ['sittingVoid', { version: 1 }, 'reason'],
      ['sittingRestore', { reason: 'Checked the recording' }, 'version'],
      ['sittingRestore', { version: 1, reason: 'no' }, 'reason'],
    ]
    for (const [kind, json, field] of cases) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', path(kind as 'sittingVoid', id), { token: teacher, json, lang })
        expect(res.status, `${kind} ${JSON.stringify(json)}`).toBe(400)
        expect(Object.keys(res.body.message.fields ?? {}), `${kind} ${JSON.stringify(json)}`).toContain(field)
        if (lang === 'ar') expect(res.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
      }
    }
    expect(await read(id)).toMatchObject({ version: 1, trail: [] })
  })
})
