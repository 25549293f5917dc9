import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import * as XLSX from 'xlsx'
import { createHarness, PLATFORM_HOST, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { CODES } from '../../src/shared/schemas/codes'
import { PDF_MAX_BYTES } from '../../src/server/lib/files'
import { ASSESSMENT_MESSAGES } from '../../src/server/areas/assessments/assessments.messages'
import { insertInstitution, OTHER_PASSWORD, sampleInstitutionId } from '../factories/tenants'
import { PDF_BYTES, asFields, dependencies, getBytes, multipart, passage, platformToken, type Deps } from '../factories/assessments'

let h: Harness
let admin: string
let d: Deps
let sampleId: number

beforeAll(async () => {
  h = await createHarness()
  admin = await platformToken(h)
  d = await dependencies(h, admin)
  sampleId = await sampleInstitutionId(h)
})
afterAll(async () => {
  await h?.close()
})

const post = (json: unknown, lang?: 'en' | 'ar') => h.request('POST', '/api/assessment/', { token: admin, host: PLATFORM_HOST, json, lang })

describe('GET /api/assessment-dependency/', () => {
  it('serves subjects, skills, types, display types and levels as data', async () => {
    const { raw } = d
    expect(raw.subjects.map((s: any) => [s.code, s.directions_code])).toEqual([['english-reading', 'ltr'], ['arabic-reading', 'rtl']])
    expect(raw.skills).toHaveLength(6)
    expect(raw.content_display_types.map((x: any) => x.code)).toEqual(['text', 'pdf'])
    expect(raw.levels.map((l: any) => l.name)).toEqual(['KG1', 'KG2', 'Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6'])
    expect(raw.levels[0].arabic_display_name).toBe('الروضة الأولى')
    const questions = raw.assessment_types.find((t: any) => t.code === 'ar-comprehension-questions')
    expect(questions).toMatchObject({ skill_type: d.skill['ar-comprehension'], assessment_type_parent: d.type['ar-passage'], content_type: [d.display.text, d.display.pdf] })
    expect(raw.assessment_types.find((t: any) => t.code === 'en-letter-sounds').content_type).toEqual([d.display.text])
  })

  it('is open to any signed-in user and closed without a token', async () => {
    const teacher = await h.login('teacher@sample.test')
    expect((await h.request('GET', '/api/assessment-dependency/', { token: teacher })).status).toBe(200)
    expect((await h.request('GET', '/api/assessment-dependency/')).status).toBe(401)
  })
})

describe('assessment create, read, update', () => {
  it('stores minutes and seconds as "00:02:30" and an edit keeps it', async () => {
    const created = await post(passage(d))
    expect(created.status).toBe(201)
    const a = created.body.payload
    expect(a).toMatchObject({ title: 'The red hen', duration: '00:02:30', minutes: 2, seconds: 30, directions_code: 'ltr', level_names: 'KG1, Grade 1', assessment_parent: null, pdf_url: null })
    expect(a.levels).toEqual([d.level['kg1'], d.level['grade-1']])
    const got = await h.request('GET', `/api/assessment/${a.id}/`, { token: admin, host: PLATFORM_HOST })
    expect(got.body).toEqual({ payload: a })
    const edited = await h.request('PUT', `/api/assessment/${a.id}/`, { token: admin, host: PLATFORM_HOST, json: passage(d, { title: 'The red hen (2)', minutes: got.body.payload.minutes, seconds: got.body.payload.seconds }) })
    expect(edited.status).toBe(200)
    expect(edited.body.payload).toMatchObject({ title: 'The red hen (2)', duration: '00:02:30' })
    const ten = await h.request('PUT', `/api/assessment/${a.id}/`, { token: admin, host: PLATFORM_HOST, json: passage(d, { minutes: 10, seconds: 0 }) })
    expect(ten.body.payload.duration).toBe('00:10:00')
  })

  it('takes its text direction from the subject (Arabic is right-to-left)', async () => {
    const res = await post(passage(d, { title: 'الدجاجة الحمراء', subject: d.subject['arabic-reading'], skill_type: d.skill['ar-orf'], assessment_type: d.type['ar-passage'], content: 'وجدت الدجاجة حبة قمح.' }))
    expect(res.status).toBe(201)
    expect(res.body.payload).toMatchObject({ directions_code: 'rtl', content: 'وجدت الدجاجة حبة قمح.' })
  })

  it.each([
    ['title shorter than 4', { title: 'abc' }, 'title', CODES.tooShort],
    ['missing title', { title: undefined }, 'title', CODES.required],
    ['minutes above 10', { minutes: 11 }, 'minutes', CODES.tooLarge],
    ['negative minutes', { minutes: -1 }, 'minutes', CODES.tooSmall],
    ['seconds not 0/15/30/45', { seconds: 20 }, 'seconds', CODES.invalidSeconds],
    ['seconds above 45', { seconds: 60 }, 'seconds', CODES.invalidSeconds],
    ['no level', { levels: [] }, 'levels', CODES.requireOne],
    ['missing subject', { subject: undefined }, 'subject', CODES.required],
  ])('refuses %s', async (_, over, field, code) => {
    const res = await post(passage(d, over))
    expect(res.status).toBe(400)
    expect(res.body.message.codes[field]).toBe(code)
  })

  it('answers validation in Arabic', async () => {
    const res = await post(passage(d, { title: 'ab' }), 'ar')
    expect(res.body.message.fields.title[0]).toBe('يجب ألا يقل عن 4 أحرف')
  })

  it('enforces the cascade: skill of the subject, type of the skill, allowed display type', async () => {
    const wrongSkill = await post(passage(d, { skill_type: d.skill['ar-orf'] }))
    expect(wrongSkill.status).toBe(400)
    expect(Object.keys(wrongSkill.body.message.fields)).toEqual(['skill_type'])
    const wrongType = await post(passage(d, { assessment_type: d.type['en-letter-sounds'] }))
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message.fields.assessment_type).toEqual([ASSESSMENT_MESSAGES.typeNotOfSkill.en])
    const pdfNotAllowed = await post(passage(d, { skill_type: d.skill['en-phonics'], assessment_type: d.type['en-letter-sounds'], content_display_type: d.display.pdf }))
    expect(pdfNotAllowed.status).toBe(400)
    expect(pdfNotAllowed.body.message.fields.content_display_type).toEqual([ASSESSMENT_MESSAGES.displayNotAllowed.en])
    const noText = await post(passage(d, { content: '  ' }))
    expect(noText.body.message.codes).toEqual({ content: CODES.required })
  })

  it('requires assessment_parent exactly when the type has a parent type', async () => {
    const parent = (await post(passage(d, { title: 'Parent passage' }))).body.payload
    const other = (await post(passage(d, { title: 'Word list', skill_type: d.skill['en-phonics'], assessment_type: d.type['en-word-reading'] }))).body.payload
    const questions = (over: Record<string, unknown>) => passage(d, { title: 'Questions on the hen', skill_type: d.skill['en-comprehension'], assessment_type: d.type['en-comprehension-questions'], ...over })

    const missing = await post(questions({}))
    expect(missing.status).toBe(400)
    expect(missing.body.message.codes).toEqual({ assessment_parent: CODES.required })
    const wrongParent = await post(questions({ assessment_parent: other.id }))
    expect(wrongParent.status).toBe(400)
    expect(wrongParent.body.message.fields.assessment_parent).toEqual([ASSESSMENT_MESSAGES.parentWrongType.en])
    const ok = await post(questions({ assessment_parent: parent.id }))
    expect(ok.status).toBe(201)
    expect(ok.body.payload.assessment_parent).toBe(parent.id)

    // Without a parent type the parent is cleared, as the form does.
    const cleared = await post(passage(d, { title: 'No parent here', assessment_parent: parent.id }))
    expect(cleared.status).toBe(201)
    expect(cleared.body.payload.assessment_parent).toBeNull()

    const list = await h.request('GET', `/api/assessment_type/${d.type['en-passage']}/assessment/`, { token: admin, host: PLATFORM_HOST })
    expect(list.body.payload.results.map((r: any) => r.id)).toContain(parent.id)
    expect(list.body.payload.results.map((r: any) => r.id)).not.toContain(other.id)
  })
})

