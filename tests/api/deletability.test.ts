// `is_deletable` on a list is what DELETE answers (ADR 0112): every list whose row can be deleted (a DELETE at
// `<list>{id}/` in the OpenAPI document) is walked, and each row's flag is checked against the answer of
// deleting it: true → 2xx, false → 4xx. Rows of one list never decide each other's flag, so the rows are read
// first and then deleted one by one. The world holds both kinds of every row: used by sittings, enrolments,
// classes or the caller's own account, and unused.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { insertSchool, insertUser } from '../factories/tenants'
import { moveStudent, record, sittingWorld, type SittingWorld } from '../factories/sittings'
import { classes, grades, sections } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'

let h: Harness
let w: SittingWorld
let paths: string[]
const tokens: Record<'institution_admin' | 'school_admin' | 'platform_admin', string> = { institution_admin: '', school_admin: '', platform_admin: '' }

/** Lists on the platform host, read and deleted by the platform admin. */
const PLATFORM_LISTS = ['/api/reporttemplate/', '/api/assessmentlibrary/', '/api/assessmentlibraryentry/']
/** Lists whose rows may be deleted but that carry no flag (the platform's content screens). */
const WITHOUT_FLAG = ['/api/assessmentlibrary/', '/api/assessmentlibraryentry/']

beforeAll(async () => {
  h = await createHarness()
  w = await sittingWorld(h)
  tokens.institution_admin = await h.login('institution.admin@sample.test')
  tokens.school_admin = await h.login('school.admin@sample.test')
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  const teacher = await h.login('teacher@sample.test')
  // Used: a sitting of Sara in 1A; a class whose only student moved on after a sitting in it.
  await record(w, teacher, { student: w.kids.Sara! })
  const [old] = await h.db.insert(classes).values({ institution_id: w.institutionId, school_id: w.schoolId, grade_id: w.gradeId, identifier: '1OLD', display_name: 'Old class' }).returning()
  await moveStudent(w, tokens.institution_admin, w.kids.Khalid!, old!.id)
  await record(w, tokens.institution_admin, { student: w.kids.Khalid!, classId: old!.id })
  await moveStudent(w, tokens.institution_admin, w.kids.Khalid!, w.classId)
  // Unused: a grade, a section, a class, a year and a school made a second ago.
  const [grade] = await h.db.insert(grades).values({ institution_id: w.institutionId, school_id: w.schoolId, identifier: 'GNEW', display_name: 'New grade' }).returning()
  await h.db.insert(sections).values({ institution_id: w.institutionId, school_id: w.schoolId, identifier: 'SNEW', display_name: 'New section' })
  await h.db.insert(classes).values({ institution_id: w.institutionId, school_id: w.schoolId, grade_id: grade!.id, identifier: '1NEW', display_name: 'New class' })
  expect((await h.request('POST', api.academicYears, { token: tokens.institution_admin, json: { display_name: '2030-2031', is_active: false } })).status).toBe(201)
  await insertSchool(h, w.institutionId, 'EMPTY')
  // A second school admin of the same school: listed to the first, who may not delete them.
  await insertUser(h, { institutionId: w.institutionId, email: 'second.admin@sample.test', role: 'school_admin', schoolIds: [w.schoolId] })

  const doc = (await h.request('GET', api.openapi)).body
  paths = Object.entries<Record<string, unknown>>(doc.paths)
    .filter(([path, methods]) => methods.delete && path.endsWith('{id}/'))
    .map(([path]) => path.slice(0, -'{id}/'.length))
}, 120_000)
afterAll(async () => {
  await h?.close()
})

type Row = { id: number; is_deletable?: boolean }

/** Every row of a list, page by page. */
async function allRows(list: string, token: string, host: string): Promise<Row[]> {
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const res = await h.request('GET', `${list}${list.includes('?') ? '&' : '?'}page=${page}`, { token, host })
    expect(res.status, `${list} ${JSON.stringify(res.body)}`).toBe(200)
    rows.push(...(res.body.payload.results as Row[]))
    if (rows.length >= res.body.payload.count || res.body.payload.results.length === 0) return rows
  }
}

