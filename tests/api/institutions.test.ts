import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, SAMPLE_PASSWORD, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { CODES } from '../../src/shared/schemas/codes'
import { can } from '../../src/shared/permissions'
import { mailText } from '../factories/tenants'

let h: Harness
let platform: string // platform admin, platform host
let platformOnSample: string // platform admin, signed in on the sample host
let created: { id: number; adminId: number }

const P = { host: PLATFORM_HOST }
const body = (over: Record<string, unknown> = {}) => ({
  organization_name: 'Green Valley Schools',
  subdomain_name: 'greenvalley',
  address: { country: 'AE', state: 'Dubai', city: 'Dubai', zipcode: '00000' },
  acronym: 'GVS',
  about: 'A group of schools',
  account_number: 'GV-1',
  admin: { first_name: 'Huda', last_name: 'Karim', email: 'huda@greenvalley.test', userprofile: { phone_number: '+971 50 123 4567' } },
  ...over,
})
/** An update body built from the created institution, with changes. */
const edit = (over: Record<string, unknown> = {}) => {
  const { admin: _, subdomain_name: __, ...rest } = body()
  return { ...rest, ...over }
}

beforeAll(async () => {
  h = await createHarness()
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  platformOnSample = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
})
afterAll(async () => {
  await h?.close()
})

describe('creating an institution with its first administrator', () => {
  it('creates both in one call and mails the administrator a set-password link on the new host', async () => {
    const before = h.mails().length
    const res = await h.request('POST', '/api/client/', { ...P, token: platform, json: body({ subdomain_name: 'GreenValley' }) })
    expect(res.status).toBe(201)
    const p = res.body.payload
    expect(p).toMatchObject({
      organization_name: 'Green Valley Schools',
      subdomain_name: 'greenvalley',
      acronym: 'GVS',
      address: { country: 'AE', city: 'Dubai', state: 'Dubai', zipcode: '00000' },
      student_id_validation_type: 'EMIRATES_ID_OR_TEMPORARY',
      student_id_custom_regex: null,
      has_multiple_school: true,
      licence: 'NONE',
      schools_count: 0,
      admin: { first_name: 'Huda', last_name: 'Karim', email: 'huda@greenvalley.test', userprofile: { phone_number: '+971 50 123 4567' } },
    })
    created = { id: p.id, adminId: p.admin.id }

    const mails = h.mails()
    expect(mails.length).toBe(before + 1)
    expect(mails.at(-1)).toMatch(/^To: huda@greenvalley\.test$/m)
    const text = mailText(mails.at(-1)!)
    const key = /http:\/\/greenvalley\.localhost:8080\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1]
    expect(key).toBeDefined()
    const host = 'greenvalley.localhost:8080'
    const reset = await h.request('POST', '/api/reset-password/', { host, json: { key, new_password: 'Huda$1pass', confirm_new_password: 'Huda$1pass' } })
    expect(reset.status).toBe(200)
    const token = await h.login('huda@greenvalley.test', 'Huda$1pass', host)
    const me = await h.request('GET', '/api/myprofile/', { host, token })
    expect(me.body.payload.profile).toMatchObject({ role: 'institution_admin', institution: { subdomain: 'greenvalley' } })
  })

  it('refuses a sub-domain already in use in any letter case (409 on the field) and reserved names', async () => {
    const res = await h.request('POST', '/api/client/', { ...P, token: platform, json: body({ subdomain_name: 'SAMPLE' }) })
    expect(res.status).toBe(409)
    expect(Object.keys(res.body.message.fields)).toEqual(['subdomain_name'])
    const reserved = await h.request('POST', '/api/client/', { ...P, token: platform, json: body({ subdomain_name: 'www' }) })
    expect(reserved.status).toBe(400)
    expect(reserved.body.message.fields.subdomain_name).toBeDefined()
  })

  it('creates nothing when the admin part is invalid', async () => {
    const res = await h.request('POST', '/api/client/', {
      ...P, token: platform, json: body({ subdomain_name: 'halfmade', admin: { first_name: 'Al', last_name: 'Karim', email: 'x@y.test' } }),
    })
    expect(res.status).toBe(400)
    expect(res.body.message.codes).toEqual({ 'admin.first_name': CODES.tooShort })
    const check = await h.request('GET', '/api/valid-subdomain/halfmade/', { host: PLATFORM_HOST })
    expect(check.body.payload.is_valid_client).toBe(false)
  })
})

