// The capture kit, the institution's taxonomy and its scoring profiles (issue 14, ADR 0090-0091): who may read and
// change them, that one institution never sees or touches another's, and that sittings are scored with the profile
// version the tablet used, so changing a profile never changes a past sitting.
//
// Hand-computed sittings on the vowelled Arabic passage (8 words; only word 0 carries diacritics):
//   marks: w0 short_vowel, w1 short_vowel, w2 case_ending, w3 hamza, w4 insertion, w5 substitution self-corrected; 60 s
//   standard rules: E = w0 w1 w2 w3 w4 = 5, SC = 1 → correct 3 of 8 = 37.5 % → score 38, WCPM 3, frustration
//   EGRA Arabic:    w1 (unwritten vowel), w2 (case ending), w4 (insertion) set aside → E = 2, SC = 1 → 6 of 8 = 75 %, WCPM 6
//   own profile v1 = EGRA; v2 also counts insertions → E = 3 → 5 of 8 = 62.5 % → 63, WCPM 5
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ADMIN_PASSWORD, createHarness, PLATFORM_HOST, type Harness } from '../setup/api-harness'
import { insertAssessment, reportFixture, type ReportFixture } from '../factories/report-fixture'
import { insertInstitution, insertUser, OTHER_PASSWORD } from '../factories/tenants'
import { assessmentClients, classTeachers } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let instAdmin: string
let schoolAdmin: string
let viewer: string
let other: Awaited<ReturnType<typeof insertInstitution>>
let otherAdmin: string
let vowelled: number

const VOWELLED = 'ذَهَبَ الولد إلى المدرسة في الصباح مع أخيه'
const ARABIC_MARKS = [
  { word_index: 0, miscue: 'short_vowel' }, { word_index: 1, miscue: 'short_vowel' }, { word_index: 2, miscue: 'case_ending' },
  { word_index: 3, miscue: 'hamza' }, { word_index: 4, miscue: 'insertion' }, { word_index: 5, miscue: 'substitution', self_corrected: true },
]

function arabicSitting(o: { student?: number; profile?: { id: number; version: number }; at?: string } = {}) {
  return {
    student: o.student ?? f.khalid, assessment: vowelled, class: f.class1A, academic_year: f.yearId, created_in_device_at: o.at ?? '2026-11-02T08:00:00+04:00',
    duration: 60, marks: ARABIC_MARKS, ...(o.profile ? { scoring_profile: o.profile } : {}),
  }
}
const figuresOf = (s: any) => ({ error_count: s.error_count, self_correction_count: s.self_correction_count, total_correct: s.total_correct, score: s.score, wcpm: s.wcpm, band: s.band })

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  vowelled = await insertAssessment(h, { title: 'ذهب الولد مشكولة', lang: 'ar', content: VOWELLED, duration: '00:02:00' })
  await h.db.insert(assessmentClients).values({ assessment_id: vowelled, institution_id: f.institutionId })
  teacher = await h.login('teacher@sample.test')
  instAdmin = await h.login('institution.admin@sample.test')
  schoolAdmin = await h.login('school.admin@sample.test')
  viewer = await h.login('viewer@sample.test')
  other = await insertInstitution(h, 'othercap')
  otherAdmin = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
}, 60_000)
afterAll(async () => {
  await h?.close()
})

