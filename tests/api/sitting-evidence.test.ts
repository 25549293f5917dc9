// A reading's record is evidence (ADR 0112): deleting the student, class, academic year, school or institution
// it refers to is refused (409 naming how many, in English and Arabic) by every path (a single DELETE, a
// batch, the database itself), and only an explicit removal with a reason takes a sitting away, its audio
// file with it, on local storage and on S3-compatible storage alike.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { count, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { startFakeS3 } from '../setup/fake-s3'
import { moveStudent, record, recordForm, sittingWorld, type SittingWorld } from '../factories/sittings'
import { academicYears, classes, demoInstitutions, institutions, schools, students, users } from '../../src/server/db/schema/tables'
import { sittingMarks, sittingRemovals, sittings } from '../../src/server/db/schema/sittings'
import { copyDemoInstitution, removeUnfinishedDemo } from '../../src/server/areas/demo-institution/demo-copy.service'
import { withSittings } from '../../src/server/domain/sitting-evidence'
import { HAS_SITTINGS, api } from '../../src/shared/api'

const sittingCount = async (h: Harness) => Number((await h.db.select({ n: count() }).from(sittings))[0]!.n)

describe('deleting what a sitting refers to', () => {
  let w: SittingWorld
  let h: Harness
  let admin: string
  let teacher: string

  beforeAll(async () => {
    h = await createHarness()
    w = await sittingWorld(h)
    admin = await h.login('institution.admin@sample.test')
    teacher = await h.login('teacher@sample.test')
  })
  afterAll(async () => {
    await h?.close()
  })

  it('a student with sittings is refused, naming how many, in English and Arabic (a teacher may delete students)', async () => {
    await record(w, teacher, { student: w.kids.Sara! })
    await record(w, teacher, { student: w.kids.Sara! })
    const before = await sittingCount(h)
    const en = await h.request('DELETE', api.student(w.schoolId, w.yearId, w.kids.Sara!), { token: teacher })
    expect(en.status).toBe(409)
    expect(en.body.message.errors).toEqual(['This student has 2 reading records and cannot be deleted: reading records are kept as evidence.'])
    expect(en.body.message.codes).toEqual({ _: HAS_SITTINGS })
    const ar = await h.request('DELETE', api.student(w.schoolId, w.yearId, w.kids.Sara!), { token: teacher, lang: 'ar' })
    expect(ar.status).toBe(409)
    expect(ar.body.message.errors[0]).toBe('لهذا الطالب سجلّا قراءة، فلا يمكن حذفه: سجلات القراءة تُحفظ دليلًا.')
    expect(await sittingCount(h)).toBe(before)
    const listed = await h.request('GET', api.students(w.schoolId, w.yearId), { token: teacher })
    const rows = listed.body.payload.results as { id: number; is_deletable: boolean }[]
    expect(rows.find((r) => r.id === w.kids.Sara)!.is_deletable).toBe(false)
    expect(rows.find((r) => r.id === w.kids.Adam)!.is_deletable).toBe(true)
  })

  it('a class whose students moved to another class keeps the sittings made in it: its delete is refused', async () => {
    const [old] = await h.db.insert(classes).values({ institution_id: w.institutionId, school_id: w.schoolId, grade_id: w.gradeId, identifier: '1OLD', display_name: 'Old class' }).returning()
    await moveStudent(w, admin, w.kids.Khalid!, old!.id)
    const sitting = await record(w, admin, { student: w.kids.Khalid!, classId: old!.id })
    await moveStudent(w, admin, w.kids.Khalid!, w.classId)
    const listed = await h.request('GET', `${api.classes(w.schoolId)}?year=${w.yearId}`, { token: admin })
    expect((listed.body.payload.results as { id: number; is_deletable: boolean }[]).find((c) => c.id === old!.id)!.is_deletable).toBe(false)
    const res = await h.request('DELETE', api.class(w.schoolId, old!.id), { token: admin })
    expect(res.status).toBe(409)
    expect(res.body.message.errors).toEqual(['This class has 1 reading record and cannot be deleted: reading records are kept as evidence.'])
    const ar = await h.request('DELETE', api.class(w.schoolId, old!.id), { token: admin, lang: 'ar' })
    expect(ar.body.message.errors).toEqual(['لهذا الفصل سجلُّ قراءة واحد، فلا يمكن حذفه: سجلات القراءة تُحفظ دليلًا.'])
    expect(await h.db.select({ id: sittings.id }).from(sittings).where(eq(sittings.id, sitting))).toHaveLength(1)
  })

  it('the academic year and the school with sittings are refused, naming how many', async () => {
    const n = await sittingCount(h)
    const year = await h.request('DELETE', api.academicYear(w.yearId), { token: admin })
    expect(year.status).toBe(409)
    expect(year.body.message.errors).toEqual([`This academic year has ${n} reading records and cannot be deleted: reading records are kept as evidence.`])
    expect(year.body.message.codes).toEqual({ _: HAS_SITTINGS })
    const yearAr = await h.request('DELETE', api.academicYear(w.yearId), { token: admin, lang: 'ar' })
    expect(yearAr.body.message.errors).toEqual([`لهذه السنة الدراسية ${n} سجلات قراءة، فلا يمكن حذفها: سجلات القراءة تُحفظ دليلًا.`])
    const school = await h.request('DELETE', api.school(w.schoolId), { token: admin })
    expect(school.status).toBe(409)
    expect(school.body.message.errors).toEqual([`This school has ${n} reading records and cannot be deleted: reading records are kept as evidence.`])
    const schoolAr = await h.request('DELETE', api.school(w.schoolId), { token: admin, lang: 'ar' })
    expect(schoolAr.body.message.errors).toEqual([`لهذه المدرسة ${n} سجلات قراءة، فلا يمكن حذفها: سجلات القراءة تُحفظ دليلًا.`])
    expect(await sittingCount(h)).toBe(n)
  })

  it('a page of rows and a download of thousands find the same rows with sittings', async () => {
    const ids = [w.kids.Sara!, w.kids.Adam!]
    const many = [...ids, ...Array.from({ length: 150 }, (_, i) => 1_000_000 + i)]
    expect([...await withSittings(h.db, 'student', ids)]).toEqual([w.kids.Sara])
    expect([...await withSittings(h.db, 'student', many)]).toEqual([w.kids.Sara])
  })

  it('a delete sent in a batch is refused the same way', async () => {
    const n = await sittingCount(h)
    const res = await h.request('POST', api.batch, { token: teacher, json: { requests: [{ method: 'DELETE', path: api.student(w.schoolId, w.yearId, w.kids.Sara!) }] } })
    expect(res.status).toBe(200)
    expect(res.body.payload.results[0].status).toBe(409)
    expect(JSON.stringify(res.body.payload.results[0].body)).toContain('2 reading records')
    expect(await sittingCount(h)).toBe(n)
  })

  it('the database itself refuses to delete a student, class, year, school or institution that sittings refer to', async () => {
    const n = await sittingCount(h)
    const [one] = await h.db.select().from(sittings).limit(1)
    const attempts = [
      () => h.db.delete(students).where(eq(students.id, one!.student_id)),
      () => h.db.delete(classes).where(eq(classes.id, one!.class_id)),
      () => h.db.delete(academicYears).where(eq(academicYears.id, one!.academic_year_id)),
      () => h.db.delete(schools).where(eq(schools.id, one!.school_id)),
      () => h.db.delete(institutions).where(eq(institutions.id, one!.institution_id)),
    ]
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow()
    expect(await sittingCount(h)).toBe(n)
  })

  it("deleting the account of the teacher who recorded sittings keeps them (without the teacher's id)", async () => {
    const [t] = await h.db.select().from(users).where(eq(users.email, 'teacher@sample.test'))
    const mine = await h.db.select({ id: sittings.id }).from(sittings).where(eq(sittings.teacher_id, t!.id))
    expect(mine.length).toBeGreaterThan(0)
    const res = await h.request('DELETE', api.user(t!.id), { token: admin })
    expect(res.status).toBe(200)
    const kept = await h.db.select({ id: sittings.id }).from(sittings).where(isNull(sittings.teacher_id))
    expect(kept.map((r) => r.id)).toEqual(expect.arrayContaining(mine.map((r) => r.id)))
  })

  it('an unfinished demo copy is still removed whole, its own copies of sittings with it, leaving the source as it was', async () => {
    const n = await sittingCount(h)
    const jobId = crypto.randomUUID()
    const copy = await copyDemoInstitution(h.db, {
      jobId, source_client_id: w.institutionId, demo_name: 'Evidence Demo', demo_subdomain: 'evidence-demo', accessUrl: 'http://evidence-demo.localhost:8080', baseDomain: 'localhost',
    }, { progress: async () => {} })
    const demoId = copy.demo_client_id
    expect(Number((await h.db.select({ n: count() }).from(sittings).where(eq(sittings.institution_id, demoId)))[0]!.n)).toBe(n)
    // As a run cut off before its last step leaves it.
    await h.db.update(demoInstitutions).set({ completed_at: null }).where(eq(demoInstitutions.institution_id, demoId))
    expect(await removeUnfinishedDemo(h.db, jobId)).toBe(1)
    expect(await h.db.select().from(institutions).where(eq(institutions.id, demoId))).toHaveLength(0)
    expect(await sittingCount(h)).toBe(n)
  })
})

