// Class copy between two schools of an institution: grades and sections matched by identifier in the
// destination or created there, subjects copied, teachers not; same school refused; CALLS['class-copy'].
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { ADMIN_PASSWORD, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { MESSAGES } from '../../src/server/lib/messages'
import { CLASS_MESSAGES } from '../../src/server/areas/classes/classes.messages'
import { api } from '../../src/shared/api'
import { can } from '../../src/shared/permissions'
import { ROLES, type Role } from '../../src/shared/roles'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertInstitution } from '../factories/tenants'

let h: Harness
let src: number
let dest: number
let yearId: number
let class1A: number
let class3B: number
let subjectIds: number[]
let teacherId: number
const tokens = {} as Record<Role, string>
const copy = (a: number, b: number) => `/api/class/copy/src-school/${a}/dest-school/${b}/`
type Named = { id: number; name: string }

beforeAll(async () => {
  h = await createHarness()
  for (const u of SAMPLE_USERS) tokens[u.role] = await h.login(u.email)
  tokens.platform_admin = await h.login('admin', ADMIN_PASSWORD, SAMPLE_HOST)
  const token = tokens.institution_admin
  src = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  yearId = (await h.request('GET', api.academicYears, { token })).body.payload.results[0].id
  class1A = (await h.request('GET', `/api/school/${src}/class/?identifier=1A`, { token })).body.payload.results[0].id
  subjectIds = (await h.request('GET', '/api/subject/', { token })).body.payload.results.map((s: { id: number }) => s.id)
  teacherId = (await h.request('GET', `/api/school/${src}/teacher/`, { token })).body.payload.results[0].id
  const grades = (await h.request('GET', `/api/school/${src}/all-grades/`, { token })).body.payload.results as Named[]
  const sections = (await h.request('GET', `/api/school/${src}/all-sections/`, { token })).body.payload.results as Named[]
  const made = await h.request('POST', `/api/school/${src}/class/`, {
    token,
    json: { identifier: '3B', class_name: 'Grade 3 B', grade: grades[2]!.id, section: sections[1]!.id, subjects: subjectIds, teachers: [teacherId], academic_year: yearId },
  })
  expect(made.status).toBe(201)
  class3B = made.body.payload.id
  const school = await h.request('POST', '/api/school/', {
    token, json: { identifier: 'DEST', display_name: 'Destination School', arabic_display_name: 'مدرسة الوجهة', school_address: { country: 'AE' } },
  })
  dest = school.body.payload.id
  // The destination already has grade G1 (matched on copy); G3 and the sections are not there yet.
  expect((await h.request('POST', `/api/school/${dest}/grade/`, { token, json: { identifier: 'g1', display_name: 'First grade' } })).status).toBe(201)
})
afterAll(async () => {
  await h?.close()
})

