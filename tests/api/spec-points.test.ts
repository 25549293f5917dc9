// Points where the API now follows the specification more closely (issue 13, docs/spec-points.md):
// has_multiple_school at creation and the school-selection flag, GET /api/student/download/ without
// parameters, and the spec's field names on POST /api/reset-password/.
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { OTHER_PASSWORD, insertSchool, insertUser, mailText, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let platform: string

beforeAll(async () => {
  h = await createHarness()
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
})
afterAll(async () => {
  await h?.close()
})

const institution = (sub: string, over: Record<string, unknown> = {}) => ({
  organization_name: `${sub} Schools`,
  subdomain_name: sub,
  address: { country: 'AE', state: '', city: '', zipcode: '' },
  acronym: 'SPT',
  admin: { first_name: 'Huda', last_name: 'Karim', email: `huda@${sub}.test`, userprofile: { phone_number: '' } },
  ...over,
})

describe('has_multiple_school is chosen when an institution is created', () => {
  /** Creates the institution, gives it two schools and an admin with a password, and reads the admin's access flags. */
  async function flagsOf(sub: string, over: Record<string, unknown>) {
    const res = await h.request('POST', '/api/client/', { host: PLATFORM_HOST, token: platform, json: institution(sub, over) })
    expect(res.status).toBe(201)
    const id = res.body.payload.id as number
    await insertSchool(h, id, `${sub.toUpperCase()}1`)
    await insertSchool(h, id, `${sub.toUpperCase()}2`)
    const host = `${sub}.localhost:8080`
    await insertUser(h, { institutionId: id, email: `second@${sub}.test`, role: 'institution_admin' })
    const token = await h.login(`second@${sub}.test`, OTHER_PASSWORD, host)
    const me = await h.request('GET', '/api/myprofile/', { host, token })
    return { created: res.body.payload.has_multiple_school as boolean, access: me.body.payload.access }
  }

  it('stores false when sent, and then no school selector is offered even with two schools', async () => {
    const single = await flagsOf('singleschool', { has_multiple_school: false })
    expect(single.created).toBe(false)
    expect(single.access).toMatchObject({ has_school_selection: false, has_year_selection: true })
  })

  it('defaults to true, and an admin of two schools may choose one', async () => {
    const multi = await flagsOf('multischool', {})
    expect(multi.created).toBe(true)
    expect(multi.access).toMatchObject({ has_school_selection: true, has_year_selection: true })
  })

  it('refuses a value that is not a boolean with a bilingual field error', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await h.request('POST', '/api/client/', {
        host: PLATFORM_HOST, token: platform, headers: { 'accept-language': lang }, json: institution('badflag', { has_multiple_school: 'yes' }),
      })
      expect(res.status).toBe(400)
      expect(res.body.message.fields.has_multiple_school).toHaveLength(1)
      if (lang === 'ar') expect(res.body.message.fields.has_multiple_school[0]).toMatch(/[\u0600-\u06FF]/)
    }
  })
})

describe('GET /api/student/download/ without parameters', () => {
  async function download(token: string, lang: 'en' | 'ar' = 'en', query = '') {
    const res = await h.app.request(`http://${SAMPLE_HOST}/api/student/download/${query}`, {
      headers: { host: SAMPLE_HOST, authorization: `Bearer ${token}`, 'accept-language': lang },
    })
    if (res.status !== 200) return { status: res.status, rows: [] as unknown[][], disposition: null }
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' })
    return {
      status: res.status,
      disposition: res.headers.get('content-disposition'),
      rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }),
    }
  }

  it('downloads the students of the caller’s schools in the current (active) year, in English and Arabic', async () => {
    const admin = await h.login('institution.admin@sample.test')
    const en = await download(admin)
    expect(en.status).toBe(200)
    expect(en.disposition).toContain('students-2026-2027.xlsx')
    expect(en.rows[0]).toContain('First name')
    expect(en.rows.slice(1).map((r) => r[0]).sort()).toEqual(['Adam', 'Huda', 'Khalid', 'Noor', 'Sara'])
    const ar = await download(admin, 'ar')
    expect(ar.rows[0]).toContain('الاسم الأول')
    expect(ar.disposition).toContain(encodeURIComponent('الطلاب-2026-2027.xlsx'))
  })

  it('gives a school admin only the schools mapped to them', async () => {
    const institutionId = await sampleInstitutionId(h)
    const otherSchool = await insertSchool(h, institutionId, 'SPOTHER')
    await insertUser(h, { institutionId, email: 'other.head@sample.test', role: 'school_admin', schoolIds: [otherSchool] })
    const token = await h.login('other.head@sample.test', OTHER_PASSWORD)
    const mine = await download(token)
    expect(mine.status).toBe(200)
    expect(mine.rows.slice(1)).toEqual([])
    const sampleSchool = (await h.request('GET', '/api/myschools/', { token: await h.login('teacher@sample.test') })).body.payload.results[0].id
    expect((await download(token, 'en', `?school=${sampleSchool}`)).status).toBe(403)
    expect((await download(token, 'en', '?school=abc')).status).toBe(400)
  })
})

describe('POST /api/reset-password/ with the spec’s field names', () => {
  async function resetKey(email: string) {
    const before = h.mails().length
    await h.request('POST', '/api/forgot-password/', { json: { email } })
    expect(h.mails().length).toBe(before + 1)
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mailText(h.mails().at(-1)!))![1]!
  }

  it('accepts newPass and confirmPass and the new password signs in', async () => {
    const key = await resetKey('viewer@sample.test')
    const res = await h.request('POST', '/api/reset-password/', { json: { key, newPass: 'Viewer$2new', confirmPass: 'Viewer$2new' } })
    expect(res.status).toBe(200)
    expect(await h.login('viewer@sample.test', 'Viewer$2new')).toBeTruthy()
  })

  it('answers the spec’s names and codes (validateName, notEquivalent) to a spec-named body, in both languages', async () => {
    const key = await resetKey('teacher@sample.test')
    const weak = await h.request('POST', '/api/reset-password/', { json: { key, newPass: 'weakpass', confirmPass: 'weakpass' } })
    expect(weak.status).toBe(400)
    expect(weak.body.message.codes).toEqual({ newPass: 'validateName' })
    const other = await h.request('POST', '/api/reset-password/', {
      headers: { 'accept-language': 'ar' }, json: { key, newPass: 'Teacher$2new', confirmPass: 'Teacher$3new' },
    })
    expect(other.status).toBe(400)
    expect(other.body.message.codes).toEqual({ confirmPass: 'notEquivalent' })
    expect(other.body.message.fields.confirmPass[0]).toMatch(/[\u0600-\u06FF]/)
  })

  it('keeps its own names and code password_rule for new_password', async () => {
    const key = await resetKey('school.admin@sample.test')
    const weak = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'weakpass', confirm_new_password: 'weakpass' } })
    expect(weak.status).toBe(400)
    expect(weak.body.message.codes).toEqual({ new_password: 'password_rule' })
  })
})