/** Removing a sitting with audio, on the store the harness is given. */
function removalSuite(store: 'local' | 's3') {
  describe(`removing a sitting (${store} file store)`, () => {
    let w: SittingWorld
    let h: Harness
    let s3: Awaited<ReturnType<typeof startFakeS3>> | undefined
    let schoolAdmin: string
    let teacher: string
    let viewer: string
    const keys = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret', region: 'eu-central-1' }

    beforeAll(async () => {
      if (store === 's3') s3 = await startFakeS3(keys)
      h = await createHarness(s3
        ? { env: { FILE_STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: 'miscue-files', S3_REGION: keys.region, S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey } }
        : {})
      w = await sittingWorld(h)
      schoolAdmin = await h.login('school.admin@sample.test')
      teacher = await h.login('teacher@sample.test')
      viewer = await h.login('viewer@sample.test')
    })
    afterAll(async () => {
      await h?.close()
      await s3?.close()
    })

    /** Whether the stored audio file is still there. */
    const stored = (name: string) => (s3 ? s3.objects.has(`/miscue-files/sittings/${name}`) : existsSync(join(h.env.dataDir, 'files', 'sittings', name)))

    it('takes the sitting, its marks and its audio file away, and keeps who removed it, when and why', async () => {
      const id = await record(w, teacher, { student: w.kids.Noor!, audio: true })
      const [row] = await h.db.select().from(sittings).where(eq(sittings.id, id))
      expect(row!.audio_file).toMatch(/\.webm$/)
      expect(stored(row!.audio_file!)).toBe(true)

      const res = await h.request('POST', api.sittingRemoval(w.schoolId, w.classId, id), { token: schoolAdmin, json: { reason: 'Recorded for the wrong student' } })
      expect(res.status).toBe(201)
      expect(res.body.payload).toMatchObject({
        sitting_id: id, student_id: w.kids.Noor, school_id: w.schoolId, reason: 'Recorded for the wrong student', audio_removed: true,
        removed_by_name: expect.stringContaining('school.admin@sample.test'), removed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      })
      expect(stored(row!.audio_file!)).toBe(false)
      expect(await h.db.select().from(sittings).where(eq(sittings.id, id))).toHaveLength(0)
      expect(await h.db.select().from(sittingMarks).where(eq(sittingMarks.sitting_id, id))).toHaveLength(0)
      expect((await h.request('GET', api.sitting(w.schoolId, w.classId, id), { token: schoolAdmin })).status).toBe(404)
      const [kept] = await h.db.select().from(sittingRemovals).where(eq(sittingRemovals.sitting_id, id))
      expect(kept).toMatchObject({ reason: 'Recorded for the wrong student', audio_file: row!.audio_file })
      expect(kept!.sitting).toMatchObject({ id, score: row!.score, student_id: w.kids.Noor })
      // Gone is gone: a second removal finds nothing.
      expect((await h.request('POST', api.sittingRemoval(w.schoolId, w.classId, id), { token: schoolAdmin, json: { reason: 'Again, by mistake' } })).status).toBe(404)
    })

    it('needs a reason, and only school staff may remove; nothing is removed otherwise', async () => {
      const id = await record(w, teacher, { student: w.kids.Huda!, audio: true })
      const [row] = await h.db.select().from(sittings).where(eq(sittings.id, id))
      const path = api.sittingRemoval(w.schoolId, w.classId, id)
      const none = await h.request('POST', path, { token: schoolAdmin, json: {} })
      expect(none.status).toBe(400)
      expect(none.body.message.fields.reason).toEqual(['This field is required'])
      const short = await h.request('POST', path, { token: schoolAdmin, json: { reason: 'no' }, lang: 'ar' })
      expect(short.status).toBe(400)
      expect(short.body.message.fields.reason).toEqual(['يجب ألا يقل عن 5 أحرف'])
      for (const token of [teacher, viewer]) {
        expect((await h.request('POST', path, { token, json: { reason: 'Recorded for the wrong student' } })).status).toBe(403)
      }
      expect((await h.request('POST', api.sittingRemoval(w.schoolId, w.classId + 1000, id), { token: schoolAdmin, json: { reason: 'Wrong class in the path' } })).status).toBe(404)
      expect(await h.db.select().from(sittings).where(eq(sittings.id, id))).toHaveLength(1)
      expect(stored(row!.audio_file!)).toBe(true)
      expect(await h.db.select().from(sittingRemovals).where(eq(sittingRemovals.sitting_id, id))).toHaveLength(0)
    })

    it('a sitting whose insert fails keeps no audio file: nothing is stored that no sitting names', async () => {
      const files = () => (s3
        ? [...s3.objects.keys()].filter((k) => k.startsWith('/miscue-files/sittings/'))
        : existsSync(join(h.env.dataDir, 'files', 'sittings')) ? readdirSync(join(h.env.dataDir, 'files', 'sittings')) : [])
      const before = files().length
      const sittingsBefore = await sittingCount(h)
      // The database refuses the row after the audio was stored, as a lost connection or a constraint would.
      await h.db.execute(sql.raw("CREATE FUNCTION refuse_sitting() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$"))
      await h.db.execute(sql.raw('CREATE TRIGGER refuse_sitting BEFORE INSERT ON sittings FOR EACH ROW EXECUTE FUNCTION refuse_sitting()'))
      try {
        const form = recordForm(w, { student: w.kids.Noor!, audio: true })
        const res = await h.app.request('http://sample.localhost:8080/api/sitting/', { method: 'POST', body: form, headers: { host: 'sample.localhost:8080', authorization: `Bearer ${teacher}` } })
        expect(res.status).toBeGreaterThanOrEqual(500)
      } finally {
        await h.db.execute(sql.raw('DROP TRIGGER refuse_sitting ON sittings'))
        await h.db.execute(sql.raw('DROP FUNCTION refuse_sitting()'))
      }
      expect(await sittingCount(h)).toBe(sittingsBefore)
      expect(files()).toHaveLength(before)
      // The same reading, sent again once the database takes it, is kept with its audio.
      const id = await record(w, teacher, { student: w.kids.Noor!, audio: true })
      const [row] = await h.db.select().from(sittings).where(eq(sittings.id, id))
      expect(stored(row!.audio_file!)).toBe(true)
      expect(files()).toHaveLength(before + 1)
    })
  })
}

removalSuite('local')
removalSuite('s3')
