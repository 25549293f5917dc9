// Demo institutions (administration spec §3-§5, §8, §9): the request's validation, the copy of the sample
// institution (same counts, no real people, its admin signs in at the new sub-domain, the source unchanged),
// one demo per sub-domain, and a copy interrupted by a restart ending complete or FAILURE, never half.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { mailText, sampleInstitutionId } from '../factories/tenants'
import { seedLargeInstitution } from '../factories/large-institution'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'
import { generateSittings } from '../../src/server/db/seed/sittings-generator'
import {
  academicYears, classes, demoInstitutions, institutions, schools, studentClassRelations, students, users,
} from '../../src/server/db/schema/tables'
import { DEMO_USER_PASSWORD } from '../../src/shared/schemas/demo-institution'
import type { Db } from '../../src/server/db/client'
import { sittingMarks, sittings } from '../../src/server/db/schema/sittings'

let h: Harness
let platform: string
let sampleId: number
const P = { host: PLATFORM_HOST }

const request = (over: Record<string, unknown> = {}) => ({
  source_client_id: sampleId,
  demo_name: 'Sample Demo',
  demo_subdomain: 'sample-demo',
  notify_email: 'sales@platform.test',
  ...over,
})

// Both calls carry an Idempotency-Key, as the web app sends one with every POST. The status call keeps one
// key on purpose: it is a read, so every poll must see the job as it is now, never a stored first answer.
const create = (json: unknown, lang: 'en' | 'ar' = 'en') =>
  h.request('POST', '/api/demo-institution/create/', { ...P, token: platform, json, lang, headers: { 'idempotency-key': crypto.randomUUID() } })
const status = async (taskId: string, lang: 'en' | 'ar' = 'en') =>
  (await h.request('POST', '/api/demo-institution/status/', { ...P, token: platform, json: { task_id: taskId }, lang, headers: { 'idempotency-key': 'one-key-for-every-poll' } })).body.payload

/** Everything of one institution a demo copies, for counting and for "the source is unchanged". */
async function snapshot(db: Db, institutionId: number) {
  const studentRows = await db.select().from(students).where(eq(students.institution_id, institutionId)).orderBy(students.id)
  const ids = studentRows.map((s) => s.id)
  return {
    institution: (await db.select().from(institutions).where(eq(institutions.id, institutionId)))[0],
    schools: await db.select().from(schools).where(eq(schools.institution_id, institutionId)).orderBy(schools.id),
    classes: await db.select().from(classes).where(eq(classes.institution_id, institutionId)).orderBy(classes.id),
    users: await db.select().from(users).where(eq(users.institution_id, institutionId)).orderBy(users.id),
    students: studentRows,
    enrolments: ids.length ? await db.select().from(studentClassRelations).where(inArray(studentClassRelations.student_id, ids)).orderBy(studentClassRelations.id) : [],
    sittings: await db.select().from(sittings).where(eq(sittings.institution_id, institutionId)).orderBy(sittings.id),
    marks: await db.select({ m: sittingMarks }).from(sittingMarks).innerJoin(sittings, eq(sittings.id, sittingMarks.sitting_id))
      .where(eq(sittings.institution_id, institutionId)).then((rows) => rows.map((r) => r.m)),
  }
}

/** Each sitting's figures, as a sorted list (the copy keeps the figures, not the order). */
const figures = (rows: { score: number; accuracy: number; wcpm: number | null; band: string | null; total_attempted: number; error_count: number; self_correction_count: number }[]) =>
  rows.map((x) => [x.score, x.accuracy, x.wcpm, x.band, x.total_attempted, x.error_count, x.self_correction_count].join()).sort()

const demoIdOf = async (subdomain: string) =>
  (await h.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.subdomain_name, subdomain)))[0]?.id

beforeAll(async () => {
  h = await createHarness()
  platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  sampleId = await sampleInstitutionId(h)
  // Sittings with their marks (the harness seeds none), so the demo has some to copy.
  const [year] = await h.db.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.institution_id, sampleId)).limit(1)
  await generateSittings(h.db, { institutionId: sampleId, yearId: year!.id, count: 12 })
})
afterAll(async () => {
  await h?.close()
})