describe('copy', () => {
  it('copies the classes, matching or creating grades and sections, with subjects and without teachers', async () => {
    const token = tokens.institution_admin
    const res = await h.request('POST', copy(src, dest), { token, json: { classes: [class1A, class3B] } })
    expect(res.status).toBe(201)
    expect(res.body.payload.copied).toBe(2)
    const bySource = new Map(res.body.payload.classes.map((c: { source_id: number; id: number }) => [c.source_id, c.id]))
    expect([...bySource.keys()].sort()).toEqual([class1A, class3B].sort())

    const grades = (await h.request('GET', `/api/school/${dest}/all-grades/`, { token })).body.payload.results as Named[]
    const sections = (await h.request('GET', `/api/school/${dest}/all-sections/`, { token })).body.payload.results as Named[]
    expect(grades.map((g) => g.name).sort()).toEqual(['First grade', 'Grade 3']) // G1 matched, G3 created
    expect(sections.map((s) => s.name).sort()).toEqual(['Section A', 'Section B'])

    const a = (await h.request('GET', `/api/school/${dest}/class/${bySource.get(class1A)}/?year=${yearId}`, { token })).body.payload
    expect(a).toMatchObject({ school_id: dest, identifier: '1A', display_name: 'Grade 1 A', grade_name: 'First grade', section_name: 'Section A', teachers: [], is_deletable: true })
    expect(a.subjects).toEqual([subjectIds[0]])
    const b = (await h.request('GET', `/api/school/${dest}/class/${bySource.get(class3B)}/`, { token })).body.payload
    expect(b).toMatchObject({ identifier: '3B', grade_name: 'Grade 3', section_name: 'Section B' })
    expect(b.subjects.sort()).toEqual([...subjectIds].sort())

    // The source is untouched.
    const srcList = await h.request('GET', `/api/school/${src}/class/`, { token })
    expect(srcList.body.payload.count).toBe(2)
  })

  it('copies again under a free identifier and reuses the grades and sections it created', async () => {
    const token = tokens.institution_admin
    const res = await h.request('POST', copy(src, dest), { token, json: { classes: [class1A] } })
    expect(res.status).toBe(201)
    const again = (await h.request('GET', `/api/school/${dest}/class/${res.body.payload.classes[0].id}/`, { token })).body.payload
    expect(again.identifier).toBe('1A (2)')
    expect((await h.request('GET', `/api/school/${dest}/all-grades/`, { token })).body.payload.count).toBe(2)
    expect((await h.request('GET', `/api/school/${dest}/all-sections/`, { token })).body.payload.count).toBe(2)
  })

  it('refuses the same school as source and destination (400)', async () => {
    const res = await h.request('POST', copy(src, src), { token: tokens.institution_admin, json: { classes: [class1A] } })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([CLASS_MESSAGES.sameSchool.en])
    expect(res.body.message.fields).toHaveProperty('des_school')
    const ar = await h.request('POST', copy(src, src), { token: tokens.institution_admin, json: { classes: [class1A] }, lang: 'ar' })
    expect(ar.body.message.errors).toEqual([CLASS_MESSAGES.sameSchool.ar])
    expect((await h.request('GET', `/api/school/${src}/class/`, { token: tokens.institution_admin })).body.payload.count).toBe(2)
  })

  it('requires at least one class, and classes of the source school', async () => {
    const token = tokens.institution_admin
    for (const json of [{}, { classes: [] }]) {
      const res = await h.request('POST', copy(src, dest), { token, json })
      expect(res.status).toBe(400)
      expect(res.body.message.codes.classes).toBe(json.classes ? CODES.requireOne : CODES.required)
    }
    const destClass = (await h.request('GET', `/api/school/${dest}/class/`, { token })).body.payload.results[0].id
    expect((await h.request('POST', copy(src, dest), { token, json: { classes: [destClass] } })).status).toBe(404)
    expect((await h.request('POST', copy(src, 999999), { token, json: { classes: [class1A] } })).status).toBe(404)
  })
})

describe('permissions (CALLS[class-copy])', () => {
  it.each(ROLES)('%s', async (role) => {
    const allowed = can(role, 'class-copy', 'write')
    const before = (await h.request('GET', `/api/school/${dest}/class/`, { token: tokens.institution_admin })).body.payload.count
    const res = await h.request('POST', copy(src, dest), { token: tokens[role], json: { classes: [class3B] } })
    expect(res.status).toBe(allowed ? 201 : 403)
    const after = (await h.request('GET', `/api/school/${dest}/class/`, { token: tokens.institution_admin })).body.payload.count
    expect(after).toBe(before + (allowed ? 1 : 0))
    if (!allowed) expect(res.body.message.errors).toEqual([MESSAGES.forbidden.en])
  })

  it('refuses without a token (401)', async () => {
    expect((await h.request('POST', copy(src, dest), { json: { classes: [class1A] } })).status).toBe(401)
  })

  it('does not copy across institutions', async () => {
    const other = await insertInstitution(h, 'othercopy')
    const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
    expect((await h.request('POST', copy(src, dest), { token: otherToken, json: { classes: [class1A] } })).status).toBe(401)
    expect((await h.request('POST', copy(src, other.schoolId), { host: other.host, token: otherToken, json: { classes: [class1A] } })).status).toBe(404)
    expect((await h.request('POST', copy(src, other.schoolId), { token: tokens.institution_admin, json: { classes: [class1A] } })).status).toBe(404)
    expect((await h.request('GET', `/api/school/${other.schoolId}/class/`, { host: other.host, token: otherToken })).body.payload.count).toBe(0)
  })
})