describe('PDF content', () => {
  const pdfBody = () => passage(d, { title: 'Passage as PDF', content_display_type: d.display.pdf })

  it('accepts a real PDF as multipart and serves it back', async () => {
    const res = await multipart(h, 'POST', '/api/assessment/', { token: admin, fields: asFields(pdfBody()), files: { pdf: { name: 'hen.pdf', type: 'application/pdf', bytes: PDF_BYTES } } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const a = res.body.payload
    expect(a).toMatchObject({ pdf_url: `/api/assessment/${a.id}/pdf/`, pdf_name: 'hen.pdf', duration: '00:02:30', levels: [d.level['kg1'], d.level['grade-1']] })
    const file = await getBytes(h, a.pdf_url, { token: admin, host: PLATFORM_HOST })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.bytes.equals(PDF_BYTES)).toBe(true)

    // An edit without a new file keeps the stored one.
    const edited = await multipart(h, 'PUT', `/api/assessment/${a.id}/`, { token: admin, fields: asFields({ ...pdfBody(), title: 'Passage as PDF, edited' }) })
    expect(edited.status).toBe(200)
    expect(edited.body.payload.pdf_url).toBe(a.pdf_url)
  })

  it('accepts a PDF read as a data URL in JSON', async () => {
    const res = await post({ ...pdfBody(), pdf: `data:application/pdf;base64,${PDF_BYTES.toString('base64')}` })
    expect(res.status).toBe(201)
    expect(res.body.payload.pdf_url).toMatch(/\/pdf\/$/)
    expect(res.body.payload.pdf_name).toBe('assessment.pdf')
    const named = await post({ ...pdfBody(), pdf: `data:application/pdf;name=${encodeURIComponent('قصة الدجاجة.pdf')};base64,${PDF_BYTES.toString('base64')}` })
    expect(named.status).toBe(201)
    expect(named.body.payload.pdf_name).toBe('قصة الدجاجة.pdf')
  })

  it('refuses a file that claims to be a PDF but is not, in English and Arabic', async () => {
    const fake = { pdf: { name: 'passage.pdf', type: 'application/pdf', bytes: Buffer.from('<html>not a pdf</html>') } }
    const en = await multipart(h, 'POST', '/api/assessment/', { token: admin, fields: asFields(pdfBody()), files: fake })
    expect(en.status).toBe(400)
    expect(en.body.message.codes).toEqual({ pdf: CODES.invalidPdf })
    expect(en.body.message.errors).toEqual([ASSESSMENT_MESSAGES.notPdf.en])
    const ar = await multipart(h, 'POST', '/api/assessment/', { token: admin, lang: 'ar', fields: asFields(pdfBody()), files: fake })
    expect(ar.body.message.errors).toEqual([ASSESSMENT_MESSAGES.notPdf.ar])
    const dataUrl = await post({ ...pdfBody(), pdf: `data:application/pdf;base64,${Buffer.from('MZ fake').toString('base64')}` })
    expect(dataUrl.status).toBe(400)
  })

  it('requires a PDF for the PDF display type and refuses one above the size limit', async () => {
    const none = await post(pdfBody())
    expect(none.status).toBe(400)
    expect(none.body.message.codes).toEqual({ pdf: CODES.required })
    const big = Buffer.alloc(PDF_MAX_BYTES + 1, 0x20)
    PDF_BYTES.copy(big)
    const tooBig = await multipart(h, 'POST', '/api/assessment/', { token: admin, fields: asFields(pdfBody()), files: { pdf: { name: 'big.pdf', type: 'application/pdf', bytes: big } } })
    expect(tooBig.status).toBe(413)
  })
})

describe('who may read and write', () => {
  let a: any
  beforeAll(async () => {
    const res = await multipart(h, 'POST', '/api/assessment/', {
      token: admin,
      fields: asFields(passage(d, { title: 'Assigned later', content_display_type: d.display.pdf })),
      files: { pdf: { name: 'x.pdf', type: 'application/pdf', bytes: PDF_BYTES } },
    })
    a = res.body.payload
  })

  it('lets only platform admins write', async () => {
    const instAdmin = await h.login('institution.admin@sample.test')
    expect((await h.request('POST', '/api/assessment/', { token: instAdmin, json: passage(d) })).status).toBe(403)
    expect((await h.request('PUT', `/api/assessment/${a.id}/`, { token: instAdmin, json: passage(d) })).status).toBe(403)
    expect((await h.request('PUT', `/api/assessment/${a.id}/clients/`, { token: instAdmin, json: { clients: [sampleId] } })).status).toBe(403)
    expect((await h.request('POST', '/api/assessment/', { json: passage(d) })).status).toBe(401)
  })

  it('hides an unassigned assessment and its PDF from institution users, then shows it once assigned', async () => {
    const teacher = await h.login('teacher@sample.test')
    expect((await h.request('GET', `/api/assessment/${a.id}/`, { token: teacher })).status).toBe(404)
    expect((await getBytes(h, a.pdf_url, { token: teacher })).status).toBe(404)
    expect((await h.request('GET', '/api/assessment/', { token: teacher })).body.payload.count).toBe(0)
    expect((await getBytes(h, a.pdf_url)).status).toBe(401)

    const assigned = await h.request('PUT', `/api/assessment/${a.id}/clients/`, { token: admin, host: PLATFORM_HOST, json: { clients: [sampleId] } })
    expect(assigned.body).toEqual({ payload: { clients: [sampleId] } })
    expect((await h.request('GET', `/api/assessment/${a.id}/`, { token: teacher })).status).toBe(200)
    const pdf = await getBytes(h, a.pdf_url, { token: teacher })
    expect(pdf.status).toBe(200)
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const list = await h.request('GET', '/api/assessment/', { token: teacher, host: SAMPLE_HOST })
    expect(list.body.payload.results.map((r: any) => r.id)).toEqual([a.id])

    const asClient = await h.request('GET', `/api/assessmentAsClient/${sampleId}/`, { token: admin, host: PLATFORM_HOST })
    expect(asClient.body.payload.results.map((r: any) => r.id)).toEqual([a.id])

    // Another institution still sees nothing.
    const other = await insertInstitution(h, 'otherschool')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    expect((await h.request('GET', `/api/assessment/${a.id}/`, { token: otherToken, host: other.host })).status).toBe(404)
    expect((await getBytes(h, a.pdf_url, { token: otherToken, host: other.host })).status).toBe(404)

    const unknown = await h.request('PUT', `/api/assessment/${a.id}/clients/`, { token: admin, host: PLATFORM_HOST, json: { clients: [999999] } })
    expect(unknown.status).toBe(400)
  })
})

describe('assessment list', () => {
  it('pages, searches and orders by level names and downloads .xlsx', async () => {
    const search = await h.request('GET', '/api/assessment/?level_names=grade%201&ordering=-title', { token: admin, host: PLATFORM_HOST })
    expect(search.status).toBe(200)
    const titles = search.body.payload.results.map((r: any) => r.title)
    expect(titles.length).toBeGreaterThan(0)
    expect([...titles].sort().reverse()).toEqual(titles)
    expect(search.body.payload.results.every((r: any) => r.level_names.includes('Grade 1'))).toBe(true)
    expect((await h.request('GET', '/api/assessment/?ordering=content', { token: admin, host: PLATFORM_HOST })).status).toBe(400)

    const file = await getBytes(h, '/api/assessment/download/', { token: admin, host: PLATFORM_HOST })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/assessments\.xlsx/)
    const book = XLSX.read(file.bytes)
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!)
    expect(rows.some((r) => r.Levels === 'KG1, Grade 1' && r.Duration === '00:02:30')).toBe(true)
  })
})
