import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { MESSAGES } from '../../src/server/lib/messages'
import { PAGE_SIZE, api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { CODES } from '../../src/shared/schemas/codes'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { insertClass, insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let token: string
let institutionId: number
let schoolId: number

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  token = await h.login('institution.admin@sample.test')
  const mine = await h.request('GET', api.mySchools, { token })
  expect(mine.status).toBe(200)
  schoolId = mine.body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

const KINDS = [
  { kind: 'grade', list: api.grades, one: api.grade, workflow: api.gradeWorkflow, inUse: MESSAGES.gradeInUse.en },
  { kind: 'section', list: api.sections, one: api.section, workflow: api.sectionWorkflow, inUse: MESSAGES.sectionInUse.en },
] as const

describe.each(KINDS)('$kind CRUD', ({ kind, list, one, inUse }) => {
  it('lists the seeded rows in the list envelope', async () => {
    const res = await h.request('GET', list(schoolId), { token })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['payload'])
    expect(Object.keys(res.body.payload).sort()).toEqual(['count', 'results'])
    expect(res.body.payload.count).toBe(kind === 'grade' ? 3 : 2)
    expect(res.body.payload.results[0]).toEqual({
      id: expect.any(Number),
      school_id: schoolId,
      identifier: kind === 'grade' ? 'G1' : 'A',
      display_name: kind === 'grade' ? 'Grade 1' : 'Section A',
      is_deletable: expect.any(Boolean), // the sample data may have a class using it
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
  })

  it('creates, reads, updates and deletes a row', async () => {
    const created = await h.request('POST', list(schoolId), { token, json: { identifier: '  CRUD1 ', display_name: ' First ' } })
    expect(created.status).toBe(201)
    expect(Object.keys(created.body)).toEqual(['payload'])
    const row = created.body.payload
    expect(row).toMatchObject({ school_id: schoolId, identifier: 'CRUD1', display_name: 'First', is_deletable: true })

    const got = await h.request('GET', one(schoolId, row.id), { token })
    expect(got.status).toBe(200)
    expect(got.body).toEqual({ payload: row })

    const updated = await h.request('PUT', one(schoolId, row.id), { token, json: { identifier: 'CRUD1', display_name: 'Renamed' } })
    expect(updated.status).toBe(200)
    expect(updated.body.payload).toMatchObject({ id: row.id, identifier: 'CRUD1', display_name: 'Renamed' })
    expect((await h.request('GET', one(schoolId, row.id), { token })).body.payload.display_name).toBe('Renamed')

    const deleted = await h.request('DELETE', one(schoolId, row.id), { token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ payload: { deleted: true } })
    expect((await h.request('GET', one(schoolId, row.id), { token })).status).toBe(404)
    expect((await h.request('DELETE', one(schoolId, row.id), { token })).status).toBe(404)
    expect((await h.request('PUT', one(schoolId, row.id), { token, json: { identifier: 'X', display_name: 'Y' } })).status).toBe(404)
  })

  it('refuses empty and missing fields with field errors and codes', async () => {
    for (const json of [{ identifier: '', display_name: '' }, { identifier: '   ', display_name: '\t' }, {}]) {
      const res = await h.request('POST', list(schoolId), { token, json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.body.message.errors).toHaveLength(2)
      expect(Object.keys(res.body.message.fields).sort()).toEqual(['display_name', 'identifier'])
      expect(res.body.message.codes).toEqual({ identifier: 'required', display_name: 'required' })
    }
    const tooLong = await h.request('POST', list(schoolId), { token, json: { identifier: 'x'.repeat(51), display_name: 'ok' } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message.codes).toEqual({ identifier: 'too_long' })
    const wrongType = await h.request('POST', list(schoolId), { token, json: { identifier: 12, display_name: 'ok' } })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message.codes).toEqual({ identifier: 'required' })
    const arabic = await h.request('POST', list(schoolId), { token, lang: 'ar', json: { identifier: '', display_name: 'ok' } })
    expect(arabic.body.message.fields.identifier[0]).toMatch(/[\u0600-\u06FF]/)
    expect((await h.request('GET', list(schoolId), { token })).body.payload.count).toBe(kind === 'grade' ? 3 : 2)
  })

  it('refuses malformed JSON and non-object bodies with 400, not 500', async () => {
    for (const json of ['{"identifier": "X", ', 'null', '[1,2]', '"text"']) {
      const res = await h.request('POST', list(schoolId), { token, json })
      expect(res.status, json).toBe(400)
      expect(res.body.message.errors.length, json).toBeGreaterThan(0)
    }
    const huge = await h.request('POST', list(schoolId), { token, json: { identifier: 'BIG', display_name: 'x'.repeat(2 * 1024 * 1024) } })
    expect(huge.status).toBe(413)
    expect(huge.body.message.errors.length).toBeGreaterThan(0)
    const row = (await h.request('GET', list(schoolId), { token })).body.payload.results[0]
    const put = await h.request('PUT', one(schoolId, row.id), { token, json: '{oops' })
    expect(put.status).toBe(400)
    expect(put.body.message.errors).toEqual([MESSAGES.invalidJson.en])
  })

  it('refuses a duplicate identifier in the same school (any letter case) but allows it in another school', async () => {
    const first = await h.request('POST', list(schoolId), { token, json: { identifier: 'DUP', display_name: 'One' } })
    expect(first.status).toBe(201)
    for (const identifier of ['DUP', 'dup']) {
      const res = await h.request('POST', list(schoolId), { token, json: { identifier, display_name: 'Two' } })
      expect(res.status).toBe(409)
      expect(res.body.message.codes).toEqual({ identifier: 'duplicateIdentifier' })
      expect(res.body.message.fields.identifier).toEqual([MESSAGES.duplicateIdentifier.en])
    }
    const second = await h.request('POST', list(schoolId), { token, json: { identifier: 'DUP2', display_name: 'Two' } })
    const renamed = await h.request('PUT', one(schoolId, second.body.payload.id), { token, json: { identifier: 'Dup', display_name: 'Two' } })
    expect(renamed.status).toBe(409)
    expect(renamed.body.message.codes.identifier).toBe('duplicateIdentifier')
    // Saving a row with its own identifier is not a clash.
    expect((await h.request('PUT', one(schoolId, first.body.payload.id), { token, json: { identifier: 'DUP', display_name: 'One!' } })).status).toBe(200)

    const elsewhere = await insertSchool(h, institutionId, `DUPS-${kind}`)
    expect((await h.request('POST', list(elsewhere), { token, json: { identifier: 'DUP', display_name: 'Other school' } })).status).toBe(201)
  })

  it('creates one row when two requests with the same identifier race', async () => {
    const json = { identifier: `RACE-${kind}`, display_name: 'race' }
    const answers = await Promise.all([1, 2, 3, 4].map(() => h.request('POST', list(schoolId), { token, json })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409])
    const rows = await h.request('GET', `${list(schoolId)}?identifier=RACE-${kind}`, { token })
    expect(rows.body.payload.count).toBe(1)
  })

  it('lets only one of two racing edits of the same version win', async () => {
    const row = (await h.request('POST', list(schoolId), { token, json: { identifier: `EDIT-${kind}`, display_name: 'v1' } })).body.payload
    const answers = await Promise.all(['a', 'b', 'c'].map((v) =>
      h.request('PUT', one(schoolId, row.id), { token, json: { identifier: row.identifier, display_name: v, updated_at: row.updated_at } })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    const winner = answers.find((a) => a.status === 200)!.body.payload.display_name
    expect((await h.request('GET', one(schoolId, row.id), { token })).body.payload.display_name).toBe(winner)
  })

  it('refuses an edit with a stale updated_at (409) and accepts the current one', async () => {
    const created = (await h.request('POST', list(schoolId), { token, json: { identifier: 'LOCK', display_name: 'v1' } })).body.payload
    const v2 = await h.request('PUT', one(schoolId, created.id), { token, json: { identifier: 'LOCK', display_name: 'v2', updated_at: created.updated_at } })
    expect(v2.status).toBe(200)
    expect(v2.body.payload.display_name).toBe('v2')
    expect(v2.body.payload.updated_at).not.toBe(created.updated_at)

    const stale = await h.request('PUT', one(schoolId, created.id), { token, json: { identifier: 'LOCK', display_name: 'v3', updated_at: created.updated_at } })
    expect(stale.status).toBe(409)
    expect(stale.body.message.codes).toEqual({ _: 'conflict' })
    expect(stale.body.message.errors).toHaveLength(1)
    expect((await h.request('GET', one(schoolId, created.id), { token })).body.payload.display_name).toBe('v2')

    const v3 = await h.request('PUT', one(schoolId, created.id), { token, json: { identifier: 'LOCK', display_name: 'v3', updated_at: v2.body.payload.updated_at } })
    expect(v3.status).toBe(200)
    const badStamp = await h.request('PUT', one(schoolId, created.id), { token, json: { identifier: 'LOCK', display_name: 'v4', updated_at: 'yesterday' } })
    expect(badStamp.status).toBe(400)
    expect(Object.keys(badStamp.body.message.fields)).toEqual(['updated_at'])
    expect(Object.values(CODES)).toContain(badStamp.body.message.codes.updated_at)
  })

  it('refuses to delete a row a class uses and marks it not deletable', async () => {
    const used = (await h.request('POST', list(schoolId), { token, json: { identifier: 'USED', display_name: 'In use' } })).body.payload
    const free = (await h.request('POST', list(schoolId), { token, json: { identifier: 'FREE', display_name: 'Not in use' } })).body.payload
    const gradeId = kind === 'grade'
      ? used.id
      : (await h.request('GET', api.grades(schoolId), { token })).body.payload.results[0].id
    await insertClass(h, { institutionId, schoolId, gradeId, sectionId: kind === 'section' ? used.id : undefined, identifier: `C-${kind}` })

    const refused = await h.request('DELETE', one(schoolId, used.id), { token })
    expect(refused.status).toBe(409)
    expect(refused.body.message.errors).toEqual([inUse])
    expect((await h.request('GET', one(schoolId, used.id), { token })).body.payload.is_deletable).toBe(false)
    const rows = (await h.request('GET', `${list(schoolId)}?identifier=USED`, { token })).body.payload.results
    expect(rows).toEqual([expect.objectContaining({ id: used.id, is_deletable: false })])
    expect((await h.request('GET', one(schoolId, free.id), { token })).body.payload.is_deletable).toBe(true)
    expect((await h.request('DELETE', one(schoolId, free.id), { token })).status).toBe(200)
  })

  it('answers 404 for a row of another school or institution and 400 for a non-numeric id', async () => {
    const otherSchool = await insertSchool(h, institutionId, `NF-${kind}`)
    const foreign = (await h.request('POST', list(otherSchool), { token, json: { identifier: 'THERE', display_name: 'Other school row' } })).body.payload
    expect((await h.request('GET', one(otherSchool, foreign.id), { token })).status).toBe(200)
    expect((await h.request('GET', one(schoolId, foreign.id), { token })).status).toBe(404)
    expect((await h.request('PUT', one(schoolId, foreign.id), { token, json: { identifier: 'HIJACK', display_name: 'x' } })).status).toBe(404)
    expect((await h.request('DELETE', one(schoolId, foreign.id), { token })).status).toBe(404)
    expect((await h.request('GET', one(otherSchool, foreign.id), { token })).body.payload.identifier).toBe('THERE')

    const other = await insertInstitution(h, `nf${kind}`)
    const otherToken = await h.login(other.adminEmail, 'Other$1pass', other.host)
    const theirs = (await h.request('POST', list(other.schoolId), { host: other.host, token: otherToken, json: { identifier: 'THEIRS', display_name: 'x' } })).body.payload
    expect((await h.request('GET', one(schoolId, theirs.id), { token })).status).toBe(404)
    expect((await h.request('GET', one(other.schoolId, theirs.id), { token })).status).toBe(404)

    for (const id of ['abc', '0', '-1', '1.5', '1e3']) {
      const res = await h.request('GET', one(schoolId, id), { token })
      expect(res.status, id).toBe(400)
      expect(res.body.message.errors, id).toEqual([MESSAGES.invalidId.en])
    }
    expect((await h.request('GET', list('abc'), { token })).status).toBe(400)
    expect((await h.request('GET', list(999999), { token })).status).toBe(404)
  })
})

describe.each(KINDS)('$kind list paging, ordering and filters', ({ kind, list }) => {
  let listSchool: number
  const N = 20
  // identifier P01..P20; display names run the other way so the two orderings differ.
  const rows = Array.from({ length: N }, (_, i) => ({
    identifier: `P${String(i + 1).padStart(2, '0')}`,
    display_name: `Row ${String(N - i).padStart(2, '0')}`,
  }))
  const get = async (query: string) => h.request('GET', `${list(listSchool)}${query}`, { token })
  const all = async (query: string) => {
    const out: any[] = []
    for (let page = 1; ; page++) {
      const res = await get(`${query}${query ? '&' : '?'}page=${page}`)
      expect(res.status).toBe(200)
      out.push(...res.body.payload.results)
      if (res.body.payload.results.length < PAGE_SIZE) return out
    }
  }

  beforeAll(async () => {
    listSchool = await insertSchool(h, institutionId, `LIST-${kind}`)
    for (const row of rows) expect((await h.request('POST', list(listSchool), { token, json: row })).status).toBe(201)
  })

  it('pages by 15 with the full count on every page', async () => {
    const p1 = await get('')
    expect(p1.body.payload.count).toBe(N)
    expect(p1.body.payload.results).toHaveLength(PAGE_SIZE)
    const p2 = await get('?page=2')
    expect(p2.body.payload.count).toBe(N)
    expect(p2.body.payload.results).toHaveLength(N - PAGE_SIZE)
    const ids = [...p1.body.payload.results, ...p2.body.payload.results].map((r: any) => r.id)
    expect(new Set(ids).size).toBe(N)
    expect((await get('?page=1')).body.payload.results).toEqual(p1.body.payload.results)
    const p3 = await get('?page=3')
    expect(p3.status).toBe(200)
    expect(p3.body.payload).toEqual({ results: [], count: N })
  })

  it('orders ascending and descending by identifier and display_name across pages', async () => {
    const byId = rows.map((r) => r.identifier)
    expect((await all('')).map((r) => r.identifier)).toEqual(byId) // default: identifier
    expect((await all('?ordering=identifier')).map((r) => r.identifier)).toEqual(byId)
    expect((await all('?ordering=-identifier')).map((r) => r.identifier)).toEqual([...byId].reverse())
    const byName = [...rows].sort((a, b) => a.display_name.localeCompare(b.display_name)).map((r) => r.display_name)
    expect((await all('?ordering=display_name')).map((r) => r.display_name)).toEqual(byName)
    expect((await all('?ordering=-display_name')).map((r) => r.display_name)).toEqual([...byName].reverse())
    // display_name order is the reverse of identifier order here, so this really sorted by name
    expect((await get('?ordering=display_name')).body.payload.results[0].identifier).toBe('P20')
  })

  it('refuses an unknown ordering field or a bad page with 400', async () => {
    for (const q of ['?ordering=password_hash', '?ordering=school_id', '?ordering=--identifier', '?ordering=toString', '?ordering=constructor', '?ordering=__proto__']) {
      const res = await get(q)
      expect(res.status, q).toBe(400)
      expect(res.body.message.errors, q).toEqual([MESSAGES.invalidOrdering.en])
    }
    for (const q of ['?page=0', '?page=abc', '?page=-1', '?page=1.5', '?page=']) {
      const res = await get(q)
      expect(res.status, q).toBe(400)
      expect(res.body.message.errors, q).toEqual([MESSAGES.invalidPage.en])
    }
  })

  it('filters by case-insensitive contains on display_name and identifier', async () => {
    const res = await get('?display_name=ROW%200')
    expect(res.status).toBe(200)
    expect(res.body.payload.count).toBe(9) // Row 01 .. Row 09
    expect(res.body.payload.results.map((r: any) => r.display_name).sort()).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((n) => `Row ${n}`),
    )
    expect((await get('?identifier=p1')).body.payload.count).toBe(10) // P10..P19
    expect((await get('?identifier=p1&display_name=row%2010')).body.payload.results.map((r: any) => r.identifier)).toEqual(['P11'])
    expect((await get('?display_name=nothing-like-this')).body.payload).toEqual({ results: [], count: 0 })
    // A filter combined with paging and ordering.
    const paged = await get('?display_name=row&ordering=-identifier&page=2')
    expect(paged.body.payload.count).toBe(N)
    expect(paged.body.payload.results.map((r: any) => r.identifier)).toEqual(['P05', 'P04', 'P03', 'P02', 'P01'])
  })

  it('treats LIKE wildcards in filters literally', async () => {
    for (const display_name of ['50% off', '500 off', 'a_b', 'axb', 'back\\slash']) {
      expect((await h.request('POST', list(listSchool), { token, json: { identifier: `W-${display_name}`, display_name } })).status).toBe(201)
    }
    const names = async (text: string) =>
      (await get(`?display_name=${encodeURIComponent(text)}`)).body.payload.results.map((r: any) => r.display_name)
    expect(await names('%')).toEqual(['50% off'])
    expect(await names('50%')).toEqual(['50% off'])
    expect(await names('_')).toEqual(['a_b'])
    expect(await names('\\')).toEqual(['back\\slash'])
  })
})

describe('work-flow', () => {
  it.each(KINDS)('$kind: message is null for roles that may add and a text for the others', async ({ kind, workflow }) => {
    const roles = [...SAMPLE_USERS.map((u) => ({ login: u.email, role: u.role }))]
    for (const { login, role } of roles) {
      const t = await h.login(login)
      const res = await h.request('GET', workflow(schoolId), { token: t })
      expect(res.status, role).toBe(200)
      expect(Object.keys(res.body.payload)).toEqual(['message'])
      if (can(role, kind, 'write')) expect(res.body.payload.message, role).toBeNull()
      else expect(res.body.payload.message, role).toEqual(expect.stringMatching(/\S/))
    }
    // teacher and viewer are the read-only roles today
    expect(can('teacher', kind, 'write') || can('viewer', kind, 'write')).toBe(false)
    const viewer = await h.login('viewer@sample.test')
    const ar = await h.request('GET', workflow(schoolId), { token: viewer, lang: 'ar' })
    expect(ar.body.payload.message).toMatch(/[\u0600-\u06FF]/)
    expect((await h.request('GET', workflow(schoolId))).status).toBe(401)
  })
})
