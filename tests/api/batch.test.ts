// POST /api/batch/ (ADR 0104): queued writes applied in order through the same routes as single calls, each
// with its own Idempotency-Key; the batch stops at the first answer that is not 2xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createHarness, type Harness } from '../setup/api-harness'
import { type insertInstitution, sampleAdminAndOther } from '../factories/tenants'
import { grades } from '../../src/server/db/schema/tables'
import { IDEMPOTENCY_HEADER, api } from '../../src/shared/api'
import { BATCH_MAX_REQUESTS } from '../../src/shared/schemas/batch'

let h: Harness
let token: string
let schoolId: number
let other: Awaited<ReturnType<typeof insertInstitution>>
let otherToken: string

beforeAll(async () => {
  h = await createHarness()
  ;({ token, schoolId, other, otherToken } = await sampleAdminAndOther(h, 'batchother'))
})
afterAll(async () => {
  await h?.close()
})

type Item = { method: string; path: string; headers?: Record<string, string>; body?: unknown }
const create = (identifier: string, key: string, school = schoolId): Item => ({
  method: 'POST', path: api.grades(school), headers: { [IDEMPOTENCY_HEADER]: key }, body: { identifier, display_name: `Grade ${identifier}` },
})
const batch = (requests: Item[], o: { token?: string; lang?: 'en' | 'ar'; host?: string } = {}) =>
  h.request('POST', api.batch, { token: o.token ?? token, lang: o.lang, host: o.host, json: { requests } })
const identifiers = async (prefix: string) =>
  (await h.db.select({ identifier: grades.identifier }).from(grades).where(eq(grades.school_id, schoolId)))
    .map((g) => g.identifier).filter((i) => i.startsWith(prefix)).sort()

