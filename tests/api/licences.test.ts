import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { students } from '../../src/server/db/schema/tables'
import { licenceBlock, today } from '../../src/server/domain/licences'
import { CODES } from '../../src/shared/schemas/codes'
import { insertInstitution } from '../factories/tenants'

let h: Harness
let token: string
let inst: Awaited<ReturnType<typeof insertInstitution>>
let other: Awaited<ReturnType<typeof insertInstitution>>
const P = { host: PLATFORM_HOST }
const day = (offset: number) => today(new Date(Date.now() + offset * 86_400_000))
const url = (id: number, licenceId?: number) => `/api/institution/${id}/license/${licenceId ? `${licenceId}/` : ''}`

async function addStudents(n: number, active = true) {
  await h.db.insert(students).values(
    Array.from({ length: n }, (_, i) => ({
      institution_id: inst.institutionId, school_id: inst.schoolId, first_name: 'Student', last_name: `N${i}`, arabic_name: 'طالب',
      enrollment_code: `E-${active}-${Date.now()}-${i}`, is_active: active,
    })),
  )
}
const status = async () =>
  (await h.request('GET', `/api/client/?subdomain_name=${'lic'}`, { ...P, token })).body.payload.results[0].licence as string

beforeAll(async () => {
  h = await createHarness({ sampleData: true })
  token = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  inst = await insertInstitution(h, 'lic')
  other = await insertInstitution(h, 'licother')
})
afterAll(async () => {
  await h?.close()
})

describe('licences', () => {
  let current: number
  it('starts with no licence: status NONE and students blocked', async () => {
    expect(await status()).toBe('NONE')
    expect(await licenceBlock(h.db, inst.institutionId, 'en')).toMatch(/no licence covering today/)
    expect(await licenceBlock(h.db, inst.institutionId, 'ar')).toMatch(/ترخيص/)
  })

  it('creates a licence; used_quantity counts active students only', async () => {
    await addStudents(2)
    await addStudents(1, false)
    const res = await h.request('POST', url(inst.institutionId), { ...P, token, json: { from_date: day(-10), to_date: day(10), purchase_quantity: '3' } })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ from_date: day(-10), to_date: day(10), purchase_quantity: 3, used_quantity: 2 })
    current = res.body.payload.id
    expect(await status()).toBe('ACTIVE')
    expect(await licenceBlock(h.db, inst.institutionId, 'en')).toBeNull()
  })

  it('reports EXHAUSTED and blocks new students once every place is used', async () => {
    await addStudents(1)
    expect(await status()).toBe('EXHAUSTED')
    expect(await licenceBlock(h.db, inst.institutionId, 'en')).toMatch(/All 3 student places/)
  })

  it('adds up licences covering the same day (a top-up)', async () => {
    const res = await h.request('POST', url(inst.institutionId), { ...P, token, json: { from_date: day(0), to_date: day(0), purchase_quantity: 1 } })
    expect(res.status).toBe(201)
    expect(await status()).toBe('ACTIVE')
  })

  it('reads, edits and lists with ordering', async () => {
    const one = await h.request('GET', url(inst.institutionId, current), { ...P, token })
    expect(one.body.payload).toMatchObject({ id: current, purchase_quantity: 3, used_quantity: 3 })
    const put = await h.request('PUT', url(inst.institutionId, current), { ...P, token, json: { from_date: day(-30), to_date: day(-20), purchase_quantity: 50, used_quantity: 999 } })
    expect(put.status).toBe(200)
    expect(put.body.payload).toMatchObject({ purchase_quantity: 50, used_quantity: 3, to_date: day(-20) })
    const list = await h.request('GET', url(inst.institutionId), { ...P, token })
    expect(list.body.payload.count).toBe(2)
    expect(list.body.payload.results.map((l: { from_date: string }) => l.from_date)).toEqual([day(0), day(-30)])
    const byQuantity = await h.request('GET', `${url(inst.institutionId)}?ordering=-purchase_quantity`, { ...P, token })
    expect(byQuantity.body.payload.results[0].purchase_quantity).toBe(50)
  })

  it('reports EXPIRED when every licence has ended and UPCOMING when one starts later', async () => {
    const list = await h.request('GET', url(inst.institutionId), { ...P, token })
    const topUp = list.body.payload.results.find((l: { id: number }) => l.id !== current)
    await h.request('PUT', url(inst.institutionId, topUp.id), { ...P, token, json: { from_date: day(-5), to_date: day(-1), purchase_quantity: 1 } })
    expect(await status()).toBe('EXPIRED')
    await h.request('POST', url(inst.institutionId), { ...P, token, json: { from_date: day(5), to_date: day(50), purchase_quantity: 10 } })
    expect(await status()).toBe('UPCOMING')
  })

  it('keeps licences within their institution', async () => {
    expect((await h.request('GET', url(other.institutionId, current), { ...P, token })).status).toBe(404)
    expect((await h.request('PUT', url(other.institutionId, current), { ...P, token, json: { from_date: day(0), to_date: day(1), purchase_quantity: 1 } })).status).toBe(404)
    expect((await h.request('GET', url(other.institutionId), { ...P, token })).body.payload.count).toBe(0)
    expect((await h.request('GET', url(999999), { ...P, token })).status).toBe(404)
  })
})

describe('licence validation', () => {
  const valid = { from_date: '2026-01-01', to_date: '2026-12-31', purchase_quantity: 10 }
  it.each([
    ['from_date required', { from_date: '' }, 'from_date', CODES.required],
    ['from_date format', { from_date: '01/01/2026' }, 'from_date', CODES.invalidDate],
    ['to_date real day', { to_date: '2026-02-30' }, 'to_date', CODES.invalidDate],
    ['to_date not before from_date', { to_date: '2025-12-31' }, 'to_date', CODES.dateOrder],
    ['purchase_quantity at least 1', { purchase_quantity: 0 }, 'purchase_quantity', CODES.tooSmall],
    ['purchase_quantity whole', { purchase_quantity: 1.5 }, 'purchase_quantity', CODES.invalidNumber],
    ['purchase_quantity number', { purchase_quantity: 'ten' }, 'purchase_quantity', CODES.invalidNumber],
    ['purchase_quantity required', { purchase_quantity: undefined }, 'purchase_quantity', CODES.required],
  ])('refuses %s', async (_n, over, field, code) => {
    const res = await h.request('POST', url(inst.institutionId), { ...P, token, json: { ...valid, ...over } })
    expect(res.status).toBe(400)
    expect(res.body.message.codes[field]).toBe(code)
  })

  it('accepts a one-day licence of one place', async () => {
    const res = await h.request('POST', url(other.institutionId), { ...P, token, json: { from_date: '2026-03-01', to_date: '2026-03-01', purchase_quantity: 1 } })
    expect(res.status).toBe(201)
  })
})

describe('licence hosts and permissions', () => {
  it('exists only on the platform host and needs a sign-in', async () => {
    const onSample = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
    expect((await h.request('GET', url(inst.institutionId), { host: SAMPLE_HOST, token: onSample })).status).toBe(404)
    expect((await h.request('GET', url(inst.institutionId), P)).status).toBe(401)
  })
})