describe('capture kit', () => {
  it("gives a teacher the classes they teach this year, with their students, the institution's passages and how to mark them", async () => {
    const res = await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token: teacher })
    expect(res.status).toBe(200)
    const kit = res.body.payload
    expect(kit.classes.map((c: any) => c.name)).toEqual(['Grade 1 A']) // not Class 1B, which they do not teach
    expect(kit.classes[0].students.map((s: any) => s.first_name)).toEqual(['Adam', 'Huda', 'Khalid', 'Noor', 'Sara'])
    const titles = kit.assessments.map((a: any) => a.title)
    expect(titles).toEqual(expect.arrayContaining(['The red hen', 'ذهب الولد', 'ذهب الولد مشكولة']))
    expect(titles).not.toContain('Not for this institution')
    expect(kit.assessments.find((a: any) => a.id === vowelled)).toMatchObject({ direction: 'rtl', duration_seconds: 120, content: VOWELLED })
    expect(kit.miscue_types.find((t: any) => t.code === 'short_vowel')).toMatchObject({ language: 'ar', scoring_class: 'short_vowel', counts_as_error: true, active: true, own: false })
    const standard = kit.scoring.profiles.find((p: any) => p.code === 'standard')
    expect(kit.scoring.selected).toEqual({ ar: standard.id, en: standard.id })
    expect(kit.scoring.profiles.map((p: any) => p.code)).toEqual(['standard', 'fountas-pinnell', 'dibels-8', 'egra', 'egra-arabic'])
  })

  it('gives school staff every class of the school; refuses viewers, schools the user does not reach and other institutions', async () => {
    const staff = await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token: schoolAdmin })
    expect(staff.body.payload.classes.map((c: any) => c.name)).toEqual(['Class 1B', 'Grade 1 A'])
    expect((await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token: viewer })).status).toBe(403)
    expect((await h.request('GET', api.captureKit(f.schoolB, f.yearId), { token: teacher })).status).toBe(403)
    expect((await h.request('GET', api.captureKit(other.schoolId, f.yearId), { token: instAdmin })).status).toBe(404)
    const foreign = await h.request('GET', api.captureKit(other.schoolId, f.yearId), { token: otherAdmin, host: other.host })
    expect(foreign.status).toBe(404) // the sample institution's year
    expect(JSON.stringify(foreign.body)).not.toContain('Sara')
  })

  it('lists a teacher with no class this year with no classes rather than an error', async () => {
    const email = 'new.teacher@sample.test'
    await insertUser(h, { institutionId: f.institutionId, email, role: 'teacher', schoolIds: [f.schoolA] })
    const token = await h.login(email, OTHER_PASSWORD)
    const res = await h.request('GET', api.captureKit(f.schoolA, f.yearId), { token })
    expect(res.status).toBe(200)
    expect(res.body.payload.classes).toEqual([])
  })
})

