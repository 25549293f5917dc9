// The demo institution copy (administration spec §2-§5, §9): a new, inactive institution with the source's
// schools, academic years, grades, sections, classes (subjects, teachers), users, students, enrolments,
// licences, assessments and sittings with their miscue marks (audio is not copied). People are replaced: users get
// generated names and e-mails on the demo's own domain and the one demo password; students, in a random order,
// become 'Student N' with generated IDs and no personal fields. Schools and the institution lose their names,
// acronym and contact details, and every sitting moves by the copy's one date offset (demo-disguise.ts, ADR 0114).
// Nothing of the source changes. No passwords, tokens or reset keys are copied.
//
// It works in short statements (so status calls keep answering on the embedded database) and cleans up
// instead of relying on one transaction: the demo stays inactive, unreachable by its host, until the last
// step; a failed or interrupted run is deleted (one cascading DELETE) before a retry or when it ends FAILURE.
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  academicYears, assessmentClients, classSubjects, classTeachers, classes, demoInstitutions, grades, institutions,
  licences, schools, sections, studentClassRelations, students, userSchools, users,
} from '../../db/schema/tables'
import { miscueTypes, sittingMarks, sittings } from '../../db/schema/sittings'
import { hashPassword } from '../../lib/crypto'
import { isUniqueViolation } from '../../lib/db-errors'
import { DEMO_USER_PASSWORD, type DemoStatistics } from '../../../shared/schemas/demo-institution'
import { dateShifter, shuffled } from './demo-disguise'

export type DemoCopyRequest = {
  jobId: string
  source_client_id: number
  demo_name: string
  demo_subdomain: string
  /** e.g. https://demo-x.example.org (scheme, host and port as users open it). */
  accessUrl: string
  baseDomain: string
}

export type DemoCopyResult = { demo_client_id: number; statistics: DemoStatistics }

/** A step name the status call translates (see demo-institution.messages.ts). */
export type DemoStep =
  | 'institution' | 'schools' | 'academic-years' | 'grades' | 'sections' | 'classes' | 'users'
  | 'students' | 'enrolments' | 'licences' | 'assessments' | 'sittings' | 'finishing'

export type DemoCopyHooks = {
  /** Records progress; throws when the run was aborted (time limit, server stopping). */
  progress: (current: number, total: number, step: DemoStep) => Promise<void>
}

/** A failure that retrying cannot fix; the message is a key of DEMO_MESSAGES. */
export class DemoCopyError extends Error {}

const CHUNK = 500

/** The demo's acronym, in place of the source's (it starts every generated student ID). */
const DEMO_ACRONYM = 'DEMO'

const ROLE_NAMES: Record<string, string> = {
  institution_admin: 'Admin',
  school_admin: 'School Admin',
  teacher: 'Teacher',
  viewer: 'Viewer',
}