/** Deletes each row and checks the answer against its flag; answers the flags seen. */
async function walk(template: string, token: string, host: string): Promise<boolean[]> {
  const base = template.replace('{schoolId}', String(w.schoolId)).replace('{yearId}', String(w.yearId))
  // The class list gives each class's teachers of a year; the flag does not depend on it.
  const rows = await allRows(base.endsWith('/class/') ? `${base}?year=${w.yearId}` : base, token, host)
  for (const row of rows) {
    expect(row.is_deletable, `${base}: row ${row.id} carries is_deletable`).toEqual(expect.any(Boolean))
    const res = await h.request('DELETE', `${base}${row.id}/`, { token, host })
    const agreed = row.is_deletable ? res.status >= 200 && res.status < 300 : res.status >= 400 && res.status < 500 && res.status !== 404
    expect(agreed, `${base}${row.id}/: is_deletable ${row.is_deletable}, DELETE answered ${res.status} ${JSON.stringify(res.body)}`).toBe(true)
  }
  return rows.map((r) => r.is_deletable!)
}

describe('is_deletable on every list is what DELETE answers', () => {
  it('finds the lists of the school structure, people and templates in the OpenAPI document', () => {
    for (const list of ['/api/school/', '/api/academic-year/', '/api/user/', '/api/school/{schoolId}/grade/', '/api/school/{schoolId}/section/', '/api/school/{schoolId}/class/', '/api/school/{schoolId}/year/{yearId}/student/', '/api/reporttemplate/']) {
      expect(paths).toContain(list)
    }
  })

  it("as a school admin: the users they see (their own account and another school admin's are not theirs to delete)", async () => {
    const flags = await walk('/api/user/', tokens.school_admin, SAMPLE_HOST)
    expect(flags).toContain(true)
    expect(flags).toContain(false)
  })

  it('as an institution admin: students, classes, grades, sections, years, schools and users, each with rows of both kinds', async () => {
    // Students first: deleting one never makes a class, year or school deletable that was listed as not.
    const order = ['/student/', '/class/', '/grade/', '/section/', '/academic-year/', '/api/school/', '/api/user/']
    const mine = paths.filter((p) => !PLATFORM_LISTS.includes(p))
    const rank = (p: string) => order.findIndex((end) => p.endsWith(end))
    expect(mine.every((p) => rank(p) >= 0), mine.join()).toBe(true)
    for (const list of mine.sort((a, b) => rank(a) - rank(b))) {
      const flags = await walk(list, tokens.institution_admin, SAMPLE_HOST)
      expect(flags, list).toContain(true)
      expect(flags, list).toContain(false)
    }
  })

  it('as the platform admin: the lists of the platform host that carry the flag', async () => {
    for (const list of paths.filter((p) => PLATFORM_LISTS.includes(p) && !WITHOUT_FLAG.includes(p))) await walk(list, tokens.platform_admin, PLATFORM_HOST)
  })
})

describe('grades and sections list their rows as their detail does', () => {
  it.each([
    { kind: 'grade', list: api.grades, one: api.grade, table: grades },
    { kind: 'section', list: api.sections, one: api.section, table: sections },
  ] as const)('a $kind made a second ago is deletable on the list, one that a class uses is not', async ({ list, one, table }) => {
    const token = tokens.institution_admin
    const made = await h.request('POST', list(w.schoolId), { token, json: { identifier: 'FRESH', display_name: 'Fresh' } })
    expect(made.status).toBe(201)
    const [used] = await h.db.select({ id: table.id }).from(table).where(eq(table.identifier, table === grades ? 'G1' : 'A'))
    const rows = (await h.request('GET', list(w.schoolId), { token })).body.payload.results as Row[]
    expect(rows.find((r) => r.id === made.body.payload.id)!.is_deletable).toBe(true)
    expect((await h.request('GET', one(w.schoolId, made.body.payload.id), { token })).body.payload.is_deletable).toBe(true)
    expect(rows.find((r) => r.id === used!.id)!.is_deletable).toBe(false)
  })
})
