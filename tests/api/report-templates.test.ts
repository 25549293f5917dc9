import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import * as XLSX from 'xlsx'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createHarness, PLATFORM_HOST, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { insertInstitution } from '../factories/tenants'
import { CODES } from '../../src/shared/schemas/codes'
import { REPORT_TYPES, SCOPE_TYPES } from '../../src/shared/schemas/assessment-library'
import { getBytes, multipart, platformToken } from '../factories/assessments'

let h: Harness
let admin: string
let libraryId: number
let reportLibraryId: number
let entryId: number

beforeAll(async () => {
  h = await createHarness()
  admin = await platformToken(h)
  libraryId = (await req('POST', '/api/assessmentlibrary/', { display_name: 'Plain library' })).body.payload.id
  reportLibraryId = (await req('POST', '/api/assessmentlibrary/', { display_name: 'Bundle library', isReport: true })).body.payload.id
  entryId = (await req('POST', '/api/assessmentlibraryentry/', { assessment_library: libraryId, display_name: 'First entry' })).body.payload.id
})
afterAll(async () => {
  await h?.close()
})

function req(method: string, path: string, json?: unknown, lang?: 'en' | 'ar') {
  return h.request(method, path, { token: admin, host: PLATFORM_HOST, json, lang })
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Class fluency template',
  assessmentLibrary: libraryId,
  reportType: REPORT_TYPES.common,
  reportScope: SCOPE_TYPES.class,
  switches: 'comparative',
  entries: [{ display_name: 'Fluency', assessment_library_entry: entryId }, { display_name: 'Free text row' }],
  ...over,
})

describe('report templates', () => {
  it('creates, reads, updates (replacing entries), lists by type and deletes', async () => {
    const created = await req('POST', '/api/reporttemplate/', body())
    expect(created.status).toBe(201)
    const t = created.body.payload
    expect(t).toMatchObject({ name: 'Class fluency template', assessmentLibrary: libraryId, assessmentLibrary_name: 'Plain library', reportType: 1, reportScope: 3, switch_list: ['comparative'], savedFileName: null, is_deletable: true })
    expect(t.entries.map((e: any) => [e.display_name, e.assessment_library_entry, e.position])).toEqual([['Fluency', entryId, 0], ['Free text row', null, 1]])
    expect((await req('GET', `/api/reporttemplate/${t.id}/`)).body).toEqual({ payload: t })

    const entries = await req('GET', `/api/reporttemplateentrylist/${t.id}/`)
    expect(entries.body.payload.count).toBe(2)
    expect((await req('GET', `/api/reporttemplateentry/${t.entries[0].id}/`)).body.payload.display_name).toBe('Fluency')

    const updated = await req('PUT', `/api/reporttemplate/${t.id}/`, body({ name: 'School bundle', reportType: 100 + reportLibraryId, reportScope: SCOPE_TYPES.school, entries: [] }))
    expect(updated.status).toBe(200)
    expect(updated.body.payload).toMatchObject({ name: 'School bundle', reportType: 100 + reportLibraryId, reportScope: 2, entries: [] })
    const ofType = await req('GET', `/api/reporttemplate_type/${100 + reportLibraryId}/reporttemplate/`)
    expect(ofType.body.payload.results.map((r: any) => r.id)).toEqual([t.id])

    expect((await req('DELETE', `/api/reporttemplate/${t.id}/`)).body).toEqual({ payload: { deleted: true } })
    expect((await req('GET', `/api/reporttemplate/${t.id}/`)).status).toBe(404)
  })

  it.each([
    ['a name shorter than 4', { name: 'abc' }, 'name', CODES.tooShort],
    ['a missing name', { name: undefined }, 'name', CODES.required],
    ['a scope other than 1, 2, 3', { reportScope: 4 }, 'reportScope', CODES.invalidChoice],
    ['an unknown built-in report type', { reportType: 3 }, 'reportType', CODES.invalidChoice],
    ['a custom report type of a library that is not a report', { reportType: 100 + 999 }, 'reportType', CODES.invalidChoice],
    ['an unknown library', { assessmentLibrary: 999999 }, 'assessmentLibrary', CODES.invalidChoice],
  ])('refuses %s', async (_, over, field, code) => {
    const res = await req('POST', '/api/reporttemplate/', body(over))
    expect(res.status).toBe(400)
    expect(res.body.message.codes[field]).toBe(code)
  })

  it('refuses entries of another library', async () => {
    const res = await req('POST', '/api/reporttemplate/', body({ assessmentLibrary: reportLibraryId, reportType: 100 + reportLibraryId }))
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.message.fields)).toEqual(['entries'])
  })
})

