import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import * as XLSX from 'xlsx'
import { createHarness, PLATFORM_HOST, type Harness } from '../setup/api-harness'
import { CODES } from '../../src/shared/schemas/codes'
import { BUNDLE_START, reportTypeOfLibrary } from '../../src/shared/schemas/assessment-library'
import { dependencies, getBytes, multipart, passage, platformToken } from '../factories/assessments'

let h: Harness
let admin: string
let assessmentId: number

beforeAll(async () => {
  h = await createHarness()
  admin = await platformToken(h)
  const d = await dependencies(h, admin)
  assessmentId = (await h.request('POST', '/api/assessment/', { token: admin, host: PLATFORM_HOST, json: passage(d) })).body.payload.id
})
afterAll(async () => {
  await h?.close()
})

const req = (method: string, path: string, json?: unknown, lang?: 'en' | 'ar') => h.request(method, path, { token: admin, host: PLATFORM_HOST, json, lang })

describe('assessment libraries', () => {
  it('creates, reads and updates a library; a report library is report type 100 + id', async () => {
    const created = await req('POST', '/api/assessmentlibrary/', { display_name: 'Term 1 bundle', isReport: true, isGlobal: false, switches: 'enableParentReport, comparative' })
    expect(created.status).toBe(201)
    const lib = created.body.payload
    expect(lib).toMatchObject({ display_name: 'Term 1 bundle', isReport: true, isGlobal: false, switches: 'enableParentReport,comparative', switch_list: ['enableParentReport', 'comparative'], entry_count: 0 })
    expect(lib.report_type).toBe(BUNDLE_START + lib.id)
    expect(reportTypeOfLibrary(lib.id)).toBe(lib.report_type)
    expect((await req('GET', `/api/assessmentlibrary/${lib.id}/`)).body).toEqual({ payload: lib })

    const updated = await req('PUT', `/api/assessmentlibrary/${lib.id}/`, { display_name: 'Term 1 library', isReport: false, isGlobal: true })
    expect(updated.body.payload).toMatchObject({ display_name: 'Term 1 library', isReport: false, isGlobal: true, switches: '', report_type: null })

    const reports = await req('GET', '/api/assessmentlibrary_type/report/assessmentlibrary/')
    expect(reports.body.payload.results.map((r: any) => r.id)).not.toContain(lib.id)
    const global = await req('GET', '/api/assessmentlibrary_type/global/assessmentlibrary/')
    expect(global.body.payload.results.map((r: any) => r.id)).toContain(lib.id)
    expect((await req('GET', '/api/assessmentlibrary_type/nonsense/assessmentlibrary/')).status).toBe(400)
  })

  it('refuses a name shorter than 4', async () => {
    for (const display_name of ['abc', '   ', undefined]) {
      const res = await req('POST', '/api/assessmentlibrary/', { display_name })
      expect(res.status).toBe(400)
      expect(res.body.message.codes.display_name).toBe(display_name === 'abc' ? CODES.tooShort : CODES.required)
    }
    const ar = await req('POST', '/api/assessmentlibrary/', { display_name: 'ab' }, 'ar')
    expect(ar.body.message.fields.display_name).toEqual(['يجب ألا يقل عن 4 أحرف'])
  })

  it('lists with paging, search and ordering, and exports .xlsx', async () => {
    for (const name of ['Alpha library', 'Beta library', 'Gamma bundle']) await req('POST', '/api/assessmentlibrary/', { display_name: name, isReport: name.includes('bundle') })
    const list = await req('GET', '/api/assessmentlibrary/?display_name=library&ordering=-display_name')
    expect(list.status).toBe(200)
    const names = list.body.payload.results.map((r: any) => r.display_name)
    expect(names).toEqual([...names].sort().reverse())
    expect(names).not.toContain('Gamma bundle')
    const file = await getBytes(h, '/api/assessmentlibrary/export/', { token: admin, host: PLATFORM_HOST })
    expect(file.status).toBe(200)
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(file.bytes).Sheets['Assessment libraries']!)
    expect(rows.map((r) => r.Name)).toEqual(expect.arrayContaining(['Alpha library', 'Gamma bundle']))
  })

  it('downloads the upload template with the library fields, and refuses files that are not spreadsheets', async () => {
    const file = await getBytes(h, '/api/assessmentlibrary/download/', { token: admin, host: PLATFORM_HOST })
    const book = XLSX.read(file.bytes)
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]
    expect(header).toEqual(['display_name', 'isReport', 'isGlobal', 'switches'])

    const notSheet = await multipart(h, 'POST', '/api/upload-assessment-library/', { token: admin, files: { assessmentlibrary_excel: { name: 'list.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.from('not a zip') } } })
    expect(notSheet.status).toBe(400)
    expect(Object.keys(notSheet.body.message.fields)).toEqual(['assessmentlibrary_excel'])
    const wrongExt = await multipart(h, 'POST', '/api/upload-assessment-library/', { token: admin, files: { assessmentlibrary_excel: { name: 'list.csv', type: 'text/csv', bytes: Buffer.from('a,b') } } })
    expect(wrongExt.status).toBe(400)
    const missing = await req('POST', '/api/upload-assessment-library/', {})
    expect(missing.status).toBe(400)
    // The empty template itself: read, but it has no rows to import.
    const empty = await multipart(h, 'POST', '/api/upload-assessment-library/', { token: admin, files: { assessmentlibrary_excel: { name: 'libraries.xlsx', type: 'application/octet-stream', bytes: file.bytes } } })
    expect(empty.status).toBe(400)
    expect(empty.body.message.errors[0]).toMatch(/no rows to import/)
  })
})

describe('library entries', () => {
  let libraryId: number
  beforeAll(async () => {
    libraryId = (await req('POST', '/api/assessmentlibrary/', { display_name: 'Entries library', isReport: true, switches: 'enableParentReport' })).body.payload.id
  })

  it('creates, lists, reads, updates and deletes entries', async () => {
    const created = await req('POST', '/api/assessmentlibraryentry/', { assessment_library: libraryId, display_name: 'Fluency check', inParentReport: true, description: 'Read aloud', assessments: [assessmentId] })
    expect(created.status).toBe(201)
    const entry = created.body.payload
    expect(entry).toMatchObject({ assessment_library: libraryId, display_name: 'Fluency check', title: 'Fluency check', inParentReport: true, description: 'Read aloud', assessments: [assessmentId] })

    const list = await req('GET', `/api/assessmentlibraryentrylist/${libraryId}/`)
    expect(list.body.payload).toEqual({ results: [entry], count: 1 })
    expect((await req('GET', `/api/assessmentlibraryentry/${entry.id}/`)).body).toEqual({ payload: entry })
    expect((await req('GET', `/api/assessmentlibrary/${libraryId}/`)).body.payload.entry_count).toBe(1)

    const updated = await req('PUT', `/api/assessmentlibraryentry/${entry.id}/`, { display_name: 'Fluency check 2', inParentReport: false, assessments: [] })
    expect(updated.body.payload).toMatchObject({ display_name: 'Fluency check 2', inParentReport: false, description: '', assessments: [] })

    expect((await req('DELETE', `/api/assessmentlibraryentry/${entry.id}/`)).body).toEqual({ payload: { deleted: true } })
    expect((await req('GET', `/api/assessmentlibraryentry/${entry.id}/`)).status).toBe(404)
  })

  it('refuses a name shorter than 4, an unknown library and unknown assessments', async () => {
    const short = await req('POST', '/api/assessmentlibraryentry/', { assessment_library: libraryId, display_name: 'abc' })
    expect(short.body.message.codes).toEqual({ display_name: CODES.tooShort })
    const noLibrary = await req('POST', '/api/assessmentlibraryentry/', { assessment_library: 999999, display_name: 'Valid name' })
    expect(noLibrary.status).toBe(400)
    expect(Object.keys(noLibrary.body.message.fields)).toEqual(['assessment_library'])
    const badAssessment = await req('POST', '/api/assessmentlibraryentry/', { assessment_library: libraryId, display_name: 'Valid name', assessments: [999999] })
    expect(Object.keys(badAssessment.body.message.fields)).toEqual(['assessments'])
  })
})

describe('permissions', () => {
  it('lets only platform admins read and write libraries', async () => {
    const instAdmin = await h.login('institution.admin@sample.test')
    expect((await h.request('GET', '/api/assessmentlibrary/', { token: instAdmin })).status).toBe(403)
    expect((await h.request('POST', '/api/assessmentlibrary/', { token: instAdmin, json: { display_name: 'Sneaky library' } })).status).toBe(403)
    expect((await h.request('POST', '/api/assessmentlibraryentry/', { token: instAdmin, json: { assessment_library: 1, display_name: 'Sneaky entry' } })).status).toBe(403)
    expect((await h.request('GET', '/api/assessmentlibrary/')).status).toBe(401)
  })
})
