// An institution's custom student-ID pattern runs on RE2 (docs/adr/0113): patterns that made a backtracking
// engine take seconds (28 characters: 4 s, 100: forever) answer a student save at once, and the next
// institution's calls are not held up.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { institutions } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'
import { CODES } from '../../src/shared/schemas/codes'
import { sampleInstitutionId } from '../factories/tenants'

let h: Harness
let token: string
let institutionId: number
let schoolId: number
let yearId: number
let classId: number

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  token = await h.login('institution.admin@sample.test')
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  yearId = (await h.request('GET', api.academicYears, { token })).body.payload.results.find((y: { display_name: string }) => y.display_name === '2026-2027').id
  classId = (await h.request('GET', `/api/school/${schoolId}/class/?identifier=1A`, { token })).body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

const student = (code: string) => ({ first_name: 'Pattern', last_name: 'Pupil', arabic_name: 'طالب نمط', enrollment_code: code, gender: 'f', class_relation: classId })

describe('custom student-ID patterns on a linear-time engine', () => {
  /** The quickest of five refused saves of `code` under `pattern` (a save also reads the database, which a loaded machine slows). */
  async function quickestRefusal(pattern: string, code: string): Promise<number> {
    await h.db.update(institutions).set({ student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: pattern }).where(eq(institutions.id, institutionId))
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const res = await h.request('POST', api.students(schoolId, yearId), { token, json: student(code) })
      times.push(performance.now() - started)
      expect(res.status).toBe(400)
      expect(res.body.message.codes.enrollment_code).toBe(CODES.studentIdPattern)
    }
    return Math.min(...times)
  }

  it.each(['([A-Z]|[A-Z0-9])+', '(\\w|\\d)*', '(a|[a])*', '\\d*\\d*\\d*\\d*\\d*x'])('%s: the pattern adds under 50 ms to a save with a 100-character code', async (pattern) => {
    const code = `${(pattern.startsWith('(a') ? 'a' : pattern.startsWith('\\d') ? '1' : 'A').repeat(99)}!`
    const plain = await quickestRefusal('[a-z]{1,3}', code)
    const hostile = await quickestRefusal(pattern, code)
    expect(hostile - plain).toBeLessThan(50)
  })

  it('keeps the meaning of a pattern: a matching code is saved, a partial match is refused', async () => {
    await h.db.update(institutions).set({ student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: 'ST-[0-9]{4}' }).where(eq(institutions.id, institutionId))
    expect((await h.request('POST', api.students(schoolId, yearId), { token, json: student('ST-1234') })).status).toBe(201)
    expect((await h.request('POST', api.students(schoolId, yearId), { token, json: student('ST-12345') })).status).toBe(400)
  })

  it('refuses at save a pattern RE2 cannot run, with a message in both languages', async () => {
    const platform = await h.login('admin', 'Admin$1pass', 'localhost:8080')
    const current = (await h.request('GET', `/api/client/${institutionId}/`, { token: platform, host: 'localhost:8080' })).body.payload
    for (const [lang, words] of [['en', /back-reference/], ['ar', /إحالة خلفية/]] as const) {
      const res = await h.request('PUT', `/api/client/${institutionId}/`, {
        token: platform, host: 'localhost:8080', lang, json: { ...current, student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: '(\\d)\\1{3}' },
      })
      expect(res.status).toBe(400)
      expect(res.body.message.codes.student_id_custom_regex).toBe(CODES.unsafeRegex)
      expect(res.body.message.fields.student_id_custom_regex[0]).toMatch(words)
    }
  })
})
