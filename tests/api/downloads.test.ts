// Every list offers its rows as a real .xlsx: named through Content-Disposition, in the requester's
// language, right-to-left for Arabic, with the same rows (filters included) as the list.
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'

let h: Harness
let admin: string
let platform: string
let schoolId: number

beforeAll(async () => {
  h = await createHarness()
  admin = await h.login('institution.admin@sample.test')
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  schoolId = (await h.request('GET', '/api/myschools/', { token: admin })).body.payload.results[0].id
})
afterAll(async () => {
  await h?.close()
})

async function download(path: string, opts: { token: string; host?: string; lang?: 'en' | 'ar' }) {
  const host = opts.host ?? SAMPLE_HOST
  const res = await h.app.request(`http://${host}${path}`, {
    headers: { host, authorization: `Bearer ${opts.token}`, 'accept-language': opts.lang ?? 'en' },
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  if (res.status !== 200) return { status: res.status, disposition: null, rows: [], rtl: false }
  const book = XLSX.read(bytes, { type: 'array' })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }),
    rtl: book.Workbook?.Views?.[0]?.RTL ?? false,
  }
}

const LISTS = [
  { name: 'schools', list: '/api/school/', file: 'schools.xlsx', header: 'Identifier', arHeader: 'المعرّف' },
  { name: 'academic years', list: '/api/academic-year/', file: 'academic-years.xlsx', header: 'Academic year', arHeader: 'السنة الدراسية' },
  { name: 'grades', list: () => `/api/school/${schoolId}/grade/`, file: 'grades.xlsx', header: 'Identifier', arHeader: 'المعرّف' },
  { name: 'sections', list: () => `/api/school/${schoolId}/section/`, file: 'sections.xlsx', header: 'Identifier', arHeader: 'المعرّف' },
  { name: 'classes', list: () => `/api/school/${schoolId}/class/`, file: 'classes.xlsx', header: 'Identifier', arHeader: 'المعرّف' },
  { name: 'users', list: '/api/user/', file: 'users.xlsx', header: 'Name', arHeader: 'الاسم' },
] as const

describe.each(LISTS)('$name download', ({ list, file, header, arHeader }) => {
  const path = () => (typeof list === 'function' ? list() : list)

  it('is a named .xlsx with a header row and every row of the list', async () => {
    const res = await download(`${path()}download/`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.disposition).toContain(`filename="${file}"`)
    expect(res.rows[0]?.[0]).toBe(header)
    const count = (await h.request('GET', path(), { token: admin })).body.payload.count as number
    expect(count).toBeGreaterThan(0)
    expect(res.rows.length - 1).toBe(count)
    expect(res.rtl).toBe(false)
  })

  it('is in Arabic, right to left, with lang ar', async () => {
    const res = await download(`${path()}download/`, { token: admin, lang: 'ar' })
    expect(res.rows[0]?.[0]).toBe(arHeader)
    expect(res.rtl).toBe(true)
  })
})

describe('download rules', () => {
  it('applies the list search to the download', async () => {
    const res = await download(`/api/school/${schoolId}/grade/download/?display_name=Grade%202`, { token: admin })
    expect(res.rows.slice(1).map((r) => r[1])).toEqual(['Grade 2'])
  })

  it('needs a sign-in and the list permission', async () => {
    const anonymous = await h.app.request(`http://${SAMPLE_HOST}/api/user/download/`, { headers: { host: SAMPLE_HOST } })
    expect(anonymous.status).toBe(401)
    const teacher = await h.login('teacher@sample.test')
    expect((await download('/api/user/download/', { token: teacher })).status).toBe(403)
  })

  it('offers the institutions list to the platform admin on the platform host only', async () => {
    const res = await download('/api/client/download/', { token: platform, host: PLATFORM_HOST })
    expect(res.status).toBe(200)
    expect(res.rows[0]).toEqual(['Organization name', 'Sub-domain', 'Acronym', 'Licence', 'Schools'])
    expect(res.rows.slice(1).find((r) => r[1] === 'sample')?.[3]).toBe('ACTIVE')
    expect((await download('/api/client/download/', { token: admin })).status).toBe(404)
  })
})