describe('validation', () => {
  it('answers the spec messages for missing fields, in English and Arabic', async () => {
    const en = await create({})
    expect(en.status).toBe(400)
    expect(en.body.message.fields).toEqual({
      source_client_id: ['Source institution is required'],
      demo_name: ['Demo institution name is required'],
      demo_subdomain: ['Demo subdomain is required'],
      notify_email: ['Notification email is required'],
    })
    const ar = await create({ source_client_id: '', demo_name: '', demo_subdomain: '', notify_email: '' }, 'ar')
    expect(ar.status).toBe(400)
    expect(ar.body.message.fields.demo_name).toEqual(['اسم المؤسسة التجريبية مطلوب'])
    expect(ar.body.message.fields.notify_email).toEqual(['بريد الإشعار مطلوب'])
  })

  it('answers the length, pattern and e-mail messages', async () => {
    const res = await create(request({ demo_name: 'ab', demo_subdomain: 'ab', notify_email: 'not-an-email' }))
    expect(res.status).toBe(400)
    expect(res.body.message.fields).toEqual({
      demo_name: ['Demo institution name must be at least 3 characters'],
      demo_subdomain: ['Demo subdomain must be at least 3 characters'],
      notify_email: ['Please enter a valid email address'],
    })
    const pattern = await create(request({ demo_subdomain: 'demo_one!' }))
    expect(pattern.body.message.fields.demo_subdomain).toEqual(['Only letters, numbers, and hyphens allowed'])
  })

  it('refuses an unknown source institution and a sub-domain in use, never a 500', async () => {
    const unknown = await create(request({ source_client_id: 999999 }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.message.fields.source_client_id).toEqual(['No institution with this id'])
    const used = await create(request({ demo_subdomain: 'SAMPLE' }), 'ar')
    expect(used.status).toBe(400)
    expect(used.body.message.fields.demo_subdomain).toEqual(['هذا النطاق الفرعي مستخدم بالفعل. اختر نطاقًا آخر.'])
  })

  it('exists only for platform admins on the platform host', async () => {
    const anonymous = await h.request('POST', '/api/demo-institution/create/', { ...P, json: request() })
    expect(anonymous.status).toBe(401)
    const admin = await h.login(SAMPLE_USERS[0]!.email)
    const onSample = await h.request('POST', '/api/demo-institution/create/', { host: SAMPLE_HOST, token: admin, json: request() })
    expect(onSample.status).toBe(404)
  })
})

describe('a demo of the sample institution', () => {
  let taskId: string
  let before: Awaited<ReturnType<typeof snapshot>>

  it('answers a task id at once and PENDING until the job runs', async () => {
    before = await snapshot(h.db, sampleId)
    const res = await create(request())
    expect(res.status).toBe(202)
    taskId = res.body.payload.task_id
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await status(taskId)).toMatchObject({ state: 'PENDING' })
  })

  it('refuses a second demo with the same sub-domain while the first is queued', async () => {
    const res = await create(request({ demo_name: 'Another Demo', demo_subdomain: 'Sample-Demo' }))
    expect(res.status).toBe(400)
    expect(res.body.message.fields.demo_subdomain).toEqual(['This sub-domain is already in use. Choose another one.'])
  })

  it('ends SUCCESS with the statistics, the access URL and the demo password', async () => {
    await h.runJobs()
    const s = await status(taskId)
    expect(s.state).toBe('SUCCESS')
    expect(s.message).toBe('Demo institution created successfully')
    expect(s.statistics).toMatchObject({
      access_url: 'http://sample-demo.localhost:8080',
      schools_copied: before.schools.length,
      users_copied: before.users.length,
      students_copied: before.students.length,
      first_admin_username: 'admin1@sample-demo.localhost',
      demo_password: DEMO_USER_PASSWORD,
    })
    expect(s.demo_client_id).toBe(await demoIdOf('sample-demo'))
    const ar = await status(taskId, 'ar')
    expect(ar.message).toBe('تم إنشاء المؤسسة التجريبية بنجاح')
  })

  it('has the same counts of schools, classes, users, students, enrolments, sittings and marks as the source', async () => {
    const demo = await snapshot(h.db, (await demoIdOf('sample-demo'))!)
    expect(demo.institution).toMatchObject({ organization_name: 'Sample Demo', is_active: true })
    for (const key of ['schools', 'classes', 'users', 'students', 'enrolments', 'sittings', 'marks'] as const) {
      expect(demo[key].length, key).toBe(before[key].length)
      expect(demo[key].length, key).toBeGreaterThan(0)
    }
  })

  it("copies each sitting's figures and marks onto the demo's own students and classes, without audio or notes", async () => {
    const demoId = (await demoIdOf('sample-demo'))!
    const demo = await snapshot(h.db, demoId)
    expect(figures(demo.sittings)).toEqual(figures(before.sittings))
    const demoStudents = new Set(demo.students.map((x) => x.id))
    const demoClasses = new Set(demo.classes.map((x) => x.id))
    expect(demo.sittings.every((x) => demoStudents.has(x.student_id) && demoClasses.has(x.class_id))).toBe(true)
    expect(demo.sittings.every((x) => x.audio_file === null && x.notes === '')).toBe(true)
    const mine = new Set(demo.sittings.map((x) => x.id))
    expect(demo.marks.every((m) => mine.has(m.sitting_id))).toBe(true)
    expect((await status(taskId)).statistics.sittings_copied).toBe(before.sittings.length)
  })

  it('holds no source e-mail, student name, ID, password or personal field', async () => {
    const demo = await snapshot(h.db, (await demoIdOf('sample-demo'))!)
    // People only: class names are copied as they are.
    const text = JSON.stringify([demo.users, demo.students])
    for (const u of before.users) {
      expect(text).not.toContain(u.email)
      expect(text).not.toContain(u.password_hash)
    }
    for (const s of before.students) {
      expect(text).not.toContain(s.first_name)
      expect(text).not.toContain(s.arabic_name)
      expect(text).not.toContain(s.enrollment_code)
    }
    expect(demo.students.map((s) => `${s.first_name} ${s.last_name}`)).toEqual(demo.students.map((_, i) => `Student ${i + 1}`))
    expect(demo.users.every((u) => u.email.endsWith('@sample-demo.localhost'))).toBe(true)
  })

  it("lets the demo's admin sign in at the new sub-domain with the demo password", async () => {
    const token = await h.login('admin1@sample-demo.localhost', DEMO_USER_PASSWORD, 'sample-demo.localhost:8080')
    const profile = await h.request('GET', '/api/myprofile/', { host: 'sample-demo.localhost:8080', token })
    expect(profile.status).toBe(200)
    const schoolsRes = await h.request('GET', '/api/school/', { host: 'sample-demo.localhost:8080', token })
    expect(schoolsRes.body.payload.count).toBe(before.schools.length)
  })

  it('leaves the source institution unchanged', async () => {
    expect(await snapshot(h.db, sampleId)).toEqual(before)
  })

  it('mails notify_email the link and the admin username', async () => {
    const mail = h.mails().map(mailText).find((m) => m.includes('http://sample-demo.localhost:8080'))
    expect(mail).toBeDefined()
    expect(h.mails().some((m) => m.includes('To: sales@platform.test'))).toBe(true)
    expect(mail).toContain('admin1@sample-demo.localhost')
  })

  it('refuses a second demo with the same sub-domain once the first exists', async () => {
    const res = await create(request({ demo_name: 'Again Demo' }))
    expect(res.status).toBe(400)
    expect(res.body.message.fields.demo_subdomain).toEqual(['This sub-domain is already in use. Choose another one.'])
  })

  it('answers UNKNOWN for an id that is no demo task', async () => {
    expect(await status('00000000-0000-4000-8000-000000000000')).toEqual({ state: 'UNKNOWN' })
    expect(await status('not-a-task')).toEqual({ state: 'UNKNOWN' })
  })
})

