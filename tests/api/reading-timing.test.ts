// What a sitting keeps of its timing (ADR 0120): the gaps where the page was hidden or the microphone lost, the word
// reached at the one-minute bracket, the discontinue rule, a told word's hesitation and the words of a skipped line
// all round-trip through POST /api/sitting/ and the sitting's read; bad values get a 400 in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { insertAssessment, reportFixture, type ReportFixture } from '../factories/report-fixture'
import { assessmentClients } from '../../src/server/db/schema/tables'
import { SITTING_MESSAGES } from '../../src/server/areas/sittings/sittings.messages'
import { api } from '../../src/shared/api'

let h: Harness
let f: ReportFixture
let teacher: string
let lines: number
let profiles: { id: number; code: string | null; version: number }[]

/** Three lines of six words. */
const LINES = 'The cat sat on the mat.\nThe dog ran to the park.\nA bird sang in the tree.'

beforeAll(async () => {
  h = await createHarness()
  f = await reportFixture(h)
  lines = await insertAssessment(h, { title: 'Three lines', lang: 'en', content: LINES, duration: '00:03:00' })
  await h.db.insert(assessmentClients).values({ assessment_id: lines, institution_id: f.institutionId })
  teacher = await h.login('teacher@sample.test')
  profiles = (await h.request('GET', api.scoringProfiles, { token: teacher })).body.payload.profiles
}, 60_000)
afterAll(async () => {
  await h?.close()
})

const profile = (code: string) => {
  const p = profiles.find((x) => x.code === code)!
  return { id: p.id, version: p.version }
}
const sitting = (more: object = {}, code = 'dibels-8') => ({
  student: f.sara, assessment: lines, class: f.class1A, academic_year: f.yearId, created_in_device_at: '2026-11-03T08:00:00+04:00',
  duration: 90, scoring_profile: profile(code), ...more,
})
const GAP = { at: '2026-11-03T04:00:20.000Z', seconds: 12, reason: 'hidden' }

describe('a sitting keeps its timing', () => {
  it('stores the reading gaps, the bracket, a hesitation and a skipped line, and reads them back', async () => {
    const marks = [
      { word_index: 2, miscue: 'told', hesitated: true },
      ...[6, 7, 8, 9, 10, 11].map((i) => ({ word_index: i, miscue: 'omission', skipped_line: true })),
    ]
    const res = await h.request('POST', api.sittings, { token: teacher, json: sitting({ marks, bracket_word: 14, reading_gaps: [GAP, { at: '2026-11-03T04:00:50.000Z', seconds: 0, reason: 'microphone' }] }) })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const read = (await h.request('GET', api.sitting(f.schoolA, f.class1A, res.body.payload.id), { token: teacher })).body.payload
    expect(read.reading_gaps).toEqual([GAP, { at: '2026-11-03T04:00:50.000Z', seconds: 0, reason: 'microphone' }])
    expect(read.bracket_word).toBe(14)
    expect(read.discontinued).toBe(false)
    expect(read.marks.find((m: any) => m.word_index === 2)).toMatchObject({ miscue: 'told', hesitated: true, skipped_line: false })
    expect(read.marks.filter((m: any) => m.skipped_line)).toHaveLength(6)
    // The report's text shows the bracket after word 15 and the told word's hesitation.
    expect(read.content).toContain('sang<span class="bracket" title="Word reached at one minute">]</span>')
    expect(read.content).toMatch(/title="[^"]+ \(after a 3-second hesitation\)">sat</)
    // ... and keeps the passage's three lines.
    expect(read.lines).toEqual([{ start: 0, length: 6 }, { start: 6, length: 6 }, { start: 12, length: 6 }])
    expect(read.content.split('<br>')).toHaveLength(3)
    expect(read.content).toMatch(/mat\.<br><mark [^>]+>The<\/mark>/)
    // 18 read, 7 errors; WCPM from the 15 words to the bracket with its 7 errors: 8.
    expect(read).toMatchObject({ total_attempted: 18, error_count: 7, wcpm: 8 })
  })

  it('stores a discontinued reading with no word correct', async () => {
    const marks = [0, 1, 2, 3, 4, 5].map((i) => ({ word_index: i, miscue: 'substitution' }))
    const res = await h.request('POST', api.sittings, { token: teacher, json: sitting({ marks, total_attempted: 6, duration: 20, discontinued: true }) })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.payload).toMatchObject({ discontinued: true, total_attempted: 6, total_correct: 0, wcpm: 0, score: 0 })
  })

  it('keeps no bracket and no discontinue under a profile without those rules', async () => {
    const res = await h.request('POST', api.sittings, { token: teacher, json: sitting({ bracket_word: 5, discontinued: true }, 'standard') })
    expect(res.status).toBe(201)
    // The standard profile: the whole reading over its time, 18 words in 1.5 minutes.
    expect(res.body.payload).toMatchObject({ bracket_word: null, discontinued: false, total_attempted: 18, wcpm: 12 })
  })

  it('refuses a bracket past the last word read, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await h.request('POST', api.sittings, { token: teacher, json: sitting({ total_attempted: 10, bracket_word: 12 }), lang })
      expect(res.status).toBe(400)
      expect(res.body.message.errors).toEqual([SITTING_MESSAGES.bracketPastAttempted(12, 10)[lang]])
      expect(res.body.message.fields.bracket_word).toBeDefined()
    }
  })

  it('refuses malformed gaps and flags, in both languages', async () => {
    const bad = [
      { reading_gaps: [{ ...GAP, reason: 'nap' }] },
      { reading_gaps: [{ ...GAP, seconds: -1 }] },
      { reading_gaps: [{ ...GAP, at: 'yesterday' }] },
      { reading_gaps: Array.from({ length: 101 }, () => GAP) },
      { bracket_word: -1 },
      { discontinued: 'yes' },
      { marks: [{ word_index: 1, miscue: 'told', hesitated: 'long' }] },
    ]
    for (const more of bad) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', api.sittings, { token: teacher, json: sitting(more), lang })
        expect(res.status, JSON.stringify(more)).toBe(400)
        expect(res.body.message.errors[0]).toMatch(lang === 'ar' ? /[\u0600-\u06FF]/ : /[A-Za-z]/)
      }
    }
  })
})