describe('files and mail', () => {
  let id: number
  beforeAll(async () => {
    id = (await req('POST', '/api/reporttemplate/', body({ name: 'Downloadable template' }))).body.payload.id
  })

  it('exports the list and downloads the upload template', async () => {
    const exported = await getBytes(h, '/api/reporttemplate/export/', { token: admin, host: PLATFORM_HOST })
    expect(exported.status).toBe(200)
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(exported.bytes).Sheets['Report templates']!)
    expect(rows.map((r) => r.Name)).toContain('Downloadable template')
    const template = await getBytes(h, '/api/reporttemplate/download/', { token: admin, host: PLATFORM_HOST })
    const book = XLSX.read(template.bytes)
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]
    expect(header).toEqual(['name', 'assessmentLibrary', 'reportType', 'reportScope', 'switches'])
  })

  it('downloads one template and keeps it as the saved file', async () => {
    const file = await getBytes(h, `/api/reporttemplate/download/${id}`, { token: admin, host: PLATFORM_HOST })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/Downloadable template-\d+\.xlsx|Downloadable_template-\d+\.xlsx/)
    const book = XLSX.read(file.bytes)
    const [row] = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Template upload']!)
    expect(row).toMatchObject({ name: 'Downloadable template', reportScope: expect.any(Number) })
    const entries = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Entries!)
    expect(entries.map((r) => r.entry_name)).toEqual(['Fluency', 'Free text row'])
    const t = (await req('GET', `/api/reporttemplate/${id}/`)).body.payload
    expect(t.savedFileName).toBe(`Downloadable template-${id}.xlsx`)
    expect(t.saved_file_url).toBe(`/api/downloadS3/${id}/`)
    const saved = await getBytes(h, t.saved_file_url, { token: admin, host: PLATFORM_HOST })
    expect(saved.status).toBe(200)
    expect(saved.bytes.equals(file.bytes)).toBe(true)
  })

  it('mails the .xlsx to the signed-in user or another user of the institution', async () => {
    const before = h.mails().length
    const mine = await req('GET', `/api/reporttemplate/email/${id}`)
    expect(mine.status).toBe(200)
    expect(mine.body.payload.message).toBe('The report template was sent to admin@platform.local')
    const instAdmin = await h.login('institution.admin@sample.test')
    const other = await h.request('GET', `/api/reporttemplate/email/${id}?email=Teacher@Sample.test`, { token: instAdmin, lang: 'ar' })
    expect(other.body.payload.message).toBe('أُرسل قالب التقرير إلى teacher@sample.test')
    const mails = h.mails().slice(before)
    expect(mails).toHaveLength(2)
    expect(mails[0]).toMatch(/^To: admin@platform\.local/m)
    expect(mails[1]).toMatch(/^To: teacher@sample\.test/m)
    expect(mails[0]).toMatch(/Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/)
    expect(mails[0]).toMatch(/filename.*Downloadable.*\.xlsx/)
    const bad = await req('GET', `/api/reporttemplate/email/${id}?email=not-an-email`)
    expect(bad.status).toBe(400)
  })

  it('refuses to mail a template to an outside address or a user of another institution, in both languages', async () => {
    await insertInstitution(h, 'elsewhere')
    const instAdmin = await h.login('institution.admin@sample.test')
    const before = h.mails().length
    for (const [token, host, email] of [
      [admin, PLATFORM_HOST, 'head@school.test'],
      [admin, PLATFORM_HOST, 'teacher@sample.test'],
      [instAdmin, SAMPLE_HOST, 'someone@outside.test'],
      [instAdmin, SAMPLE_HOST, 'admin@elsewhere.test'],
    ] as const) {
      const res = await h.request('GET', `/api/reporttemplate/email/${id}?email=${email}`, { token, host })
      expect(res.status, email).toBe(400)
      expect(res.body.message.fields.email).toEqual(['A template can be sent only to you or to another user of this institution'])
    }
    const ar = await h.request('GET', `/api/reporttemplate/email/${id}?email=someone@outside.test`, { token: instAdmin, lang: 'ar' })
    expect(ar.body.message.fields.email).toEqual(['لا يمكن إرسال القالب إلا إليك أو إلى مستخدم آخر في هذه المؤسسة'])
    expect(h.mails()).toHaveLength(before)
  })

  it('keeps one stored file per template however often, and however many at once, it is downloaded or mailed', async () => {
    const stored = () => readdirSync(join(h.env.dataDir, 'files', 'report-templates'))
    const download = () => getBytes(h, `/api/reporttemplate/download/${id}`, { token: admin, host: PLATFORM_HOST })
    for (let i = 0; i < 3; i++) {
      await download()
      await req('GET', `/api/reporttemplate/email/${id}`)
    }
    await Promise.all([download(), download(), download(), download()])
    expect(stored()).toHaveLength(1)
    // A changed template replaces its file; the old one goes.
    const current = (await req('GET', `/api/reporttemplate/${id}/`)).body.payload
    expect((await req('PUT', `/api/reporttemplate/${id}/`, body({ name: 'Downloadable template v2', updated_at: current.updated_at }))).status).toBe(200)
    const file = await download()
    expect(XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(file.bytes).Sheets['Template upload']!)[0]!.name).toBe('Downloadable template v2')
    expect(stored()).toHaveLength(1)
    const saved = await getBytes(h, `/api/downloadS3/${id}/`, { token: admin, host: PLATFORM_HOST })
    expect(saved.bytes.equals(file.bytes)).toBe(true)
  })

  it('refuses an upload that is not a spreadsheet; a downloaded template file comes back as a template', async () => {
    const fake = await multipart(h, 'POST', '/api/reporttemplate/upload/', { token: admin, files: { docfile: { name: 'x.xls', type: 'application/vnd.ms-excel', bytes: Buffer.from('hello') } } })
    expect(fake.status).toBe(400)
    const file = await getBytes(h, `/api/reporttemplate/download/${id}`, { token: admin, host: PLATFORM_HOST })
    const book = XLSX.read(file.bytes)
    book.Sheets['Template upload']!.A2 = { t: 's', v: 'Downloadable template copy' }
    const again = await multipart(h, 'POST', '/api/reporttemplate/upload/', { token: admin, files: { docfile: { name: 't.xlsx', type: 'application/octet-stream', bytes: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) } } })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.payload).toEqual([expect.objectContaining({ row: 2, status: 'success', name: 'Downloadable template copy' })])
  })
})

describe('permissions', () => {
  it('lets institution admins read but only platform admins write; other roles neither', async () => {
    const instAdmin = await h.login('institution.admin@sample.test')
    expect((await h.request('GET', '/api/reporttemplate/', { token: instAdmin })).status).toBe(200)
    expect((await h.request('POST', '/api/reporttemplate/', { token: instAdmin, json: body() })).status).toBe(403)
    const teacher = await h.login('teacher@sample.test')
    expect((await h.request('GET', '/api/reporttemplate/', { token: teacher })).status).toBe(403)
    expect((await h.request('GET', '/api/reporttemplate/')).status).toBe(401)
  })
})
