// Students of a school, enrolled in one class per academic year (history kept across years).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { academicYears, classes, institutions, schools, studentClassRelations, students } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { containsPattern, type ListParams, type ListSpec } from '../../lib/list-query'
import { validationText } from '../../lib/messages'
import { inTransaction } from '../../lib/transaction'
import { PAGE_SIZE } from '../../../shared/api'
import { validateStudentId } from '../../../shared/rules/student-id'
import type { MigrationResult, Student, StudentWorkflow } from '../../../shared/schemas/student'
import { STUDENT_MESSAGES } from './students.messages'
import { licenceBlock } from '../../domain/licences'
import { assertNoSittings, withSittings } from '../../domain/sitting-evidence'
import type { InstitutionScope } from '../../domain/scope'

type StudentValues = {
  first_name: string
  last_name: string
  arabic_name: string
  enrollment_code: string
  gender: '' | 'm' | 'f'
  user_field_1: string
  user_field_2: string
  user_field_3: string
  user_field_4: string
  class_relation: number
  updated_at?: string
}
type StudentRow = typeof students.$inferSelect


export const studentListSpec: ListSpec = {
  columns: {
    id: students.id,
    first_name: students.first_name,
    last_name: students.last_name,
    arabic_name: students.arabic_name,
    enrollment_code: students.enrollment_code,
    gender: students.gender,
    class_name: classes.display_name,
    updated_at: students.updated_at,
  },
  searchable: ['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'class_name', 'name'],
  defaultOrdering: 'first_name',
}

export async function findYear(s: InstitutionScope, yearId: number) {
  const [year] = await s.db.select().from(academicYears).where(and(eq(academicYears.id, yearId), eq(academicYears.institution_id, s.institution.id)))
  if (!year) throw HttpError.of(404, 'notFound', s.lang)
  return year
}

/** The schools of a student download: one school, or the caller's accessible schools ('all' = every school). */
export async function schoolsForDownload(db: Db, institutionId: number, which: number | 'all' | number[]) {
  const ids = typeof which === 'number' ? [which] : which
  if (Array.isArray(ids) && ids.length === 0) return []
  return db.select({ id: schools.id, display_name: schools.display_name, arabic_display_name: schools.arabic_display_name })
    .from(schools)
    .where(and(eq(schools.institution_id, institutionId), ids === 'all' ? undefined : inArray(schools.id, ids)))
    .orderBy(asc(schools.display_name), asc(schools.id))
}

async function classOfSchool(s: InstitutionScope, schoolId: number, classId: number, field = 'class_relation') {
  const [cls] = await s.db.select().from(classes).where(and(eq(classes.id, classId), eq(classes.school_id, schoolId), eq(classes.institution_id, s.institution.id)))
  if (!cls) throw HttpError.say(400, STUDENT_MESSAGES.badClass, s.lang, field)
  return cls
}

async function expand(db: Db, rows: StudentRow[], yearId: number): Promise<Student[]> {
  if (!rows.length) return []
  const history = await db
    .select({
      student_id: studentClassRelations.student_id,
      class_id: studentClassRelations.class_id,
      year_id: studentClassRelations.academic_year_id,
      is_active: studentClassRelations.is_active,
      class_name: classes.display_name,
      academic_year_name: academicYears.display_name,
    })
    .from(studentClassRelations)
    .innerJoin(classes, eq(classes.id, studentClassRelations.class_id))
    .innerJoin(academicYears, eq(academicYears.id, studentClassRelations.academic_year_id))
    .where(inArray(studentClassRelations.student_id, rows.map((r) => r.id)))
    .orderBy(desc(academicYears.display_name))
  const recorded = await withSittings(db, 'student', rows.map((r) => r.id))
  return rows.map((r) => {
    const mine = history.filter((h) => h.student_id === r.id)
    const current = mine.find((h) => h.year_id === yearId)
    return {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      name: `${r.first_name} ${r.last_name}`,
      arabic_name: r.arabic_name,
      gender: (r.gender ?? '') as Student['gender'],
      enrollment_code: r.enrollment_code,
      user_field_1: r.user_field_1 ?? '',
      user_field_2: r.user_field_2 ?? '',
      user_field_3: r.user_field_3 ?? '',
      user_field_4: r.user_field_4 ?? '',
      class_relation: current ? [current.class_id] : [],
      class_name: current?.class_name ?? '',
      studentclassrelation_set: mine.map((h) => ({ class_name: h.class_name, is_active: h.is_active, academic_year_name: h.academic_year_name, class_id: h.class_id, academic_year_id: h.year_id })),
      is_active: r.is_active,
      is_deletable: !recorded.has(r.id),
      updated_at: r.updated_at.toISOString(),
    }
  })
}

/** Students enrolled in the year in a class of this school (optionally one class). */
function enrolledWhere(s: InstitutionScope, schoolId: number, yearId: number, classId?: number): SQL {
  return and(
    eq(students.institution_id, s.institution.id),
    eq(classes.school_id, schoolId),
    eq(studentClassRelations.academic_year_id, yearId),
    classId ? eq(classes.id, classId) : undefined,
  )!
}

/** The institution's student-ID rule (student form, bulk upload). */
export async function institutionSettings(db: Db, institutionId: number) {
  const [row] = await db
    .select({
      type: institutions.student_id_validation_type,
      acronym: institutions.acronym,
      regex: institutions.student_id_custom_regex,
      description: institutions.student_id_custom_description,
    })
    .from(institutions)
    .where(eq(institutions.id, institutionId))
  return row!
}

async function checkValues(s: InstitutionScope, schoolId: number, input: StudentValues, exceptId?: number) {
  const settings = await institutionSettings(s.db, s.institution.id)
  const code = validateStudentId(settings.type, input.enrollment_code, { acronym: settings.acronym, regex: settings.regex })
  if (code) {
    const message = validationText(code, undefined, s.lang)
    throw new HttpError(400, [message], { enrollment_code: [message] }, { enrollment_code: code })
  }
  const [clash] = await s.db
    .select({ id: students.id })
    .from(students)
    .where(and(
      eq(students.institution_id, s.institution.id),
      sql`lower(${students.enrollment_code}) = ${input.enrollment_code.toLowerCase()}`,
      exceptId ? sql`${students.id} <> ${exceptId}` : undefined,
    ))
  if (clash) throw HttpError.say(409, STUDENT_MESSAGES.duplicate, s.lang, 'enrollment_code', 'duplicate')
  await classOfSchool(s, schoolId, input.class_relation)
}

/** A student's columns from the form's (or an upload row's) values. */
export const studentColumns = (input: StudentValues) => ({
  first_name: input.first_name,
  last_name: input.last_name,
  arabic_name: input.arabic_name,
  enrollment_code: input.enrollment_code,
  gender: input.gender || null,
  user_field_1: input.user_field_1 || null,
  user_field_2: input.user_field_2 || null,
  user_field_3: input.user_field_3 || null,
  user_field_4: input.user_field_4 || null,
})

async function findStudent(s: InstitutionScope, schoolId: number, id: number, opts: { lock?: boolean } = {}): Promise<StudentRow> {
  const query = s.db.select().from(students).where(and(eq(students.id, id), eq(students.institution_id, s.institution.id), eq(students.school_id, schoolId)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

/** Puts the student in `classId` for the year, replacing any class they had that year. */
async function enrol(db: Db, studentId: number, classId: number, yearId: number) {
  await db
    .insert(studentClassRelations)
    .values({ student_id: studentId, class_id: classId, academic_year_id: yearId, is_active: true })
    .onConflictDoUpdate({ target: [studentClassRelations.student_id, studentClassRelations.academic_year_id], set: { class_id: classId, is_active: true } })
}

export const studentService = {
  async list(s: InstitutionScope, schoolId: number, yearId: number, params: ListParams, classId?: number) {
    await findYear(s, yearId)
    const conditions: (SQL | undefined)[] = [enrolledWhere(s, schoolId, yearId, classId)]
    for (const [field, value] of Object.entries(params.filters)) {
      if (field === 'name') {
        conditions.push(or(ilike(sql`${students.first_name} || ' ' || ${students.last_name}`, containsPattern(value)), ilike(students.arabic_name, containsPattern(value))))
      } else if (studentListSpec.columns[field]) {
        conditions.push(ilike(studentListSpec.columns[field]!, containsPattern(value)))
      }
    }
    const where = and(...conditions)
    const orderColumn = studentListSpec.columns[params.ordering.replace(/^-/, '')]!
    const base = () => s.db.select().from(students)
      .innerJoin(studentClassRelations, eq(studentClassRelations.student_id, students.id))
      .innerJoin(classes, eq(classes.id, studentClassRelations.class_id))
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(params.ordering.startsWith('-') ? desc(orderColumn) : asc(orderColumn), asc(students.id))
        .limit(params.pageSize ?? PAGE_SIZE).offset((params.page - 1) * (params.pageSize ?? PAGE_SIZE)),
      s.db.select({ n: count() }).from(students)
        .innerJoin(studentClassRelations, eq(studentClassRelations.student_id, students.id))
        .innerJoin(classes, eq(classes.id, studentClassRelations.class_id)).where(where),
    ])
    return { results: await expand(s.db, rows.map((r) => r.students), yearId), count: Number(total?.n ?? 0) }
  },
  /** Every student enrolled in the year (for downloads), capped. */
  async all(s: InstitutionScope, schoolId: number, yearId: number, limit = 20_000) {
    const rows = await s.db.select().from(students)
      .innerJoin(studentClassRelations, eq(studentClassRelations.student_id, students.id))
      .innerJoin(classes, eq(classes.id, studentClassRelations.class_id))
      .where(enrolledWhere(s, schoolId, yearId)).orderBy(asc(classes.display_name), asc(students.first_name)).limit(limit)
    return expand(s.db, rows.map((r) => r.students), yearId)
  },
  async get(s: InstitutionScope, schoolId: number, yearId: number, id: number) {
    await findYear(s, yearId)
    const [row] = await expand(s.db, [await findStudent(s, schoolId, id)], yearId)
    return row!
  },
  async create(s: InstitutionScope, schoolId: number, yearId: number, input: StudentValues) {
    await findYear(s, yearId)
    const blocked = await licenceBlock(s.db, s.institution.id, s.lang)
    if (blocked) throw new HttpError(409, [blocked], undefined, { _: 'licence' })
    await checkValues(s, schoolId, input)
    const id = await s.db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db
      const [row] = await tx.insert(students).values({ institution_id: s.institution.id, school_id: schoolId, ...studentColumns(input) }).returning({ id: students.id })
      await enrol(tx, row!.id, input.class_relation, yearId)
      return row!.id
    })
    return this.get(s, schoolId, yearId, id)
  },
  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409, current values included). */
  update: (scope: InstitutionScope, schoolId: number, yearId: number, id: number, input: StudentValues) => inTransaction(scope, async (s) => {
    await findYear(s, yearId)
    const current = await findStudent(s, schoolId, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, () => studentService.get(s, schoolId, yearId, id))
    await checkValues(s, schoolId, input, id)
    await s.db.update(students).set({ ...studentColumns(input), updated_at: nextVersion(current.updated_at) }).where(eq(students.id, id))
    await enrol(s.db, id, input.class_relation, yearId)
    return studentService.get(s, schoolId, yearId, id)
  }),
  async remove(s: InstitutionScope, schoolId: number, id: number) {
    await findStudent(s, schoolId, id)
    await assertNoSittings(s.db, 'student', id, s.lang)
    await s.db.delete(students).where(and(eq(students.id, id), eq(students.institution_id, s.institution.id)))
  },
  async workflow(s: InstitutionScope, schoolId: number, canWrite: boolean): Promise<StudentWorkflow> {
    const settings = await institutionSettings(s.db, s.institution.id)
    const student_id_validation = { type: settings.type, acronym: settings.acronym, regex: settings.regex, description: settings.description }
    if (!canWrite) return { message: STUDENT_MESSAGES.readOnly[s.lang], student_id_validation }
    const blocked = await licenceBlock(s.db, s.institution.id, s.lang)
    if (blocked) return { message: blocked, student_id_validation }
    const [cls] = await s.db.select({ id: classes.id }).from(classes).where(eq(classes.school_id, schoolId)).limit(1)
    return { message: cls ? null : STUDENT_MESSAGES.needClass[s.lang], student_id_validation }
  },
}