/** Spearman's rank correlation of two equally long lists of distinct numbers. */
function rankCorrelation(a: number[], b: number[]): number {
  const ranks = (xs: number[]) => {
    const sorted = [...xs].sort((x, y) => x - y)
    return xs.map((x) => sorted.indexOf(x))
  }
  const [ra, rb] = [ranks(a), ranks(b)]
  const n = a.length
  const d2 = ra.reduce((sum, r, i) => sum + (r - rb[i]!) ** 2, 0)
  return 1 - (6 * d2) / (n * (n * n - 1))
}

describe('a demo cannot be traced back to the real institution (ADR 0114)', () => {
  let source: Awaited<ReturnType<typeof snapshot>>
  let demo: Awaited<ReturnType<typeof snapshot>>

  beforeAll(async () => {
    const { institutionId } = await seedLargeInstitution(h.db, { subdomain: 'realschool', students: 80, schools: 2, classesPerSchool: 2 })
    await h.db.update(institutions).set({ acronym: 'RSA', about: 'Founded 1987 on Palm Street', state: 'Sharjah', city: 'Khor Fakkan', zipcode: '12345' })
      .where(eq(institutions.id, institutionId))
    await h.db.update(schools).set({ phone_number: '+971 9 555 0101', street: '12 Palm Street', city: 'Khor Fakkan', state: 'Sharjah', zipcode: '12345' })
      .where(eq(schools.institution_id, institutionId))
    const [year] = await h.db.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.institution_id, institutionId))
    await generateSittings(h.db, { institutionId, yearId: year!.id, count: 120 })
    source = await snapshot(h.db, institutionId)
    const res = await create(request({ source_client_id: institutionId, demo_subdomain: 'traced-demo', demo_name: 'Traced Demo' }))
    expect(res.status).toBe(202)
    await h.runJobs()
    expect((await status(res.body.payload.task_id)).state).toBe('SUCCESS')
    demo = await snapshot(h.db, (await demoIdOf('traced-demo'))!)
  }, 120_000)

  /** Source sitting ↔ demo sitting, matched by their place in id order (the copy writes them in the source's order). */
  const pairs = () => source.sittings.map((x, i) => [x, demo.sittings[i]!] as const)

  it('moves every sitting by one and the same whole number of days back, never zero', () => {
    expect(demo.sittings).toHaveLength(source.sittings.length)
    const shifts = new Set(pairs().flatMap(([s, d]) => [
      d.created_in_device_at.getTime() - s.created_in_device_at.getTime(), d.created_at.getTime() - s.created_at.getTime(),
    ]))
    expect(shifts.size).toBe(1)
    const [shift] = [...shifts]
    expect(Math.abs(shift! % 86_400_000)).toBe(0)
    expect(shift!).toBeLessThanOrEqual(-30 * 86_400_000)
    const sourceTimes = new Set(source.sittings.map((x) => x.created_in_device_at.getTime()))
    expect(demo.sittings.some((x) => sourceTimes.has(x.created_in_device_at.getTime()))).toBe(false)
  })

  it('keeps each sitting\'s figures and marks (equal as multisets)', () => {
    expect(figures(demo.sittings)).toEqual(figures(source.sittings))
    const marks = (rows: typeof demo.marks, ids: typeof demo.sittings) => {
      const order = new Map(ids.map((x, i) => [x.id, i]))
      return rows.map((m) => [order.get(m.sitting_id), m.word_index, m.self_corrected].join()).sort()
    }
    expect(marks(demo.marks, demo.sittings)).toEqual(marks(source.marks, source.sittings))
  })

  it('numbers students in an order unrelated to the source\'s: names and ids do not follow the source ids', () => {
    // Each demo student stands for the source student whose sittings it carries.
    const standsFor = new Map<number, number>()
    for (const [s, d] of pairs()) standsFor.set(d.student_id, s.student_id)
    expect(standsFor.size).toBeGreaterThan(30)
    const demoIds = [...standsFor.keys()]
    const sourceIds = demoIds.map((id) => standsFor.get(id)!)
    const numbers = demoIds.map((id) => Number(demo.students.find((x) => x.id === id)!.last_name))
    // In id order the copy would correlate 1.0; a shuffle stays far from it.
    expect(rankCorrelation(sourceIds, demoIds)).toBeLessThan(0.8)
    expect(rankCorrelation(sourceIds, numbers)).toBeLessThan(0.8)
    const byId = (ids: number[]) => [...ids].sort((a, b) => a - b)
    const guessed = new Map(byId(sourceIds).map((id, i) => [id, byId(demoIds)[i]]))
    const right = sourceIds.filter((id, i) => guessed.get(id) === demoIds[i]).length
    expect(right).toBeLessThan(sourceIds.length / 4)
  })

  it('copies no name, phone, address or acronym of the institution or its schools', () => {
    const text = JSON.stringify([demo.institution, demo.schools])
    for (const detail of ['Palm Street', 'Khor Fakkan', 'Sharjah', '12345', '555 0101', 'Founded', 'RSA', 'realschool']) {
      expect(text).not.toContain(detail)
    }
    for (const school of source.schools) {
      expect(demo.schools.map((x) => x.identifier)).not.toContain(school.identifier)
    }
    expect(demo.schools.every((x) => x.phone_number === null && x.street === null && x.zipcode === null && x.city === null)).toBe(true)
    expect(demo.institution).toMatchObject({ about: null, city: null, state: null, zipcode: null })
    expect(demo.students.every((x) => x.enrollment_code.startsWith('DEMO-'))).toBe(true)
  })
})