/** Fresh ids from a table's serial sequence, so rows can be written with their references already mapped. */
async function allocateIds(db: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return []
  const res = await db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`)
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id))
}

/** Removes what an unfinished run of this job left behind. */
export async function removeUnfinishedDemo(db: Db, jobId: string): Promise<number> {
  const rows = await db
    .select({ id: demoInstitutions.institution_id })
    .from(demoInstitutions)
    .where(and(eq(demoInstitutions.job_id, jobId), isNull(demoInstitutions.completed_at)))
  if (rows.length === 0) return 0
  const ids = rows.map((r) => r.id)
  // The half-made demo's own rows, named first: the database refuses to let a deleted institution take its
  // sittings with it (ADR 0112), and checks an enrolment's class and year before its student's cascade reaches it.
  await db.delete(sittings).where(inArray(sittings.institution_id, ids))
  await db.delete(studentClassRelations)
    .where(inArray(studentClassRelations.student_id, db.select({ id: students.id }).from(students).where(inArray(students.institution_id, ids))))
  await db.delete(institutions).where(inArray(institutions.id, ids))
  return rows.length
}

async function countOf(db: Db, table: PgTable, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where)
  return Number(row?.n ?? 0)
}

/** The figures of a finished demo (also for a run that finished but was cut off before reporting). */
async function statisticsOf(db: Db, demoId: number, req: DemoCopyRequest): Promise<DemoCopyResult> {
  const demoStudents = db.select({ id: students.id }).from(students).where(eq(students.institution_id, demoId))
  const [firstAdmin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.institution_id, demoId), eq(users.role, 'institution_admin')))
    .orderBy(asc(users.id))
    .limit(1)
  return {
    demo_client_id: demoId,
    statistics: {
      access_url: req.accessUrl,
      schools_copied: await countOf(db, schools, eq(schools.institution_id, demoId)),
      users_copied: await countOf(db, users, eq(users.institution_id, demoId)),
      students_copied: await countOf(db, students, eq(students.institution_id, demoId)),
      classes_copied: await countOf(db, classes, eq(classes.institution_id, demoId)),
      enrolments_copied: await countOf(db, studentClassRelations, inArray(studentClassRelations.student_id, demoStudents)),
      sittings_copied: await countOf(db, sittings, eq(sittings.institution_id, demoId)),
      first_admin_username: firstAdmin?.email ?? null,
      demo_password: DEMO_USER_PASSWORD,
    },
  }
}

export async function copyDemoInstitution(db: Db, req: DemoCopyRequest, hooks: DemoCopyHooks): Promise<DemoCopyResult> {
  const [finished] = await db
    .select({ id: demoInstitutions.institution_id })
    .from(demoInstitutions)
    .where(and(eq(demoInstitutions.job_id, req.jobId), isNotNull(demoInstitutions.completed_at)))
  if (finished) return statisticsOf(db, finished.id, req)
  await removeUnfinishedDemo(db, req.jobId)

  const src = req.source_client_id
  const [source] = await db.select().from(institutions).where(eq(institutions.id, src))
  if (!source) throw new DemoCopyError('sourceGone')

  // Read the source once. Only rows of the source institution are read; nothing is written to them.
  const srcSchools = await db.select().from(schools).where(eq(schools.institution_id, src)).orderBy(asc(schools.id))
  const srcYears = await db.select().from(academicYears).where(eq(academicYears.institution_id, src)).orderBy(asc(academicYears.id))
  const srcGrades = await db.select().from(grades).where(eq(grades.institution_id, src)).orderBy(asc(grades.id))
  const srcSections = await db.select().from(sections).where(eq(sections.institution_id, src)).orderBy(asc(sections.id))
  const srcClasses = await db.select().from(classes).where(eq(classes.institution_id, src)).orderBy(asc(classes.id))
  const classIds = srcClasses.map((c) => c.id)
  const srcClassSubjects = classIds.length ? await db.select().from(classSubjects).where(inArray(classSubjects.class_id, classIds)) : []
  const srcClassTeachers = classIds.length ? await db.select().from(classTeachers).where(inArray(classTeachers.class_id, classIds)) : []
  const srcUsers = await db.select().from(users).where(eq(users.institution_id, src)).orderBy(asc(users.id))
  const userIds = srcUsers.map((u) => u.id)
  const srcUserSchools = userIds.length ? await db.select().from(userSchools).where(inArray(userSchools.user_id, userIds)) : []
  const srcStudents = await db.select().from(students).where(eq(students.institution_id, src)).orderBy(asc(students.id))
  const srcEnrolments = await db
    .select({ r: studentClassRelations })
    .from(studentClassRelations)
    .innerJoin(students, eq(students.id, studentClassRelations.student_id))
    .where(eq(students.institution_id, src))
    .orderBy(asc(studentClassRelations.id))
    .then((rows) => rows.map((x) => x.r))
  const srcLicences = await db.select().from(licences).where(eq(licences.institution_id, src))
  const srcAssessments = await db.select().from(assessmentClients).where(eq(assessmentClients.institution_id, src))
  // The institution's own miscue types (the shared ones, institution_id null, are the demo's too).
  const srcMiscueTypes = await db.select().from(miscueTypes).where(eq(miscueTypes.institution_id, src)).orderBy(asc(miscueTypes.id))
  const srcSittings = await db.select().from(sittings).where(eq(sittings.institution_id, src)).orderBy(asc(sittings.id))
  const srcMarks = await db
    .select({ m: sittingMarks })
    .from(sittingMarks)
    .innerJoin(sittings, eq(sittings.id, sittingMarks.sitting_id))
    .where(eq(sittings.institution_id, src))
    .then((rows) => rows.map((x) => x.m))

  const total = 1 + srcSchools.length + srcYears.length + srcGrades.length + srcSections.length + srcClasses.length
    + srcUsers.length + srcStudents.length + srcEnrolments.length + srcLicences.length + srcAssessments.length
    + srcMiscueTypes.length + srcSittings.length + srcMarks.length + 1
  let done = 0
  const step = async (name: DemoStep, n: number) => {
    done += n
    await hooks.progress(done, total, name)
  }
  await hooks.progress(0, total, 'institution')

  // 1. The institution, inactive until the end: its sub-domain is taken now (unique), so a second demo
  // with the same sub-domain is refused even while this one is copying.
  let demoId: number
  try {
    const [created] = await db
      .insert(institutions)
      .values({
        organization_name: req.demo_name,
        subdomain_name: req.demo_subdomain,
        domain_url: null,
        account_number: null,
        acronym: DEMO_ACRONYM,
        about: null,
        // The country only: the rest of the address would name the place.
        country: source.country,
        state: null,
        city: null,
        zipcode: null,
        // Generated student IDs are temporary IDs (acronym-NNNNN): keep a type that accepts them.
        student_id_validation_type: 'EMIRATES_ID_OR_TEMPORARY',
        has_multiple_school: source.has_multiple_school,
        is_active: false,
      })
      .returning({ id: institutions.id })
    demoId = created!.id
  } catch (e) {
    if (isUniqueViolation(e)) throw new DemoCopyError('subdomainTaken')
    throw e
  }
  await db.insert(demoInstitutions).values({ institution_id: demoId, source_institution_id: src, job_id: req.jobId })
  await step('institution', 1)

  /** Writes rows in chunks with pre-allocated ids; answers old id → new id. */
  async function copy<R extends { id: number }>(table: PgTable, tableName: string, name: DemoStep, rows: R[], map: (row: R, id: number, n: number) => R) {
    const ids = await allocateIds(db, tableName, rows.length)
    const mapping = new Map<number, number>()
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK).map((row, k) => {
        const id = ids[i + k]!
        mapping.set(row.id, id)
        return map(row, id, i + k + 1)
      })
      await db.insert(table).values(chunk)
      await step(name, chunk.length)
    }
    return mapping
  }
  /** Rows without an id of their own (link tables). */
  async function link<R>(table: PgTable, name: DemoStep, rows: R[]) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      await db.insert(table).values(chunk)
      await step(name, chunk.length)
    }
  }
  const need = (m: Map<number, number>, id: number) => {
    const mapped = m.get(id)
    if (mapped === undefined) throw new Error(`copy: no new id for ${id}`)
    return mapped
  }

  const now = new Date()
  const shift = dateShifter()
  const schoolMap = await copy(schools, 'schools', 'schools', shuffled(srcSchools), (s, id, n) => ({
    ...s, id, institution_id: demoId, identifier: `S${n}`, display_name: `School ${n}`, arabic_display_name: `مدرسة ${n}`,
    phone_number: null, state: null, city: null, street: null, zipcode: null, created_at: now, updated_at: now,
  }))
  const yearMap = await copy(academicYears, 'academic_years', 'academic-years', srcYears, (y, id) => ({ ...y, id, institution_id: demoId, created_at: now, updated_at: now }))
  const gradeMap = await copy(grades, 'grades', 'grades', srcGrades, (g, id) => ({ ...g, id, institution_id: demoId, school_id: need(schoolMap, g.school_id), created_at: now, updated_at: now }))
  const sectionMap = await copy(sections, 'sections', 'sections', srcSections, (s, id) => ({ ...s, id, institution_id: demoId, school_id: need(schoolMap, s.school_id), created_at: now, updated_at: now }))
  const classMap = await copy(classes, 'classes', 'classes', srcClasses, (c, id) => ({
    ...c, id, institution_id: demoId, school_id: need(schoolMap, c.school_id), grade_id: need(gradeMap, c.grade_id),
    section_id: c.section_id === null ? null : need(sectionMap, c.section_id), created_at: now, updated_at: now,
  }))
  await link(classSubjects, 'classes', srcClassSubjects.map((cs) => ({ class_id: need(classMap, cs.class_id), subject_id: cs.subject_id })))

  const passwordHash = await hashPassword(DEMO_USER_PASSWORD)
  const perRole = new Map<string, number>()
  const userMap = await copy(users, 'users', 'users', shuffled(srcUsers), (u, id) => {
    const n = (perRole.get(u.role) ?? 0) + 1
    perRole.set(u.role, n)
    const roleName = ROLE_NAMES[u.role] ?? 'User'
    return {
      ...u, id, institution_id: demoId, username: null,
      email: `${roleName.toLowerCase().replace(/\s+/g, '.')}${n}@${req.demo_subdomain}.${req.baseDomain}`,
      first_name: roleName, last_name: `Demo ${n}`, phone_number: null, known_languages: null, password_hash: passwordHash,
      created_at: now, updated_at: now,
    }
  })
  await link(userSchools, 'users', srcUserSchools.map((us) => ({ user_id: need(userMap, us.user_id), school_id: need(schoolMap, us.school_id) })))
  await link(classTeachers, 'users', srcClassTeachers.map((ct) => ({
    class_id: need(classMap, ct.class_id), academic_year_id: need(yearMap, ct.academic_year_id), user_id: need(userMap, ct.user_id),
  })))

  // Numbered in a random order: neither the numbers nor the new ids follow the source's order.
  const studentMap = await copy(students, 'students', 'students', shuffled(srcStudents), (s, id, n) => ({
    ...s, id, institution_id: demoId, school_id: need(schoolMap, s.school_id),
    first_name: 'Student', last_name: String(n), arabic_name: `طالب ${n}`,
    enrollment_code: `${DEMO_ACRONYM}-${String(n).padStart(5, '0')}`,
    user_field_1: null, user_field_2: null, user_field_3: null, user_field_4: null,
    created_at: now, updated_at: now,
  }))
  await copy(studentClassRelations, 'student_class_relations', 'enrolments', shuffled(srcEnrolments), (r, id) => ({
    ...r, id, student_id: need(studentMap, r.student_id), class_id: need(classMap, r.class_id),
    academic_year_id: need(yearMap, r.academic_year_id), created_at: now,
  }))
  await copy(licences, 'licences', 'licences', srcLicences, (l, id) => ({ ...l, id, institution_id: demoId, created_at: now, updated_at: now }))
  await link(assessmentClients, 'assessments', srcAssessments.map((a) => ({ ...a, institution_id: demoId })))

  // Sittings keep their marks and figures, at the copy's shifted dates. The audio (a real child's voice) and the
  // teacher's notes (free text that may name the child) stay with the source.
  const typeMap = await copy(miscueTypes, 'miscue_types', 'sittings', srcMiscueTypes, (t, id) => ({ ...t, id, institution_id: demoId }))
  const typeOf = (id: number) => typeMap.get(id) ?? id
  const sittingMap = await copy(sittings, 'sittings', 'sittings', srcSittings, (x, id) => ({
    ...x, id, institution_id: demoId, school_id: need(schoolMap, x.school_id), class_id: need(classMap, x.class_id),
    academic_year_id: need(yearMap, x.academic_year_id), student_id: need(studentMap, x.student_id),
    teacher_id: x.teacher_id === null ? null : userMap.get(x.teacher_id) ?? null,
    created_in_device_at: shift(x.created_in_device_at), created_at: shift(x.created_at),
    audio_file: null, audio_type: null, notes: '',
  }))
  await link(sittingMarks, 'sittings', srcMarks.map((m) => ({
    ...m, sitting_id: need(sittingMap, m.sitting_id), miscue_type_id: typeOf(m.miscue_type_id), counted_type_id: typeOf(m.counted_type_id),
  })))

  // Last step: the demo opens at its host.
  await hooks.progress(done, total, 'finishing')
  await db.transaction(async (tx) => {
    await tx.update(institutions).set({ is_active: true, updated_at: new Date() }).where(eq(institutions.id, demoId))
    await tx.update(demoInstitutions).set({ completed_at: new Date() }).where(eq(demoInstitutions.institution_id, demoId))
  })
  await step('finishing', 1)
  return statisticsOf(db, demoId, req)
}
