// Lists and reports answer an ETag, and 304 without a body when the caller already has that answer
// (ADR 0102): a tablet on a slow link revalidates its copy instead of downloading it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gunzipSync } from 'node:zlib'
import { createHarness, SAMPLE_HOST } from '../setup/api-harness'

let h: Awaited<ReturnType<typeof createHarness>>
let token: string
let schoolId: number

beforeAll(async () => {
  h = await createHarness()
  token = await h.login('institution.admin@sample.test')
  schoolId = (await h.request('GET', '/api/myschools/', { token })).body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

describe('conditional requests', () => {
  it('answers 304 with no body while a list is unchanged, and the new list with a new tag once it changes', async () => {
    const path = `/api/school/${schoolId}/grade/`
    const first = await h.request('GET', path, { token })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)

    const again = await h.request('GET', path, { token, headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBeUndefined()
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('no-store')

    const created = await h.request('POST', path, { token, json: { identifier: 'ETAG1', display_name: 'Tagged grade' }, headers: { 'Idempotency-Key': 'etag-1' } })
    expect(created.status).toBe(201)
    const changed = await h.request('GET', path, { token, headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.payload.results.some((g: { identifier: string }) => g.identifier === 'ETAG1')).toBe(true)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('tags a report, and never answers 304 to a refused call', async () => {
    const types = await h.request('GET', '/api/report_type/', { token })
    expect(types.status).toBe(200)
    const etag = types.headers.get('etag')!
    expect((await h.request('GET', '/api/report_type/', { token, headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await h.request('GET', '/api/report_type/', { headers: { 'If-None-Match': etag } })).status).toBe(401)
  })
})

describe('compressed answers (ADR 0110)', () => {
  const raw = (path: string, headers: Record<string, string>) =>
    h.app.request(`http://${SAMPLE_HOST}${path}`, { headers: { host: SAMPLE_HOST, Authorization: `Bearer ${token}`, ...headers } })

  it('gzips a JSON answer for a caller that accepts it, the same answer once unzipped, and 304 still holds', async () => {
    const path = '/api/country/'
    const plain = await raw(path, {})
    expect(plain.headers.get('content-encoding')).toBeNull()
    const plainText = await plain.text()
    expect(plainText.length).toBeGreaterThanOrEqual(1024)

    const zipped = await raw(path, { 'Accept-Encoding': 'gzip, deflate' })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
    const bytes = Buffer.from(await zipped.arrayBuffer())
    expect(gunzipSync(bytes).toString()).toBe(plainText)
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plainText))

    const etag = zipped.headers.get('etag')!
    expect(etag).toBe(plain.headers.get('etag'))
    const again = await raw(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-encoding')).toBeNull()
  })

  it('leaves an answer uncompressed for a caller that does not accept gzip, and one too small to gain from it', async () => {
    const path = '/api/country/'
    for (const accepted of ['identity', 'gzip;q=0, deflate', 'br']) {
      const res = await raw(path, { 'Accept-Encoding': accepted })
      expect(res.headers.get('content-encoding'), accepted).toBeNull()
      expect((await res.text()).length, accepted).toBeGreaterThan(1024)
    }
    const small = await raw('/api/health', { 'Accept-Encoding': 'gzip' })
    expect(JSON.stringify(await (await raw('/api/health', {})).json()).length).toBeLessThan(1024)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect((await small.json()).payload.ok).toBe(true)
  })
})