describe('validation (spec §5): one refused value per rule, with its code', () => {
  const refused: [string, Record<string, unknown>, string, string][] = [
    ['organization_name min 4', { organization_name: 'Abc' }, 'organization_name', CODES.tooShort],
    ['organization_name required', { organization_name: '' }, 'organization_name', CODES.required],
    ['subdomain min 3', { subdomain_name: 'ab' }, 'subdomain_name', CODES.tooShort],
    ['subdomain pattern', { subdomain_name: '-abc' }, 'subdomain_name', CODES.invalidSubdomain],
    ['subdomain characters', { subdomain_name: 'ab.c' }, 'subdomain_name', CODES.invalidSubdomain],
    ['country required', { address: { country: '' } }, 'address.country', CODES.required],
    ['country ISO alpha-2', { address: { country: 'XX' } }, 'address.country', CODES.invalidCountry],
    ['zipcode max 10', { address: { country: 'AE', zipcode: '12345678901' } }, 'address.zipcode', CODES.tooLong],
    ['zipcode characters', { address: { country: 'AE', zipcode: '12_45' } }, 'address.zipcode', CODES.invalidZipcode],
    ['acronym required', { acronym: '' }, 'acronym', CODES.acronymRequired],
    ['acronym max 10', { acronym: 'ABCDEFGHIJK' }, 'acronym', CODES.acronymTooLong],
    ['acronym upper case', { acronym: 'Gvs' }, 'acronym', CODES.acronymUppercase],
    ['acronym letters only', { acronym: 'GV1' }, 'acronym', CODES.acronymUppercase],
    ['validation type', { student_id_validation_type: 'PASSPORT' }, 'student_id_validation_type', CODES.invalidChoice],
    ['custom regex required', { student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: '' }, 'student_id_custom_regex', CODES.required],
    ['custom regex max 500', { student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: 'a'.repeat(501) }, 'student_id_custom_regex', CODES.tooLong],
    ['custom regex compiles', { student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: '([A-Z' }, 'student_id_custom_regex', CODES.invalidRegex],
    ['custom regex runs on RE2', { student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: '(?=A)\\w+' }, 'student_id_custom_regex', CODES.unsafeRegex],
    ['custom description max 200', { student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: 'a', student_id_custom_description: 'd'.repeat(201) }, 'student_id_custom_description', CODES.tooLong],
    ['admin first name min 3', { admin: { ...body().admin, first_name: 'Al' } }, 'admin.first_name', CODES.tooShort],
    ['admin last name rule', { admin: { ...body().admin, last_name: 'Ka#rim' } }, 'admin.last_name', CODES.invalidName],
    ['admin name not numeric', { admin: { ...body().admin, first_name: '12345' } }, 'admin.first_name', CODES.invalidName],
    ['admin email', { admin: { ...body().admin, email: 'not-an-email' } }, 'admin.email', CODES.invalidEmail],
    ['admin phone min 4', { admin: { ...body().admin, userprofile: { phone_number: '123' } } }, 'admin.userprofile.phone_number', CODES.tooShort],
    ['admin phone max 30', { admin: { ...body().admin, userprofile: { phone_number: '1'.repeat(31) } } }, 'admin.userprofile.phone_number', CODES.tooLong],
    ['admin phone pattern', { admin: { ...body().admin, userprofile: { phone_number: '050x1234' } } }, 'admin.userprofile.phone_number', CODES.invalidPhone],
  ]
  it.each(refused)('%s', async (_name, over, field, code) => {
    const res = await h.request('POST', '/api/client/', { ...P, token: platform, json: body({ subdomain_name: 'refused', ...over }) })
    expect(res.status).toBe(400)
    expect(res.body.message.codes[field]).toBe(code)
  })

  it('accepts the boundary values', async () => {
    const res = await h.request('POST', '/api/client/', {
      ...P,
      token: platform,
      json: body({
        organization_name: 'Abcd',
        subdomain_name: 'a_1',
        address: { country: 'SA', zipcode: 'AB-12 3456' },
        acronym: 'ABCDEFGHIJ',
        student_id_validation_type: 'CUSTOM_REGEX',
        student_id_custom_regex: '[A-Z]{2}\\d{4}',
        student_id_custom_description: 'Two letters and four digits',
        admin: { first_name: 'Ali', last_name: 'Bin Omar', email: 'ali@a1.test', userprofile: { phone_number: '1234' } },
      }),
    })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ subdomain_name: 'a_1', acronym: 'ABCDEFGHIJ', student_id_custom_regex: '[A-Z]{2}\\d{4}' })
  })

  it('gives the three acronym messages of the spec in English and Arabic', async () => {
    const cases: [string, string, string][] = [
      ['', 'Institution acronym is required', 'اختصار المؤسسة مطلوب'],
      ['ABCDEFGHIJK', 'Acronym must be 10 characters or less', 'يجب ألا يزيد الاختصار عن 10 أحرف'],
      ['abc', 'Acronym must contain only uppercase letters', 'يجب أن يحتوي الاختصار على أحرف إنجليزية كبيرة فقط'],
    ]
    for (const [acronym, en, ar] of cases) {
      const resEn = await h.request('POST', '/api/client/', { ...P, token: platform, json: body({ subdomain_name: 'acr', acronym }) })
      expect(resEn.body.message.fields.acronym).toEqual([en])
      const resAr = await h.request('POST', '/api/client/', { ...P, token: platform, lang: 'ar', json: body({ subdomain_name: 'acr', acronym }) })
      expect(resAr.body.message.fields.acronym).toEqual([ar])
    }
  })
})