/**
 * Moves students into a class for a year. Each student is handled on its own: the ones that can move do,
 * the others are reported with the reason, so one bad row never blocks the rest.
 */
export async function migrateStudents(
  s: InstitutionScope,
  schoolId: number,
  req: { destClass: number; destYear: number; students: number[]; srcClass?: number; srcYear?: number },
): Promise<MigrationResult> {
  const destYear = await findYear(s, req.destYear)
  if (req.srcYear !== undefined) {
    await findYear(s, req.srcYear)
    if (req.srcYear === req.destYear) throw HttpError.say(400, STUDENT_MESSAGES.sameYear, s.lang, 'des_year')
  }
  const destClass = await classOfSchool(s, schoolId, req.destClass, 'des_class')
  const ids = [...new Set(req.students)]
  const rows = await s.db.select().from(students).where(and(eq(students.institution_id, s.institution.id), inArray(students.id, ids)))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const relations = await s.db.select().from(studentClassRelations).where(inArray(studentClassRelations.student_id, ids.length ? ids : [0]))
  const reachable = await s.schools()
  const result: MigrationResult = { success_count: 0, total: ids.length, errors: [] }
  for (const id of ids) {
    const student = byId.get(id)
    const name = student ? `${student.first_name} ${student.last_name}` : `#${id}`
    const fail = (message: { en: string; ar: string }) => result.errors.push({ student_id: id, name, errors: [message[s.lang]] })
    if (!student || (reachable !== 'all' && !reachable.includes(student.school_id))) { fail(STUDENT_MESSAGES.unknownStudent); continue }
    const mine = relations.filter((r) => r.student_id === id)
    if (req.srcClass !== undefined && req.srcYear !== undefined && !mine.some((r) => r.class_id === req.srcClass && r.academic_year_id === req.srcYear)) {
      fail(STUDENT_MESSAGES.notInSource)
      continue
    }
    const placed = mine.find((r) => r.academic_year_id === req.destYear)
    if (placed) {
      fail(placed.class_id === req.destClass ? STUDENT_MESSAGES.alreadyThere(destClass.display_name, destYear.display_name) : STUDENT_MESSAGES.alreadyEnrolled(destYear.display_name))
      continue
    }
    await s.db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Db
      if (req.srcYear !== undefined) {
        await tx.update(studentClassRelations).set({ is_active: false })
          .where(and(eq(studentClassRelations.student_id, id), eq(studentClassRelations.academic_year_id, req.srcYear)))
      }
      await enrol(tx, id, req.destClass, req.destYear)
      if (student.school_id !== schoolId) await tx.update(students).set({ school_id: schoolId, updated_at: new Date() }).where(eq(students.id, id))
    })
    result.success_count++
  }
  return result
}
