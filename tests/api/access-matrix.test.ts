// A generated access matrix over every operation of /api/openapi.json: each role of institution A
// (sample) calls every operation with the ids of institution B, with A's ids mixed with one of B's in
// the same path, with the ids of A's other school (roles tied to one school), with A's token on B's host,
// and with no token. Every such call must be refused (401/403/404, or 400 for a body refused before any
// lookup), no answer or downloaded file may hold any of B's text, and B's rows must be unchanged after.
import { eq } from 'drizzle-orm'
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { percentEncoded, sampleFor, seededRandom } from '../setup/hostile-input'
import { OTHER_PASSWORD, insertClass, insertInstitution, insertSchool, insertUser, sampleInstitutionId } from '../factories/tenants'
import { academicYears, grades, licences, schools, sections, studentClassRelations, students, users } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'
import { BATCH_METHODS } from '../../src/shared/schemas/batch'
import type { Role } from '../../src/shared/roles'

/** Every text of institution B carries this mark, so a leak is found by searching answers for it. */
const MARK = 'Zorblax'
const LEAK = new RegExp(MARK, 'i')

type Objects = { institution: number; school: number; year: number; grade: number; section: number; class: number; student: number; user: number; licence: number }
type Operation = { method: string; path: string; isPublic: boolean; body?: { type: string; schema: any } }

let h: Harness
let ops: Operation[]
let a: Objects
let a2: Objects // A's second school (for roles tied to the first)
let b: Objects
let bHost: string
const tokens: Partial<Record<Role, string>> = {}

async function objectsIn(institution: number, school: number, tag: string, userEmail: string): Promise<Objects> {
  const [year] = await h.db.insert(academicYears).values({ institution_id: institution, display_name: tag === MARK ? '2030-2031' : '2031-2032' }).returning()
  const [grade] = await h.db.insert(grades).values({ institution_id: institution, school_id: school, identifier: `${tag}G`, display_name: `${tag} Grade` }).returning()
  const [section] = await h.db.insert(sections).values({ institution_id: institution, school_id: school, identifier: `${tag}S`, display_name: `${tag} Section` }).returning()
  const cls = await insertClass(h, { institutionId: institution, schoolId: school, gradeId: grade!.id, sectionId: section!.id, identifier: `${tag}C` })
  const [student] = await h.db.insert(students).values({
    institution_id: institution, school_id: school, first_name: `${tag} Pupil`, last_name: `${tag} Family`, arabic_name: `${tag} طالب`, enrollment_code: `${tag}-00001`, user_field_1: `${tag} note`,
  }).returning()
  await h.db.insert(studentClassRelations).values({ student_id: student!.id, class_id: cls, academic_year_id: year!.id })
  const user = await insertUser(h, { institutionId: institution, email: userEmail, role: 'teacher', schoolIds: [school] })
  await h.db.update(users).set({ first_name: `${tag} Teacher`, last_name: tag }).where(eq(users.id, user))
  const [licence] = await h.db.insert(licences).values({ institution_id: institution, from_date: '2030-01-01', to_date: '2030-12-31', purchase_quantity: 7 }).returning()
  return { institution, school, year: year!.id, grade: grade!.id, section: section!.id, class: cls, student: student!.id, user, licence: licence!.id }
}

beforeAll(async () => {
  h = await createHarness()
  const doc = (await h.request('GET', api.openapi)).body
  ops = []
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content as Record<string, { schema: unknown }> | undefined
      const type = content ? Object.keys(content)[0]! : undefined
      ops.push({ method: method.toUpperCase(), path, isPublic: !op.security, body: type ? { type, schema: content![type]!.schema } : undefined })
    }
  }
  const sample = await sampleInstitutionId(h)
  const other = await insertInstitution(h, MARK.toLowerCase())
  bHost = other.host
  await h.db.update(schools).set({ display_name: `${MARK} School`, arabic_display_name: `${MARK} مدرسة` }).where(eq(schools.id, other.schoolId))
  b = await objectsIn(other.institutionId, other.schoolId, MARK, `teacher@${MARK.toLowerCase()}.test`)
  const [aSchool] = await h.db.select({ id: schools.id }).from(schools).where(eq(schools.institution_id, sample))
  a = await objectsIn(sample, aSchool!.id, 'Own', 'own.teacher@sample.test')
  a2 = await objectsIn(sample, await insertSchool(h, sample, 'SECOND'), 'Second', 'second.teacher@sample.test')
  for (const role of ['institution_admin', 'school_admin', 'teacher', 'viewer'] as const) {
    tokens[role] = await h.login({ institution_admin: 'institution.admin', school_admin: 'school.admin', teacher: 'teacher', viewer: 'viewer' }[role] + '@sample.test')
  }
  expect((await h.login(other.adminEmail, OTHER_PASSWORD, bHost)).length).toBeGreaterThan(10)
}, 120_000)
afterAll(async () => {
  await h?.close()
})