describe('reading and editing', () => {
  it('reads one institution with its first administrator', async () => {
    const res = await h.request('GET', `/api/client/${created.id}/`, { ...P, token: platform })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({ id: created.id, subdomain_name: 'greenvalley', admin: { id: created.adminId } })
    expect((await h.request('GET', '/api/client/999999/', { ...P, token: platform })).status).toBe(404)
  })

  it('edits fields, clears the custom regex when the type changes, keeps has_multiple_school and the sub-domain', async () => {
    const custom = await h.request('PUT', `/api/client/${created.id}/`, {
      ...P, token: platform,
      json: edit({ organization_name: 'Green Valley Group', student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: 'GV\\d{5}', student_id_custom_description: 'GV and 5 digits', has_multiple_school: false }),
    })
    expect(custom.status).toBe(200)
    expect(custom.body.payload).toMatchObject({ organization_name: 'Green Valley Group', student_id_custom_regex: 'GV\\d{5}', has_multiple_school: true })
    const none = await h.request('PUT', `/api/client/${created.id}/`, {
      ...P, token: platform, json: edit({ subdomain_name: 'greenvalley', student_id_validation_type: 'NONE', student_id_custom_regex: 'GV\\d{5}', student_id_custom_description: 'x' }),
    })
    expect(none.status).toBe(200)
    expect(none.body.payload).toMatchObject({ student_id_validation_type: 'NONE', student_id_custom_regex: null, student_id_custom_description: null, subdomain_name: 'greenvalley' })
  })

  it('refuses a changed sub-domain on edit', async () => {
    const res = await h.request('PUT', `/api/client/${created.id}/`, { ...P, token: platform, json: edit({ subdomain_name: 'bluevalley' }) })
    expect(res.status).toBe(400)
    expect(res.body.message.codes).toEqual({ subdomain_name: 'read_only' })
  })
})

describe('lists', () => {
  it('lists with licence text, schools count, search and ordering', async () => {
    const all = await h.request('GET', '/api/client/', { ...P, token: platform })
    expect(all.status).toBe(200)
    expect(all.body.payload.count).toBeGreaterThanOrEqual(3)
    const sample = all.body.payload.results.find((r: { subdomain_name: string }) => r.subdomain_name === 'sample')
    expect(sample).toMatchObject({ organization_name: 'Sample Academy', acronym: 'SMPL', licence: expect.stringMatching(/^[A-Z]+$/), schools_count: 1 })

    const search = await h.request('GET', '/api/client/?organization_name=green%20valley', { ...P, token: platform })
    expect(search.body.payload.results.map((r: { id: number }) => r.id)).toEqual([created.id])
    const byAcronym = await h.request('GET', '/api/client/?acronym=smpl', { ...P, token: platform })
    expect(byAcronym.body.payload.count).toBe(1)

    const desc = await h.request('GET', '/api/client/?ordering=-organization_name', { ...P, token: platform })
    const names = desc.body.payload.results.map((r: { organization_name: string }) => r.organization_name)
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a)))
    expect((await h.request('GET', '/api/client/?ordering=password', { ...P, token: platform })).status).toBe(400)
  })

  it('gives the institution selector its options from any host', async () => {
    for (const [host, token] of [[PLATFORM_HOST, platform], [SAMPLE_HOST, platformOnSample]] as const) {
      const res = await h.request('GET', '/api/institutions/', { host, token })
      expect(res.status).toBe(200)
      expect(res.body.payload.results).toContainEqual({ id: expect.any(Number), organization_name: 'Sample Academy', subdomain_name: 'sample' })
    }
  })

  it('answers an empty assessment list for an institution until assessments exist', async () => {
    const res = await h.request('GET', `/api/assessmentAsClient/${created.id}/`, { ...P, token: platform })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ results: [], count: 0 })
    expect((await h.request('GET', '/api/assessmentAsClient/999999/', { ...P, token: platform })).status).toBe(404)
  })

  it('lists countries with English and Arabic names, sorted by English name, for any signed-in user', async () => {
    const token = await h.login('viewer@sample.test', SAMPLE_PASSWORD)
    const res = await h.request('GET', '/api/country/', { token })
    expect(res.status).toBe(200)
    const results = res.body.payload.results as { code: string; name_en: string; name_ar: string }[]
    expect(results.length).toBeGreaterThan(240)
    expect(results.find((r) => r.code === 'AE')).toEqual({ code: 'AE', name_en: 'United Arab Emirates', name_ar: expect.stringContaining('الإمارات') })
    expect(results.map((r) => r.name_en)).toEqual([...results.map((r) => r.name_en)].sort((a, b) => a.localeCompare(b, 'en')))
    expect((await h.request('GET', '/api/country/')).status).toBe(401)
  })
})

