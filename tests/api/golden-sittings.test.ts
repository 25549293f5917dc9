// Golden sittings (ADR 0118): each built-in profile against sittings scored by hand from its manual
// (tests/fixtures/golden-sittings.ts names each case's source), through the shared calculation and through
// POST /api/sitting/ with the profile version the tablet scored with. Then what a tablet offline keeps: the
// taxonomy and the profile version it scored with, in English and Arabic; and an upgrade that changes a built-in
// profile's rules adds a version without rescoring anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { insertAssessment, reportFixture, type ReportFixture } from '../factories/report-fixture'
import { GOLDEN_CASES, PASSAGES, type GoldenCase, type PassageKey } from '../fixtures/golden-sittings'
import { eq } from 'drizzle-orm'
import { assessmentClients } from '../../src/server/db/schema/tables'
import { scoringProfiles, scoringProfileVersions } from '../../src/server/db/schema/sittings'
import { ensureScoringProfiles } from '../../src/server/db/seed/scoring-profiles'
import { DEFAULT_MISCUE_TYPES } from '../../src/shared/reports/miscue-types'
import { BUILT_IN_PROFILES, scoreSitting } from '../../src/shared/reports/scoring-profile'
import { passageWords } from '../../src/shared/reports/figures'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let instAdmin: string
const assessmentOf = new Map<PassageKey, number>()
let profiles: { id: number; code: string | null; version: number; rules: unknown }[]

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  for (const [key, p] of Object.entries(PASSAGES) as [PassageKey, (typeof PASSAGES)[PassageKey]][]) {
    const id = await insertAssessment(h, { title: `Golden ${key}`, lang: p.lang, content: p.text, duration: '00:05:00' })
    await h.db.insert(assessmentClients).values({ assessment_id: id, institution_id: f.institutionId })
    assessmentOf.set(key, id)
  }
  teacher = await h.login('teacher@sample.test')
  instAdmin = await h.login('institution.admin@sample.test')
  profiles = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload.profiles
}, 60_000)
afterAll(async () => {
  await h?.close()
})

const figuresOf = (s: any) => ({
  N: s.total_attempted, E: s.error_count, fluency_E: s.fluency_error_count, SC: s.self_correction_count, correct: s.total_correct, accuracy: s.accuracy,
  score: s.score, wcpm: s.wcpm, error_rate: s.error_rate, sc_ratio: s.self_correction_ratio, band: s.band,
})
const profileOf = (code: string) => profiles.find((p) => p.code === code)!
let day = 0
function body(c: Pick<GoldenCase, 'passage' | 'marks' | 'seconds' | 'text_level' | 'attempted' | 'bracket_word' | 'discontinued'>, profile: { id: number; version: number }, extra: object = {}) {
  day++
  return {
    student: f.sara, assessment: assessmentOf.get(c.passage)!, class: f.class1A, academic_year: f.yearId,
    created_in_device_at: new Date(Date.UTC(2026, 9, 1) + day * 3_600_000).toISOString(), duration: c.seconds, marks: c.marks,
    scoring_profile: profile, ...(c.text_level ? { text_level: c.text_level } : {}), ...extra,
    ...(c.attempted ? { total_attempted: c.attempted } : {}), bracket_word: c.bracket_word ?? null, discontinued: c.discontinued ?? false,
  }
}