describe('POST /api/batch/', () => {
  it('applies the writes in order and answers each one as the route would alone', async () => {
    const res = await batch([create('BO1', 'bo-1'), create('BO2', 'bo-2'), create('BO3', 'bo-3')])
    expect(res.status).toBe(200)
    const results = res.body.payload.results
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201])
    expect(results.map((r: { body: { payload: { identifier: string } } }) => r.body.payload.identifier)).toEqual(['BO1', 'BO2', 'BO3'])
    const ids = results.map((r: { body: { payload: { id: number } } }) => r.body.payload.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(await identifiers('BO')).toEqual(['BO1', 'BO2', 'BO3'])
    // An edit and a delete in one batch, by the ids the creates got, with the route's own answers.
    const [first, second] = results.map((r: { body: { payload: unknown } }) => r.body.payload)
    const edits = await batch([
      { method: 'PUT', path: api.grade(schoolId, first.id), headers: { [IDEMPOTENCY_HEADER]: 'bo-4' }, body: { identifier: 'BO1', display_name: 'Renamed', updated_at: first.updated_at } },
      { method: 'DELETE', path: api.grade(schoolId, second.id), headers: { [IDEMPOTENCY_HEADER]: 'bo-5' } },
    ])
    expect(edits.body.payload.results.map((r: { status: number }) => r.status)).toEqual([200, 200])
    expect(await identifiers('BO')).toEqual(['BO1', 'BO3'])
  })

  it('stops at the first answer that is not 2xx: the writes after it are not attempted and get no result', async () => {
    const res = await batch([create('BS1', 'bs-1'), create('BS1', 'bs-2'), create('BS3', 'bs-3')])
    expect(res.status).toBe(200)
    const results = res.body.payload.results
    expect(results).toHaveLength(2)
    expect(results[0].status).toBe(201)
    // The duplicate identifier is refused exactly as it is alone.
    const alone = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'BS1', display_name: 'Grade BS1' }, headers: { [IDEMPOTENCY_HEADER]: 'bs-alone' } })
    expect(results[1].status).toBe(alone.status)
    expect(results[1].body).toEqual(alone.body)
    expect(await identifiers('BS')).toEqual(['BS1'])
  })

  it('applies nothing twice when the same batch is sent again (its answer was lost)', async () => {
    const requests = [create('BI1', 'bi-1'), create('BI2', 'bi-2')]
    const first = await batch(requests)
    const again = await batch(requests)
    expect(again.status).toBe(200)
    expect(again.body.payload.results.map((r: { body: unknown }) => r.body)).toEqual(first.body.payload.results.map((r: { body: unknown }) => r.body))
    expect(again.body.payload.results.map((r: { headers: Record<string, string> }) => r.headers['idempotent-replayed'])).toEqual(['true', 'true'])
    expect(await identifiers('BI')).toEqual(['BI1', 'BI2'])
    // The same keys sent one by one get the same stored answers too.
    const single = await h.request('POST', api.grades(schoolId), { token, json: requests[1]!.body, headers: requests[1]!.headers })
    expect(single.body).toEqual(first.body.payload.results[1].body)
  })

  it('after a crash part-way (the first writes applied, the answer lost), the batch sent again applies the rest once', async () => {
    const requests = [create('BK1', 'bk-1'), create('BK2', 'bk-2'), create('BK3', 'bk-3')]
    // What a server killed after the second write committed leaves behind: two writes applied under their keys.
    for (const r of requests.slice(0, 2)) {
      expect((await h.request('POST', r.path, { token, json: r.body, headers: r.headers })).status).toBe(201)
    }
    const res = await batch(requests)
    expect(res.body.payload.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201])
    expect(res.body.payload.results.map((r: { headers: Record<string, string> }) => r.headers['idempotent-replayed'])).toEqual(['true', 'true', undefined])
    expect(await identifiers('BK')).toEqual(['BK1', 'BK2', 'BK3'])
  })

  it('answers an item with an id past 2^31 or a NUL character as the route would alone, never with a 5xx', async () => {
    const items: Item[] = [
      { method: 'PUT', path: `/api/school/${schoolId}/grade/2147483648/`, body: { identifier: 'X', display_name: 'X' } },
      { method: 'DELETE', path: `/api/school/99999999999999999999/grade/1/` },
      { method: 'POST', path: api.grades(schoolId), headers: { [IDEMPOTENCY_HEADER]: 'bn-1' }, body: { identifier: 'BN\u0000', display_name: 'Nul\u0000name' } },
      { method: 'POST', path: `/api/school/${schoolId}/grade/%00/` , body: {} },
    ]
    for (const item of items) {
      const res = await batch([item])
      expect(res.status, item.path).toBeLessThan(500)
      if (res.status === 200) {
        const [result] = res.body.payload.results
        expect(result.status, item.path).toBeGreaterThanOrEqual(400)
        expect(result.status, item.path).toBeLessThan(500)
      }
    }
    expect(await identifiers('BN')).toEqual([])
  })

  it("refuses a write aimed at another institution's records exactly as it would be alone, and stops there", async () => {
    const foreign = create('BT1', 'bt-1', other.schoolId)
    const alone = await h.request('POST', foreign.path, { token, json: foreign.body, headers: { [IDEMPOTENCY_HEADER]: 'bt-alone' } })
    expect([403, 404]).toContain(alone.status)
    const res = await batch([foreign, create('BT2', 'bt-2')])
    expect(res.body.payload.results).toHaveLength(1)
    expect(res.body.payload.results[0].status).toBe(alone.status)
    expect(res.body.payload.results[0].body).toEqual(alone.body)
    const theirs = await h.request('GET', api.grades(other.schoolId), { host: other.host, token: otherToken })
    expect(theirs.body.payload.count).toBe(0)
    expect(await identifiers('BT')).toEqual([])
  })

  it('keeps the permission table: a viewer is refused each write as alone', async () => {
    const viewer = await h.login('viewer@sample.test')
    const res = await batch([create('BV1', 'bv-1')], { token: viewer })
    expect(res.body.payload.results[0].status).toBe(403)
    expect(await identifiers('BV')).toEqual([])
  })

  it('needs a signed-in caller of this host; an item cannot bring its own Authorization or Host', async () => {
    expect((await h.request('POST', api.batch, { json: { requests: [create('BA1', 'ba-1')] } })).status).toBe(401)
    expect((await batch([create('BA1', 'ba-1', other.schoolId)], { host: other.host })).status).toBe(401)
    const foreignHeaders: Record<string, string>[] = [{ Authorization: `Bearer ${otherToken}` }, { Host: other.host }, { 'Content-Type': 'multipart/form-data' }]
    for (const headers of foreignHeaders) {
      const res = await batch([{ ...create('BA1', 'ba-1'), headers }])
      expect(res.status, JSON.stringify(headers)).toBe(400)
    }
    expect(await identifiers('BA')).toEqual([])
  })

  it('refuses bad input with 400 in English and Arabic, applying nothing', async () => {
    const bad: unknown[] = [
      {}, { requests: 'x' }, { requests: [] }, { requests: [{ method: 'GET', path: api.grades(schoolId) }] },
      { requests: [{ method: 'POST' }] }, { requests: [{ method: 'POST', path: 5 }] }, { requests: [null] },
      { requests: Array.from({ length: BATCH_MAX_REQUESTS + 1 }, (_, i) => create(`BL${i}`, `bl-${i}`)) },
    ]
    for (const body of bad) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await h.request('POST', api.batch, { token, lang, json: body })
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        expect(res.body.message.errors.length).toBeGreaterThan(0)
        if (lang === 'ar') expect(res.body.message.errors.join(' ')).toMatch(/[\u0600-\u06FF]/)
        else expect(res.body.message.errors.join(' ')).not.toMatch(/[\u0600-\u06FF]/)
      }
    }
    for (const json of ['{', '[]', 'null']) expect((await h.request('POST', api.batch, { token, json })).status).toBe(400)
    expect(await identifiers('BL')).toEqual([])
  })

  it('takes at most the limit of writes, and never sign-in, password, sign-out, batch or non-/api/ calls', async () => {
    const full = Array.from({ length: BATCH_MAX_REQUESTS }, (_, i) => create(`BM${String(i).padStart(2, '0')}`, `bm-${i}`))
    const res = await batch(full)
    expect(res.status).toBe(200)
    expect(res.body.payload.results).toHaveLength(BATCH_MAX_REQUESTS)
    expect(await identifiers('BM')).toHaveLength(BATCH_MAX_REQUESTS)
    const forbidden = [api.batch, '/api/batch', '/API/BATCH/', '/api//batch/', '/api/../api/batch/', '/api/%2e%2e/api/batch/', api.login, api.logout,
      api.changePassword, api.resetPassword, api.forgotPassword, '/health/', '//evil.test/api/x/', 'http://evil.test/api/school/', '/apix/', 'api/school/']
    for (const path of forbidden) {
      const refused = await batch([create('BF1', 'bf-0'), { method: 'POST', path, body: {} }], { lang: 'ar' })
      expect(refused.status, path).toBe(400)
      expect(refused.body.message.fields['requests.1.path']).toBeDefined()
    }
    expect(await identifiers('BF')).toEqual([])
    // A batch over the body limit is refused before anything runs.
    const huge = await batch([{ ...create('BH1', 'bh-1'), body: { identifier: 'BH1', display_name: 'x'.repeat(1_100_000) } }])
    expect(huge.status).toBe(413)
  })

  it('refuses a batch, sign-out or password call spelled with percent-escapes, and a batch nested 1,000 deep, within 100 ms', async () => {
    const disguised = ['/api/%62atch/', '/api/b%61tch/', '/api/%62%61%74%63%68/', '/api/%6cogout/', '/api/%63hange-password/', '/api/%6Cogin/',
      '/api/forgot-%70assword/', '/api/reset-%70assword/', '/api/%E0%A4%A/']
    for (const path of disguised) {
      const started = performance.now()
      const refused = await batch([create('BD1', 'bd-1'), { method: 'POST', path, body: { requests: [create('BD2', 'bd-2')], old_password: 'x', new_password: 'y' } }], { lang: 'ar' })
      expect(performance.now() - started, path).toBeLessThan(100)
      expect(refused.status, path).toBe(400)
      expect(refused.body.message.fields['requests.1.path'][0], path).toMatch(/دفعة/)
    }
    // One 63 KB request nesting batches 1,000 deep (it held the server for 20 s).
    let nested: Item = create('BD3', 'bd-3')
    for (let depth = 0; depth < 1000; depth++) nested = { method: 'POST', path: '/api/%62atch/', body: { requests: [nested] } }
    const started = performance.now()
    const deep = await batch([nested])
    expect(performance.now() - started).toBeLessThan(100)
    expect(deep.status).toBe(400)
    expect(await identifiers('BD')).toEqual([])
    // The disguised sign-out did not run: the batch's session still works.
    expect((await h.request('GET', api.myProfile, { token })).status).toBe(200)
  })
})