describe('miscue taxonomy per institution', () => {
  it("lets an institution admin rename, recolour and switch off a default for their institution alone", async () => {
    const before = (await h.request('GET', api.miscueTypes, { token: teacher })).body.payload.results.find((t: any) => t.code === 'hesitation')
    const res = await h.request('PUT', api.miscueType('hesitation'), {
      token: instAdmin,
      json: { display_name: 'Long pause', arabic_display_name: 'توقف طويل', color_code: '#444444', counts_as_error: false, sort_order: 9, active: false, updated_at: before.updated_at },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({ code: 'hesitation', display_name: 'Long pause', active: false, own: true })
    const mine = (await h.request('GET', api.miscueTypes, { token: teacher })).body.payload.results
    expect(mine.filter((t: any) => t.code === 'hesitation')).toEqual([expect.objectContaining({ display_name: 'Long pause', active: false })])
    const theirs = (await h.request('GET', api.miscueTypes, { token: otherAdmin, host: other.host })).body.payload.results
    expect(theirs.find((t: any) => t.code === 'hesitation')).toMatchObject({ display_name: 'Hesitation', active: true, own: false })
  })

  it('adds a type of its own; refuses a taken code, a bad colour (in both languages), a stale edit and other roles', async () => {
    const type = { code: 'sun_moon_lam', display_name: 'Sun and moon letters', arabic_display_name: 'اللام الشمسية والقمرية', color_code: '#117799', counts_as_error: true, language: 'ar' }
    const made = await h.request('POST', api.miscueTypes, { token: instAdmin, json: type })
    expect(made.status).toBe(201)
    expect(made.body.payload).toMatchObject({ code: 'sun_moon_lam', own: true, active: true, language: 'ar', sort_order: 100 })
    expect((await h.request('POST', api.miscueTypes, { token: instAdmin, json: type })).status).toBe(409)
    expect((await h.request('POST', api.miscueTypes, { token: instAdmin, json: { ...type, code: 'substitution' } })).status).toBe(409)
    const en = await h.request('POST', api.miscueTypes, { token: instAdmin, json: { ...type, code: 'x_colour', color_code: 'red' }, lang: 'en' })
    const ar = await h.request('POST', api.miscueTypes, { token: instAdmin, json: { ...type, code: 'x_colour', color_code: 'red' }, lang: 'ar' })
    expect(en.status).toBe(400)
    expect(en.body.message.fields.color_code).toHaveLength(1)
    expect(ar.body.message.fields.color_code[0]).toMatch(/[\u0600-\u06FF]/)
    expect(en.body.message.fields.color_code[0]).not.toEqual(ar.body.message.fields.color_code[0])

    const edit = { display_name: 'Sun/moon lam', arabic_display_name: 'اللام', color_code: '#117799', counts_as_error: true, language: 'ar' }
    const first = await h.request('PUT', api.miscueType('sun_moon_lam'), { token: instAdmin, json: { ...edit, updated_at: made.body.payload.updated_at } })
    expect(first.status).toBe(200)
    const stale = await h.request('PUT', api.miscueType('sun_moon_lam'), { token: instAdmin, json: { ...edit, display_name: 'Again', updated_at: made.body.payload.updated_at } })
    expect(stale.status).toBe(409)
    expect(stale.body.message.codes._).toBe('conflict')
    expect(stale.body.message.current.display_name).toBe('Sun/moon lam')

    for (const token of [teacher, schoolAdmin, viewer]) {
      expect((await h.request('POST', api.miscueTypes, { token, json: { ...type, code: 'by_other_role' } })).status).toBe(403)
      expect((await h.request('PUT', api.miscueType('told'), { token, json: edit })).status).toBe(403)
    }
    // Another institution neither sees the type nor can change it.
    expect((await h.request('GET', api.miscueTypes, { token: otherAdmin, host: other.host })).body.payload.results.map((t: any) => t.code)).not.toContain('sun_moon_lam')
    const foreign = await h.request('PUT', api.miscueType('sun_moon_lam'), { token: otherAdmin, host: other.host, json: edit })
    expect(foreign.status).toBe(404)
    expect((await h.request('PUT', api.miscueType('no_such_type'), { token: instAdmin, json: edit })).status).toBe(404)
  })

  it('refuses to switch off the last active type that counts as an error', async () => {
    const types = (await h.request('GET', api.miscueTypes, { token: otherAdmin, host: other.host })).body.payload.results
    const errors = types.filter((t: any) => t.counts_as_error && t.active)
    for (const t of errors.slice(0, -1)) {
      const res = await h.request('PUT', api.miscueType(t.code), { token: otherAdmin, host: other.host, json: { ...t, active: false } })
      expect(res.status, t.code).toBe(200)
    }
    const last = errors.at(-1)
    const refused = await h.request('PUT', api.miscueType(last.code), { token: otherAdmin, host: other.host, json: { ...last, active: false }, lang: 'ar' })
    expect(refused.status).toBe(400)
    expect(refused.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
  })
})

describe("an institution's own version of a default type in the reports", () => {
  it('counts the marks of the default and of its own version under one code in the tally', async () => {
    const term = api.tallyReport({ scope: 'class', id: f.class1A }, '2026-09-01 0:0:0', '2026-12-31 0:0:0', 'json')
    const saraOf = async () => (await h.request('GET', term, { token: teacher })).body.payload.rows.find((r: any) => r.student_id === f.sara)
    const repeated = (day: string) => h.request('POST', api.sittings, {
      token: teacher,
      json: { student: f.sara, assessment: f.english, class: f.class1A, academic_year: f.yearId, created_in_device_at: `${day}T08:00:00+04:00`, duration: 60, marks: [{ word_index: 0, miscue: 'repetition' }] },
    })
    const before = await saraOf()
    expect((await repeated('2026-10-05')).status).toBe(201) // counted under the default type
    const current = (await h.request('GET', api.miscueTypes, { token: instAdmin })).body.payload.results.find((t: any) => t.code === 'repetition')
    const renamed = await h.request('PUT', api.miscueType('repetition'), { token: instAdmin, json: { ...current, display_name: 'Repeated word' } })
    expect(renamed.status).toBe(200)
    expect((await repeated('2026-10-06')).status).toBe(201) // counted under the institution's own version
    const after = await saraOf()
    expect(after.sittings).toBe(before.sittings + 2)
    expect(after.counts.repetition).toBe(before.counts.repetition + 2)
  })
})

describe('scoring profiles', () => {
  const ownRules = { self_corrections_correct: true, ignore_unwritten_short_vowels: true, ignore_case_endings: true, count_insertions: false }
  let own: any

  it('scores an Arabic sitting with the standard rules until the institution chooses another profile', async () => {
    const res = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting() })
    expect(res.status).toBe(201)
    expect(figuresOf(res.body.payload)).toEqual({ error_count: 5, self_correction_count: 1, total_correct: 3, score: 38, wcpm: 3, band: 'frustration' })
    expect(res.body.payload.scoring_profile).toMatchObject({ version: 2, display_name: 'Running records (Clay)' })
  })

  it('lets an institution admin choose EGRA Arabic for Arabic passages: short vowels on unvowelled words, case endings and insertions set aside', async () => {
    const settings = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload
    const egra = settings.profiles.find((p: any) => p.code === 'egra-arabic')
    const chosen = await h.request('PUT', api.scoringSelection, { token: instAdmin, json: { ar: egra.id, en: settings.selected.en } })
    expect(chosen.status).toBe(200)
    expect(chosen.body.payload.selected.ar).toBe(egra.id)
    const res = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ student: f.noor }) })
    expect(figuresOf(res.body.payload)).toEqual({ error_count: 2, self_correction_count: 1, total_correct: 6, score: 75, wcpm: 6, band: 'frustration' })
    expect(res.body.payload.scoring_profile).toMatchObject({ id: egra.id, version: 3 })
    // The other institution still scores with the standard profile.
    const theirs = (await h.request('GET', api.scoringProfiles, { token: otherAdmin, host: other.host })).body.payload
    expect(theirs.selected.ar).toBe(settings.selected.en)
  })

  it('keeps every version of an own profile: a sitting scored with version 1 keeps its figures after the rules change', async () => {
    const made = await h.request('POST', api.scoringProfiles, { token: instAdmin, json: { display_name: 'Our Arabic rules', arabic_display_name: 'قواعدنا للعربية', rules: ownRules } })
    expect(made.status).toBe(201)
    own = made.body.payload
    expect(own).toMatchObject({ version: 1, built_in: false, code: null })
    const v1 = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ student: f.sara, profile: { id: own.id, version: 1 } }) })
    expect(v1.body.payload.score).toBe(75)

    const renamed = await h.request('PUT', api.scoringProfile(own.id), { token: instAdmin, json: { display_name: 'Our rules', arabic_display_name: 'قواعدنا', rules: ownRules, updated_at: own.updated_at } })
    expect(renamed.body.payload.version).toBe(1) // a new name is not a new version
    const changed = await h.request('PUT', api.scoringProfile(own.id), { token: instAdmin, json: { display_name: 'Our rules', arabic_display_name: 'قواعدنا', rules: { ...ownRules, count_insertions: true }, updated_at: renamed.body.payload.updated_at } })
    expect(changed.status).toBe(200)
    expect(changed.body.payload.version).toBe(2)
    const stale = await h.request('PUT', api.scoringProfile(own.id), { token: instAdmin, json: { display_name: 'x y', arabic_display_name: 'س ص', rules: ownRules, updated_at: own.updated_at } })
    expect(stale.status).toBe(409)

    // The past sitting reads as it was; a sitting made offline with version 1 is still scored with version 1.
    const past = await h.request('GET', api.sitting(f.schoolA, f.class1A, v1.body.payload.id), { token: teacher })
    expect(figuresOf(past.body.payload)).toEqual(figuresOf(v1.body.payload))
    const late = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ student: f.huda, profile: { id: own.id, version: 1 } }) })
    expect(late.body.payload.score).toBe(75)
    const v2 = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ student: f.huda, profile: { id: own.id, version: 2 }, at: '2026-11-03T08:00:00+04:00' }) })
    expect(figuresOf(v2.body.payload)).toEqual({ error_count: 3, self_correction_count: 1, total_correct: 5, score: 63, wcpm: 5, band: 'frustration' })
  })

  it('counts a corrected error as an error too when the profile says self-corrections are not correct', async () => {
    const strict = await h.request('POST', api.scoringProfiles, { token: instAdmin, json: { display_name: 'Strict', arabic_display_name: 'صارم', rules: { ...ownRules, self_corrections_correct: false } } })
    const res = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ student: f.noor, profile: { id: strict.body.payload.id, version: 1 }, at: '2026-11-04T08:00:00+04:00' }) })
    expect(figuresOf(res.body.payload)).toEqual({ error_count: 3, self_correction_count: 1, total_correct: 5, score: 63, wcpm: 5, band: 'frustration' })
  })

  it("refuses built-in edits, another institution's profiles, unknown versions and other roles", async () => {
    const settings = (await h.request('GET', api.scoringProfiles, { token: instAdmin })).body.payload
    const standard = settings.profiles.find((p: any) => p.code === 'standard')
    const body = { display_name: 'Mine now', arabic_display_name: 'لي الآن', rules: ownRules }
    const builtIn = await h.request('PUT', api.scoringProfile(standard.id), { token: instAdmin, json: body, lang: 'ar' })
    expect(builtIn.status).toBe(400)
    expect(builtIn.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)

    expect((await h.request('PUT', api.scoringProfile(own.id), { token: otherAdmin, host: other.host, json: body })).status).toBe(404)
    const theirs = await h.request('POST', api.scoringProfiles, { token: otherAdmin, host: other.host, json: body })
    expect((await h.request('PUT', api.scoringSelection, { token: instAdmin, json: { ar: theirs.body.payload.id, en: standard.id } })).status).toBe(400)
    expect((await h.request('GET', api.scoringProfiles, { token: instAdmin })).body.payload.profiles.map((p: any) => p.display_name)).not.toContain('Mine now')
    const foreign = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ profile: { id: theirs.body.payload.id, version: 1 }, at: '2026-11-05T08:00:00+04:00' }) })
    expect(foreign.status).toBe(400)
    expect(foreign.body.message.fields.scoring_profile).toBeDefined()
    const unknownVersion = await h.request('POST', api.sittings, { token: teacher, json: arabicSitting({ profile: { id: own.id, version: 9 }, at: '2026-11-05T08:00:00+04:00' }) })
    expect(unknownVersion.status).toBe(400)

    for (const token of [teacher, schoolAdmin, viewer]) {
      expect((await h.request('GET', api.scoringProfiles, { token })).status).toBe(200)
      expect((await h.request('POST', api.scoringProfiles, { token, json: body })).status).toBe(403)
      expect((await h.request('PUT', api.scoringSelection, { token, json: { ar: standard.id, en: standard.id } })).status).toBe(403)
    }
  })

  it('answers bad profile bodies with 400 field messages, never 500', async () => {
    for (const json of [{}, { display_name: 'x', arabic_display_name: 'y', rules: {} }, { display_name: 'Fine', arabic_display_name: 'جيد', rules: { count_insertions: 'yes' } }, 'not json']) {
      const res = await h.request('POST', api.scoringProfiles, { token: instAdmin, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
    }
    expect((await h.request('PUT', api.scoringSelection, { token: instAdmin, json: { ar: 'one' } })).status).toBe(400)
  })
})

