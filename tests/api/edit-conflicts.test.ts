// Optimistic concurrency for every editable entity (docs/adr/0031): an edit that sends the `updated_at` it
// started from is refused with 409 `conflict` and the current record when someone changed it meanwhile,
// and of two edits from one version exactly one wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, createHarness, type Harness } from '../setup/api-harness'
import { EDIT_CONFLICT, api } from '../../src/shared/api'
import { insertClass, sampleInstitutionId } from '../factories/tenants'
import { dependencies, passage } from '../factories/assessments'

let h: Harness
let token: string
let platform: string
let schoolId: number
let sampleId: number
let n = 0

beforeAll(async () => {
  h = await createHarness()
  token = await h.login('institution.admin@sample.test')
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  sampleId = await sampleInstitutionId(h)
})
afterAll(async () => {
  await h?.close()
})

type Entity = {
  /** Creates a record and answers its path. */
  create: () => Promise<string>
  /** An edit body that differs with `i`. */
  edit: (i: number) => Record<string, unknown>
  host?: string
  as?: () => string
}

/** A stale edit answers 409 conflict with the record as GET answers it; an edit from that version passes. */
async function staleEditIsRefused(e: Entity) {
  const host = e.host
  const t = e.as?.() ?? token
  const path = await e.create()
  const start = (await h.request('GET', path, { host, token: t })).body.payload
  expect(start.updated_at).toEqual(expect.any(String))

  const mine = await h.request('PUT', path, { host, token: t, json: { ...e.edit(1), updated_at: start.updated_at } })
  expect(mine.status).toBe(200)
  expect(mine.body.payload.updated_at).not.toBe(start.updated_at)

  const theirs = await h.request('PUT', path, { host, token: t, json: { ...e.edit(2), updated_at: start.updated_at }, lang: 'ar' })
  expect(theirs.status).toBe(409)
  expect(theirs.body.message.codes).toEqual({ _: EDIT_CONFLICT })
  expect(theirs.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
  const now = (await h.request('GET', path, { host, token: t, lang: 'ar' })).body.payload
  expect(theirs.body.message.current).toEqual(now)
  expect(now.updated_at).toBe(mine.body.payload.updated_at)

  const retried = await h.request('PUT', path, { host, token: t, json: { ...e.edit(2), updated_at: theirs.body.message.current.updated_at } })
  expect(retried.status).toBe(200)
}

/** Two edits sent at once from the same version: exactly one is applied, the other is a conflict. */
async function oneOfTwoWins(e: Entity) {
  const host = e.host
  const t = e.as?.() ?? token
  const path = await e.create()
  const start = (await h.request('GET', path, { host, token: t })).body.payload
  const answers = await Promise.all([3, 4].map((i) => h.request('PUT', path, { host, token: t, json: { ...e.edit(i), updated_at: start.updated_at } })))
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  const loser = answers.find((a) => a.status === 409)!
  const winner = answers.find((a) => a.status === 200)!
  expect(loser.body.message.codes).toEqual({ _: EDIT_CONFLICT })
  expect(loser.body.message.current).toEqual(winner.body.payload)
}

const grade: Entity = {
  create: async () => {
    const res = await h.request('POST', api.grades(schoolId), { token, json: { identifier: `CFG${++n}`, display_name: 'Grade' } })
    return api.grade(schoolId, res.body.payload.id)
  },
  edit: (i) => ({ identifier: `G-EDIT-${n}-${i}`, display_name: `Grade edit ${i}` }),
}
const section: Entity = {
  create: async () => {
    const res = await h.request('POST', api.sections(schoolId), { token, json: { identifier: `CFS${++n}`, display_name: 'Section' } })
    return api.section(schoolId, res.body.payload.id)
  },
  edit: (i) => ({ identifier: `S-EDIT-${n}-${i}`, display_name: `Section edit ${i}` }),
}
const schoolBody = (identifier: string, name: string) => ({
  identifier, display_name: name, arabic_display_name: 'مدرسة النور', phone_number: '',
  school_address: { country: 'AE', state: '', city: 'Dubai', street: '', zipcode: '' },
})
const school: Entity = {
  create: async () => {
    const res = await h.request('POST', api.schools, { token, json: schoolBody(`SCHOOL${++n}`, 'Conflict school') })
    expect(res.status).toBe(201)
    return api.school(res.body.payload.id)
  },
  edit: (i) => schoolBody(`SCHOOL${n}`, `Conflict school, edit ${i}`),
}
const year: Entity = {
  create: async () => {
    const start = 2040 + ++n
    const res = await h.request('POST', api.academicYears, { token, json: { display_name: `${start}-${start + 1}` } })
    expect(res.status).toBe(201)
    return api.academicYear(res.body.payload.id)
  },
  edit: (i) => ({ display_name: `${2200 + n * 10 + i}-${2201 + n * 10 + i}`, is_active: i % 2 === 0 }),
}
const user: Entity = {
  create: async () => {
    const json = {
      first_name: 'Layla', last_name: 'Nasser', email: `layla${++n}@sample.test`, role: 'teacher',
      userprofile: { phone_number: '', known_languages: '' }, is_active: true, schools: [schoolId],
    }
    const res = await h.request('POST', '/api/user/', { token, json })
    expect(res.status).toBe(201)
    return `/api/user/${res.body.payload.id}/`
  },
  edit: (i) => ({
    first_name: `Layla${'a'.repeat(i)}`, last_name: 'Nasser', email: `layla${n}@sample.test`, role: 'teacher',
    userprofile: { phone_number: '', known_languages: `Arabic ${i}` }, is_active: true, schools: [schoolId],
  }),
}
const institution: Entity = {
  host: PLATFORM_HOST,
  as: () => platform,
  create: async () => `/api/client/${sampleId}/`,
  edit: (i) => ({
    organization_name: `Sample Schools ${i}`, address: { country: 'AE', state: 'Dubai', city: 'Dubai', zipcode: '' },
    acronym: 'SMPL', about: `Edit ${i}`, account_number: '',
  }),
}

const library: Entity = {
  host: PLATFORM_HOST,
  as: () => platform,
  create: async () => {
    const res = await h.request('POST', '/api/assessmentlibrary/', { host: PLATFORM_HOST, token: platform, json: { display_name: `Library ${++n}` } })
    expect(res.status).toBe(201)
    return `/api/assessmentlibrary/${res.body.payload.id}/`
  },
  edit: (i) => ({ display_name: `Library ${n}, edit ${i}`, isReport: i % 2 === 0 }),
}
const assessment: Entity = {
  host: PLATFORM_HOST,
  as: () => platform,
  create: async () => {
    const res = await h.request('POST', '/api/assessment/', { host: PLATFORM_HOST, token: platform, json: passage(await dependencies(h, platform), { title: `Passage ${++n}` }) })
    expect(res.status).toBe(201)
    return `/api/assessment/${res.body.payload.id}/`
  },
  edit: (i) => ({ ...assessmentBody, title: `Passage ${n}, edit ${i}` }),
}
let assessmentBody: Record<string, unknown> = {}

describe('a stale edit answers 409 conflict with the current version', () => {
  beforeAll(async () => {
    assessmentBody = passage(await dependencies(h, platform))
  })
  it('grade', () => staleEditIsRefused(grade))
  it('section', () => staleEditIsRefused(section))
  it('school', () => staleEditIsRefused(school))
  it('academic year', () => staleEditIsRefused(year))
  it('user', () => staleEditIsRefused(user))
  it('institution', () => staleEditIsRefused(institution))
  it('assessment library', () => staleEditIsRefused(library))
  it('assessment', () => staleEditIsRefused(assessment))
})

describe('two edits from the same version at once: exactly one wins', () => {
  it('grade', () => oneOfTwoWins(grade))
  it('school', () => oneOfTwoWins(school))
  it('user', () => oneOfTwoWins(user))
  it('academic year', () => oneOfTwoWins(year))
})

describe('only an edit conflict uses the code conflict', () => {
  it('a duplicate and a refused delete keep their own codes', async () => {
    const path = await grade.create()
    const id = Number(path.split('/').at(-2))
    const dup = await h.request('POST', api.grades(schoolId), { token, json: { identifier: `CFG${n}`, display_name: 'again' } })
    expect(dup.status).toBe(409)
    expect(dup.body.message.codes).toEqual({ identifier: 'duplicateIdentifier' })
    await insertClass(h, { institutionId: sampleId, schoolId, gradeId: id, identifier: `CL${n}` })
    const refused = await h.request('DELETE', path, { token })
    expect(refused.status).toBe(409)
    expect(refused.body.message.codes?._).not.toBe(EDIT_CONFLICT)
  })

  it('an edit without updated_at still wins (last write)', async () => {
    const path = await school.create()
    expect((await h.request('PUT', path, { token, json: school.edit(1) })).status).toBe(200)
    expect((await h.request('PUT', path, { token, json: school.edit(2) })).status).toBe(200)
  })
})