describe('golden sittings, scored by hand from each manual', () => {
  it('has at least five cases for every built-in profile, in English and Arabic', () => {
    for (const p of BUILT_IN_PROFILES) expect(GOLDEN_CASES.filter((c) => c.profile === p.code).length, p.code).toBeGreaterThanOrEqual(5)
    expect(new Set(GOLDEN_CASES.map((c) => PASSAGES[c.passage].lang))).toEqual(new Set(['en', 'ar']))
  })

  for (const c of GOLDEN_CASES) {
    it(`${c.profile}: ${c.name} (${c.source})`, async () => {
      const rules = BUILT_IN_PROFILES.find((p) => p.code === c.profile)!.rules
      const text = PASSAGES[c.passage].text
      const shared = scoreSitting({
        rules, content: text, total_attempted: c.attempted ?? passageWords(text).length, duration_seconds: c.seconds, marks: c.marks, types: DEFAULT_MISCUE_TYPES,
        text_level: c.text_level, bracket_word: c.bracket_word, discontinued: c.discontinued,
      })
      expect(figuresOf(shared), 'shared calculation').toEqual(c.expected)

      const profile = profileOf(c.profile)
      const res = await h.request('POST', api.sittings, { token: teacher, json: body(c, { id: profile.id, version: profile.version }) })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(figuresOf(res.body.payload), 'API').toEqual(c.expected)
      const read = await h.request('GET', api.sitting(f.schoolA, f.class1A, res.body.payload.id), { token: teacher })
      expect(figuresOf(read.body.payload), 'as stored').toEqual(c.expected)
      expect(read.body.payload).toMatchObject({ bracket_word: c.bracket_word ?? null, discontinued: c.discontinued ?? false })
    })
  }
})

describe('a tablet offline while the institution changes how it scores', () => {
  const nameCase = GOLDEN_CASES.find((c) => c.profile === 'standard' && c.name.startsWith('a name misread'))!
  const pausalCase = GOLDEN_CASES.find((c) => c.profile === 'egra-arabic' && c.passage === 'pausal')!

  it('keeps the figures the teacher saw when a type stopped counting as an error before the sitting arrived, and records the difference', async () => {
    const standard = profileOf('standard')
    const asScored = DEFAULT_MISCUE_TYPES.map(({ code, counts_as_error }) => ({ code, counts_as_error }))
    // The tablet took its kit (substitution counts), the teacher read offline, then the institution changed the type.
    const types = (await h.request('GET', api.miscueTypes, { token: instAdmin })).body.payload.results
    const substitution = types.find((t: any) => t.code === 'substitution')
    const changed = await h.request('PUT', api.miscueType('substitution'), { token: instAdmin, json: { ...substitution, counts_as_error: false } })
    expect(changed.status).toBe(200)
    try {
      const late = await h.request('POST', api.sittings, { token: teacher, json: body(nameCase, { id: standard.id, version: standard.version }, { scored_types: asScored }) })
      expect(late.status).toBe(201)
      expect(figuresOf(late.body.payload)).toEqual(nameCase.expected) // E = 1, as on the tablet
      expect(late.body.payload.scored_flags).toEqual({ substitution: true })
      // A sitting scored with the new taxonomy counts no error, and records no difference.
      const fresh = await h.request('POST', api.sittings, { token: teacher, json: body(nameCase, { id: standard.id, version: standard.version }) })
      expect(fresh.body.payload).toMatchObject({ error_count: 0, score: 100, scored_flags: null })
    } finally {
      const now = (await h.request('GET', api.miscueTypes, { token: instAdmin })).body.payload.results.find((t: any) => t.code === 'substitution')
      await h.request('PUT', api.miscueType('substitution'), { token: instAdmin, json: { ...now, counts_as_error: true } })
    }
  })

  it('scores an Arabic sitting with the profile version the tablet used after the rules changed, and the new version only when asked', async () => {
    const egra = BUILT_IN_PROFILES.find((p) => p.code === 'egra-arabic')!
    const made = await h.request('POST', api.scoringProfiles, { token: instAdmin, json: { display_name: 'Our EGRA', arabic_display_name: 'تقييمنا', rules: egra.rules } })
    expect(made.status).toBe(201)
    const own = made.body.payload
    // The institution now counts case endings (pausal endings still correct): version 2.
    const v2 = await h.request('PUT', api.scoringProfile(own.id), {
      token: instAdmin, json: { display_name: own.display_name, arabic_display_name: own.arabic_display_name, rules: { ...own.rules, ignore_case_endings: false }, updated_at: own.updated_at },
    })
    expect(v2.body.payload.version).toBe(2)
    const late = await h.request('POST', api.sittings, { token: teacher, json: body(pausalCase, { id: own.id, version: 1 }) })
    expect(figuresOf(late.body.payload)).toEqual(pausalCase.expected)
    expect(late.body.payload.scoring_profile).toMatchObject({ id: own.id, version: 1 })
    // Version 2: the case ending inside a phrase (word 1) is an error; those at phrase ends (3, 6, 9) are pausal.
    // Vowelled words: the unwritten-vowel rule keeps them. E = 2 → 8 of 10 = 80 %.
    const now = await h.request('POST', api.sittings, { token: teacher, json: body(pausalCase, { id: own.id, version: 2 }) })
    expect(figuresOf(now.body.payload)).toMatchObject({ E: 2, correct: 8, accuracy: 80, band: 'frustration' })
    // The past sitting reads as it was stored.
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1A, late.body.payload.id), { token: teacher })
    expect(figuresOf(read.body.payload)).toEqual(pausalCase.expected)
  })

  it('refuses several words on a mark that is not an insertion, in both languages', async () => {
    const standard = profileOf('standard')
    const bad = { ...nameCase, marks: [{ word_index: 1, miscue: 'substitution', self_corrected: false, words: 2 }] }
    for (const lang of ['en', 'ar'] as const) {
      const res = await h.request('POST', api.sittings, { token: teacher, json: body(bad, { id: standard.id, version: standard.version }), lang })
      expect(res.status).toBe(400)
      expect(res.body.message.fields['marks.0.words']).toBeDefined()
      if (lang === 'ar') expect(res.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
    }
  })
})