describe('institution administrators', () => {
  let secondId: number
  it('adds another administrator and mails them an invitation', async () => {
    const before = h.mails().length
    const res = await h.request('POST', '/api/client/client_admin/', {
      ...P, token: platform, json: { client: created.id, first_name: 'Sami', last_name: 'Aziz', email: 'sami@greenvalley.test' },
    })
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ first_name: 'Sami', email: 'sami@greenvalley.test', userprofile: { phone_number: '' } })
    secondId = res.body.payload.id
    expect(h.mails().length).toBe(before + 1)
    expect(mailText(h.mails().at(-1)!)).toMatch(/greenvalley\.localhost:8080\/reset-password\//)
  })

  it('refuses a duplicate email in the same institution and an unknown institution', async () => {
    const dup = await h.request('POST', '/api/client/client_admin/', {
      ...P, token: platform, json: { client: created.id, first_name: 'Sami', last_name: 'Aziz', email: 'SAMI@greenvalley.test' },
    })
    expect(dup.status).toBe(409)
    expect(dup.body.message.codes).toEqual({ email: 'duplicate' })
    const unknown = await h.request('POST', '/api/client/client_admin/', {
      ...P, token: platform, json: { client: 999999, first_name: 'Sami', last_name: 'Aziz', email: 'x@y.test' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message.fields.client).toBeDefined()
  })

  it('edits an administrator', async () => {
    const res = await h.request('PUT', `/api/client/client_admin/${secondId}/`, {
      ...P, token: platform, json: { first_name: 'Samir', last_name: 'Aziz', email: 'samir@greenvalley.test', userprofile: { phone_number: '050 1234' } },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({ id: secondId, first_name: 'Samir', email: 'samir@greenvalley.test', userprofile: { phone_number: '050 1234' } })
    const clash = await h.request('PUT', `/api/client/client_admin/${secondId}/`, {
      ...P, token: platform, json: { first_name: 'Samir', last_name: 'Aziz', email: 'huda@greenvalley.test' },
    })
    expect(clash.status).toBe(409)
    const notAdmin = await h.request('PUT', '/api/client/client_admin/999999/', { ...P, token: platform, json: { first_name: 'Samir', last_name: 'Aziz', email: 'q@q.test' } })
    expect(notAdmin.status).toBe(404)
  })

  it('lists the administrators of an institution on its own host only', async () => {
    const host = 'greenvalley.localhost:8080'
    const token = await h.login('admin', ADMIN_PASSWORD, host)
    const res = await h.request('GET', '/api/client_admin/', { host, token })
    expect(res.status).toBe(200)
    expect(res.body.payload.results.map((a: { email: string }) => a.email)).toEqual(['huda@greenvalley.test', 'samir@greenvalley.test'])
    expect((await h.request('GET', '/api/client_admin/', { ...P, token: platform })).status).toBe(404)
  })
})

describe('permissions and hosts', () => {
  it('answers 404 for institution management on an institution host, even for a platform admin', async () => {
    for (const [method, path] of [['GET', '/api/client/'], ['POST', '/api/client/'], ['GET', `/api/client/${created.id}/`], ['PUT', `/api/client/${created.id}/`], ['POST', '/api/client/client_admin/'], ['GET', `/api/assessmentAsClient/${created.id}/`]]) {
      const res = await h.request(method!, path!, { host: SAMPLE_HOST, token: platformOnSample, json: method === 'GET' ? undefined : body() })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('needs a sign-in', async () => {
    expect((await h.request('GET', '/api/client/', P)).status).toBe(401)
    expect((await h.request('POST', '/api/client/', { ...P, json: body() })).status).toBe(401)
  })

  it.each(SAMPLE_USERS)('lets $role use the institution selector and admin list only if the permission table says so', async (u) => {
    const token = await h.login(u.email, SAMPLE_PASSWORD)
    const expected = can(u.role, 'institution', 'read') ? 200 : 403
    expect((await h.request('GET', '/api/institutions/', { token })).status).toBe(expected)
    expect((await h.request('GET', '/api/client_admin/', { token })).status).toBe(expected)
  })
})