describe('a copy interrupted by a restart', () => {
  it('ends with a complete demo or FAILURE and nothing of it, never half of one, never stuck in PROGRESS', { timeout: 240_000 }, async () => {
    const { institutionId } = await seedLargeInstitution(h.db, { subdomain: 'bigsource', students: 1500, schools: 3, classesPerSchool: 5 })
    const source = await snapshot(h.db, institutionId)
    const res = await create(request({ source_client_id: institutionId, demo_subdomain: 'big-demo', demo_name: 'Big Demo' }))
    const taskId = res.body.payload.task_id as string

    const running = h.runJobs()
    // Wait until the copy is under way (past the schools and classes), then "kill" the server.
    for (let i = 0; i < 2000; i++) {
      const s = await status(taskId)
      if (s.state === 'SUCCESS' || (s.state === 'PROGRESS' && s.current > source.schools.length + source.classes.length)) break
      await new Promise((r) => setTimeout(r, 5))
    }
    const mid = await status(taskId)
    expect(mid.state).toBe('PROGRESS')
    expect(mid.current).toBeLessThan(mid.total)
    await h.restartJobs()
    await running
    expect(h.jobLog.some((l) => l.includes(taskId) && l.includes('interrupted by a restart'))).toBe(true)
    // Not reachable while unfinished: the half-made demo is inactive.
    const login = await h.request('POST', '/api/login/', {
      host: 'big-demo.localhost:8080',
      form: { username: 'admin1@big-demo.localhost', password: DEMO_USER_PASSWORD, client_id: 'miscue-web', client_secret: '', grant_type: 'password' },
    })
    expect(login.status).not.toBe(200)
    expect((await status(taskId)).state).not.toBe('PROGRESS')

    await h.runJobs({ includeDelayed: true })
    const end = await status(taskId)
    expect(['SUCCESS', 'FAILURE']).toContain(end.state)
    const demoId = await demoIdOf('big-demo')
    if (end.state === 'SUCCESS') {
      const demo = await snapshot(h.db, demoId!)
      for (const key of ['schools', 'classes', 'users', 'students', 'enrolments'] as const) expect(demo[key].length, key).toBe(source[key].length)
    } else {
      expect(demoId).toBeUndefined()
    }
    // Exactly one demo row for this job, finished; no leftover of the interrupted run.
    const rows = await h.db.select().from(demoInstitutions).where(and(eq(demoInstitutions.source_institution_id, institutionId)))
    expect(rows.length).toBe(end.state === 'SUCCESS' ? 1 : 0)
    expect(rows.every((r) => r.completed_at !== null)).toBe(true)
    const stray = await h.db.select({ n: students.id }).from(students)
      .where(inArray(students.institution_id, h.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.is_active, false))))
    expect(stray).toHaveLength(0)
    expect(await snapshot(h.db, institutionId)).toEqual(source)
  })
})