describe('a sitting sent as the tablet sends it with its recording (multipart)', () => {
  it('reads the marks and the profile version from the form, and a replay under the same key lands once', async () => {
    const settings = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload
    const egra = settings.profiles.find((p: any) => p.code === 'egra-arabic')
    const body = arabicSitting({ student: f.sara, profile: { id: egra.id, version: egra.version }, at: '2026-11-06T08:00:00+04:00' })
    const form = () => {
      const data = new FormData()
      for (const [name, value] of Object.entries(body)) data.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
      data.append('audio', new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01])], { type: 'audio/webm' }), 'sitting.webm')
      return data
    }
    const send = () => h.app.request('http://sample.localhost:8080/api/sitting/', {
      method: 'POST', body: form(), headers: { host: 'sample.localhost:8080', authorization: `Bearer ${teacher}`, 'Idempotency-Key': 'tablet-capture-1' },
    })
    const first = await send()
    expect(first.status).toBe(201)
    const sitting = (await first.json()).payload
    expect(sitting).toMatchObject({ score: 75, error_count: 2, scoring_profile: { id: egra.id, version: egra.version } })
    expect(sitting.audio_url).toMatch(/\/audio\/$/)
    // The page was killed before this answer arrived: the outbox sends the same form again (a new boundary).
    const again = await send()
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await again.json()).payload.id).toBe(sitting.id)
    const rows = (await h.request('GET', api.studentSittings(f.sara), { token: teacher })).body.payload.results
    expect(rows.filter((r: any) => r.created_in_device_at === '2026-11-06T04:00:00.000Z')).toHaveLength(1)
  })
})

