// A sitting is scored by one pass of the one calculation per write (issue 28): recording it and correcting it
// each run scoreSittingOfKind once, and nothing on the server scores its marks apart from that pass.
import { describe, expect, it, vi } from 'vitest'
import { api } from '../../src/shared/api'

const calls = vi.hoisted(() => ({ kind: 0, marks: 0 }))
vi.mock('../../src/shared/reports/assessment-kinds', async (actual) => {
  const real = await actual<typeof import('../../src/shared/reports/assessment-kinds')>()
  return { ...real, scoreSittingOfKind: (...a: Parameters<typeof real.scoreSittingOfKind>) => (calls.kind++, real.scoreSittingOfKind(...a)) }
})
vi.mock('../../src/shared/reports/scoring-profile', async (actual) => {
  const real = await actual<typeof import('../../src/shared/reports/scoring-profile')>()
  return { ...real, scoredMarks: (...a: Parameters<typeof real.scoredMarks>) => (calls.marks++, real.scoredMarks(...a)) }
})

// API test files share their worker's modules (vitest.config.ts): the server's modules are loaded again here,
// so they import the counting copies above rather than those an earlier file loaded.
vi.resetModules()
const { teacherOnReportFixture } = await import('../factories/report-fixture')
const world = teacherOnReportFixture()

const MARKS = [
  { word_index: 1, miscue: 'substitution' }, { word_index: 3, miscue: 'insertion' }, { word_index: 5, miscue: 'omission', self_corrected: true },
  { word_index: 6, miscue: 'self_correction' },
]

describe('a sitting scored once per write', () => {
  it('recording a sitting of four marks and correcting it each score it in one pass, with the figures the rules give', async () => {
    calls.kind = calls.marks = 0
    const res = await world.h.request('POST', api.sittings, {
      token: world.teacher,
      json: { student: world.f.sara, assessment: world.f.english, class: world.f.class1A, academic_year: world.f.yearId, created_in_device_at: '2026-10-01T08:00:00Z', duration: 60, marks: MARKS },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // N 10; E: w1, w3 = 2; SC: w5 corrected and the self-correction mark = 2 → 80 %, SC ratio (2 + 2) / 2 = 2.
    expect(res.body.payload).toMatchObject({ error_count: 2, self_correction_count: 2, accuracy: 80, self_correction_ratio: 2 })
    expect(calls).toEqual({ kind: 1, marks: 0 })

    calls.kind = calls.marks = 0
    const fixed = await world.h.request('POST', api.sittingCorrection(world.f.schoolA, world.f.class1A, res.body.payload.id), {
      token: world.teacher, json: { version: 1, reason: 'Word 4 was right', marks: MARKS.filter((m) => m.word_index !== 3) },
    })
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201)
    expect(fixed.body.payload).toMatchObject({ version: 2, error_count: 1, self_correction_count: 2, accuracy: 90 })
    expect(calls).toEqual({ kind: 1, marks: 0 })
  })
})