describe('a built-in profile whose manual rules change on an upgrade', () => {
  it('adds the new version beside the old: sittings keep their stored figures and a tablet still on the old version is scored with it', async () => {
    const standard = profileOf('standard')
    const pausal = GOLDEN_CASES.find((c) => c.profile === 'standard' && c.passage === 'pausal')!
    // An installation from before this change: the standard profile at version 1, with the four rules it had then.
    const v1Rules = { self_corrections_correct: true, ignore_unwritten_short_vowels: false, ignore_case_endings: false, count_insertions: true }
    await h.db.delete(scoringProfileVersions).where(eq(scoringProfileVersions.profile_id, standard.id))
    await h.db.insert(scoringProfileVersions).values({ profile_id: standard.id, version: 1, rules: v1Rules as never })
    await h.db.update(scoringProfiles).set({ version: 1, rules: v1Rules as never }).where(eq(scoringProfiles.id, standard.id))
    // Version 1 knew no pausal form: the four case endings are four errors → 6 of 10 = 60 %.
    const before = await h.request('POST', api.sittings, { token: teacher, json: body(pausal, { id: standard.id, version: 1 }) })
    expect(figuresOf(before.body.payload)).toMatchObject({ E: 4, correct: 6, accuracy: 60, band: 'frustration' })

    await ensureScoringProfiles(h.db)
    const versions = await h.db.select().from(scoringProfileVersions).where(eq(scoringProfileVersions.profile_id, standard.id))
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2])
    const now = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload.profiles.find((p: any) => p.code === 'standard')
    expect(now).toMatchObject({ id: standard.id, version: 2 })

    // Nothing is rescored: the past sitting reads as stored; a tablet still on version 1 is scored with it.
    const read = await h.request('GET', api.sitting(f.schoolA, f.class1A, before.body.payload.id), { token: teacher })
    expect(figuresOf(read.body.payload)).toEqual(figuresOf(before.body.payload))
    expect(read.body.payload.scoring_profile).toMatchObject({ version: 1 })
    const late = await h.request('POST', api.sittings, { token: teacher, json: body(pausal, { id: standard.id, version: 1 }) })
    expect(figuresOf(late.body.payload)).toMatchObject({ E: 4, accuracy: 60 })
    const current = await h.request('POST', api.sittings, { token: teacher, json: body(pausal, { id: standard.id, version: 2 }) })
    expect(figuresOf(current.body.payload)).toEqual(pausal.expected)
  })
})