/** The kind of object a path parameter names, from its name or the segment before it; null for shared content. */
function kindOf(path: string, param: string): keyof Objects | null {
  if (param === 'schoolId' || param === 'src' || param === 'dest') return 'school'
  if (param === 'yearId') return 'year'
  if (param === 'classId') return 'class'
  if (param === 'institutionId') return 'institution'
  const before = path.slice(0, path.indexOf(`{${param}}`)).split('/').filter(Boolean).at(-1)
  const map: Record<string, keyof Objects> = {
    school: 'school', 'academic-year': 'year', user: 'user', class: 'class', student: 'student', grade: 'grade', section: 'section',
    client: 'institution', client_admin: 'user', assessmentAsClient: 'institution', license: 'licence',
  }
  return before ? (map[before] ?? null) : null
}

/** Text of an answer, with a spreadsheet's cells written out so a leak inside a download is found too. */
async function answerText(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? ''
  if (/spreadsheetml|octet-stream/.test(type)) {
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' })
    return book.SheetNames.map((n) => XLSX.utils.sheet_to_csv(book.Sheets[n]!)).join('\n')
  }
  return res.text()
}

type Call = { who: string; variant: string; method: string; url: string; host: string; token?: string; body?: string; contentType?: string }

describe('access matrix over every operation', () => {
  it('refuses every call on another institution\'s or school\'s objects, and leaks none of their text', async () => {
    const started = Date.now()
    const r = seededRandom(7)
    const calls: Call[] = []
    const bodyFor = (op: Operation, objs: Objects) => {
      if (!op.body) return {}
      const sample = sampleFor(op.body.schema, r, [objs.class, objs.school, objs.year, objs.user]) as Record<string, unknown>
      return { body: op.body.type.includes('json') ? JSON.stringify(sample) : new URLSearchParams(sample as Record<string, string>).toString(), contentType: op.body.type }
    }
    for (const op of ops) {
      // Sign-out and password change act on the caller's own session; public calls (sign-in, forgot password) need none.
      if (op.path === api.logout || op.path === api.changePassword || op.isPublic) continue
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const tenant = params.filter((p) => kindOf(op.path, p))
      const fill = (pick: (p: string) => Objects) => op.path.replace(/\{(\w+)\}/g, (_, p: string) => {
        const kind = kindOf(op.path, p)
        // Date parameters get a valid date, so the call reaches its access check rather than a 400.
        return kind ? String(pick(p)[kind]) : p === 'sub' ? 'sample' : /date|^from$|^to$|^(first|second)(From|To)$/i.test(p) ? '2026-01-01' : '1'
      })
      for (const role of Object.keys(tokens) as Role[]) {
        const token = tokens[role]!
        if (tenant.length > 0) {
          calls.push({ who: role, variant: 'all of B', method: op.method, url: fill(() => b), host: SAMPLE_HOST, token, ...bodyFor(op, b) })
          if (tenant.length > 1) {
            for (const foreign of tenant) calls.push({ who: role, variant: `mixed: ${foreign} of B`, method: op.method, url: fill((p) => (p === foreign ? b : a)), host: SAMPLE_HOST, token, ...bodyFor(op, a) })
          }
          if ((role === 'school_admin' || role === 'teacher') && tenant.some((p) => kindOf(op.path, p) !== 'institution' && kindOf(op.path, p) !== 'year' && kindOf(op.path, p) !== 'user')) {
            calls.push({ who: role, variant: 'other school of A', method: op.method, url: fill(() => a2), host: SAMPLE_HOST, token, ...bodyFor(op, a2) })
          }
          calls.push({ who: role, variant: "A's token on B's host", method: op.method, url: fill(() => b), host: bHost, token, ...bodyFor(op, b) })
          // The router decodes `%73chool`: an address spelled with escapes reaches the same checks, alone and in a batch.
          calls.push({ who: role, variant: 'all of B, percent-encoded', method: op.method, url: percentEncoded(fill(() => b), r), host: SAMPLE_HOST, token, ...bodyFor(op, b) })
          if ((BATCH_METHODS as readonly string[]).includes(op.method) && (!op.body || op.body.type.includes('json'))) {
            const { body } = bodyFor(op, b)
            const item = { method: op.method, path: percentEncoded(fill(() => b), r), ...(body ? { body: JSON.parse(body) } : {}) }
            calls.push({ who: role, variant: 'batch: all of B, percent-encoded', method: 'POST', url: api.batch, host: SAMPLE_HOST, token, body: JSON.stringify({ requests: [item] }), contentType: 'application/json' })
          }
        } else {
          // No ids: the caller's own lists, reads and downloads must hold nothing of B.
          if (op.method === 'GET') calls.push({ who: role, variant: 'own list', method: op.method, url: op.path, host: SAMPLE_HOST, token })
          calls.push({ who: role, variant: "A's token on B's host", method: op.method, url: fill(() => b), host: bHost, token, ...bodyFor(op, b) })
        }
      }
      if (tenant.length > 0) calls.push({ who: 'anonymous', variant: 'no token', method: op.method, url: fill(() => b), host: bHost, ...bodyFor(op, b) })
    }

    const leaks: string[] = []
    const allowed: string[] = []
    for (const c of calls) {
      const headers: Record<string, string> = { host: c.host }
      if (c.token) headers.authorization = `Bearer ${c.token}`
      if (c.contentType) headers['content-type'] = c.contentType
      const res = await h.app.request(`http://${c.host}${c.url}`, { method: c.method, headers, body: c.method === 'GET' ? undefined : c.body })
      const text = await answerText(res)
      const where = `${c.who} ${c.variant}: ${c.method} ${c.url} on ${c.host} -> ${res.status}`
      if (LEAK.test(text)) leaks.push(`${where} ${text.slice(0, 200)}`)
      // A batch answers 200 with each write's own answer: the write is what must be refused.
      const status = c.variant.startsWith('batch') && res.status === 200 ? (JSON.parse(text).payload.results[0]?.status as number) : res.status
      const refused = [401, 403, 404].includes(status) || (status === 400 && c.method !== 'GET')
      if (c.variant !== 'own list' && !refused) allowed.push(`${where} ${text.slice(0, 160)}`)
    }

    // B's rows are as they were: no write of A reached them.
    const [student] = await h.db.select().from(students).where(eq(students.id, b.student))
    const [grade] = await h.db.select().from(grades).where(eq(grades.id, b.grade))
    const [year] = await h.db.select().from(academicYears).where(eq(academicYears.id, b.year))
    const [teacher] = await h.db.select().from(users).where(eq(users.id, b.user))
    const intact = student?.first_name === `${MARK} Pupil` && grade?.display_name === `${MARK} Grade` && year?.display_name === '2030-2031' && teacher?.is_active === true

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`[access] ${calls.length} calls over ${ops.length} operations, ${Object.keys(tokens).length} roles + anonymous, 2 institutions, 2 schools, 2 hosts in ${seconds} s; leaks: ${leaks.length}; allowed that should be refused: ${allowed.length}; B's rows intact: ${intact}`)
    for (const line of [...leaks, ...allowed].slice(0, 20)) console.log(`[access] ${line}`)
    expect(calls.length).toBeGreaterThan(500)
    expect(leaks).toEqual([])
    expect(allowed).toEqual([])
    expect(intact).toBe(true)
  }, 600_000)
})