describe('recording for the classes one teaches', () => {
  it('still refuses a teacher a class they do not teach (the kit never offers it)', async () => {
    const [taught] = await h.db.select().from(classTeachers).where(eq(classTeachers.class_id, f.class1B))
    expect(taught).toBeUndefined()
    const res = await h.request('POST', api.sittings, { token: teacher, json: { ...arabicSitting({ student: f.evil }), class: f.class1B } })
    expect(res.status).toBe(403)
  })
})

describe('the taxonomy and scoring screen in the menu (menu key scoring, ADR 0092)', () => {
  it('is offered to every role of the institution, each of which may read what it shows', async () => {
    for (const [role, token] of [['institution admin', instAdmin], ['school admin', schoolAdmin], ['teacher', teacher], ['viewer', viewer]] as const) {
      const me = await h.request('GET', '/api/myprofile/', { token })
      expect(me.body.payload.menu, role).toContain('scoring')
      expect((await h.request('GET', api.miscueTypes, { token })).status, role).toBe(200)
      expect((await h.request('GET', api.scoringProfiles, { token })).status, role).toBe(200)
    }
  })

  it('is not offered to the platform admin on the platform host, where there is no institution to configure', async () => {
    const platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
    const me = await h.request('GET', '/api/myprofile/', { token: platform, host: PLATFORM_HOST })
    expect(me.body.payload.menu).not.toContain('scoring')
    expect((await h.request('GET', api.miscueTypes, { token: platform, host: PLATFORM_HOST })).status).toBe(404)
  })
})
