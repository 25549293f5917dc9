// Classes of a school: grade, optional section, subjects, and teachers mapped per academic year.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  academicYears, classes, classSubjects, classTeachers, grades, schools, sections, studentClassRelations, subjects, userSchools, users,
} from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inSchool, type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { inTransaction } from '../../lib/transaction'
import type { SchoolClass } from '../../../shared/schemas/class'
import { CLASS_MESSAGES } from './classes.messages'
import { assertNoSittings, withSittings } from '../../domain/sitting-evidence'
import type { InstitutionScope } from '../../domain/scope'

type ClassValues = {
  identifier: string
  class_name: string
  grade: number
  section: number | null
  subjects: number[]
  teachers: number[]
  academic_year: number
  updated_at?: string
}

const scoped = (s: InstitutionScope, schoolId: number) => and(eq(classes.institution_id, s.institution.id), eq(classes.school_id, schoolId))

export const classListSpec: ListSpec = {
  columns: { id: classes.id, identifier: classes.identifier, display_name: classes.display_name, updated_at: classes.updated_at },
  searchable: ['identifier', 'display_name'],
  defaultOrdering: 'display_name',
}

/** Teachers (users with role teacher) mapped to the school. */
export async function schoolTeachers(s: InstitutionScope, schoolId: number) {
  return s.db
    .select({ id: users.id, name: sql<string>`${users.first_name} || ' ' || ${users.last_name}`, email: users.email })
    .from(users)
    .innerJoin(userSchools, eq(userSchools.user_id, users.id))
    .where(and(eq(users.institution_id, s.institution.id), eq(userSchools.school_id, schoolId), eq(users.role, 'teacher'), eq(users.is_active, true)))
    .orderBy(asc(users.first_name), asc(users.last_name))
}

async function expand(s: InstitutionScope, rows: (typeof classes.$inferSelect)[], yearId?: number): Promise<SchoolClass[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const gradeIds = [...new Set(rows.map((r) => r.grade_id))]
  const sectionIds = [...new Set(rows.map((r) => r.section_id).filter((x): x is number => x !== null))]
  const [gradeRows, sectionRows, subjectRows, teacherRows, enrolled, recorded] = await Promise.all([
    s.db.select({ id: grades.id, name: grades.display_name }).from(grades).where(inArray(grades.id, gradeIds)),
    sectionIds.length ? s.db.select({ id: sections.id, name: sections.display_name }).from(sections).where(inArray(sections.id, sectionIds)) : [],
    s.db.select().from(classSubjects).where(inArray(classSubjects.class_id, ids)),
    yearId
      ? s.db.select().from(classTeachers).where(and(inArray(classTeachers.class_id, ids), eq(classTeachers.academic_year_id, yearId)))
      : [],
    s.db.selectDistinct({ id: studentClassRelations.class_id }).from(studentClassRelations).where(inArray(studentClassRelations.class_id, ids)),
    withSittings(s.db, 'class', ids),
  ])
  const gradeName = new Map(gradeRows.map((g) => [g.id, g.name]))
  const sectionName = new Map(sectionRows.map((g) => [g.id, g.name]))
  // Enrolled students or reading records made in the class (also of students since moved) keep it.
  const used = new Set([...enrolled.map((e) => e.id), ...recorded])
  return rows.map((r) => ({
    id: r.id,
    school_id: r.school_id,
    identifier: r.identifier,
    display_name: r.display_name,
    grade_id: r.grade_id,
    grade_name: gradeName.get(r.grade_id) ?? '',
    section_id: r.section_id,
    section_name: r.section_id ? (sectionName.get(r.section_id) ?? null) : null,
    subjects: subjectRows.filter((x) => x.class_id === r.id).map((x) => x.subject_id),
    teachers: teacherRows.filter((x) => x.class_id === r.id).map((x) => x.user_id),
    is_deletable: !used.has(r.id),
    updated_at: r.updated_at.toISOString(),
  }))
}

async function find(s: InstitutionScope, schoolId: number, id: number, opts: { lock?: boolean } = {}) {
  const query = s.db.select().from(classes).where(and(scoped(s, schoolId), eq(classes.id, id)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

/** Every referenced grade, section, subject, teacher and year must belong to this school / institution. */
async function checkReferences(s: InstitutionScope, schoolId: number, input: ClassValues, exceptId?: number) {
  const { db, lang } = s
  const [clash] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(scoped(s, schoolId), sql`lower(${classes.identifier}) = ${input.identifier.toLowerCase()}`, exceptId ? sql`${classes.id} <> ${exceptId}` : undefined))
  if (clash) throw HttpError.say(409, CLASS_MESSAGES.duplicate, lang, 'identifier', 'duplicate')
  const [grade] = await db.select({ id: grades.id }).from(grades).where(and(eq(grades.id, input.grade), eq(grades.school_id, schoolId), eq(grades.institution_id, s.institution.id)))
  if (!grade) throw HttpError.say(400, CLASS_MESSAGES.badGrade, lang, 'grade')
  if (input.section !== null) {
    const [section] = await db.select({ id: sections.id }).from(sections).where(and(eq(sections.id, input.section), eq(sections.school_id, schoolId), eq(sections.institution_id, s.institution.id)))
    if (!section) throw HttpError.say(400, CLASS_MESSAGES.badSection, lang, 'section')
  }
  const subjectRows = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, input.subjects))
  if (subjectRows.length !== new Set(input.subjects).size) throw HttpError.say(400, CLASS_MESSAGES.badSubject, lang, 'subjects')
  const teachers = new Set((await schoolTeachers(s, schoolId)).map((t) => t.id))
  if (!input.teachers.every((t) => teachers.has(t))) throw HttpError.say(400, CLASS_MESSAGES.badTeacher, lang, 'teachers')
  const [year] = await db.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.id, input.academic_year), eq(academicYears.institution_id, s.institution.id)))
  if (!year) throw HttpError.say(400, CLASS_MESSAGES.badYear, lang, 'academic_year')
}

async function replaceLinks(db: Db, classId: number, input: ClassValues) {
  await db.delete(classSubjects).where(eq(classSubjects.class_id, classId))
  await db.insert(classSubjects).values([...new Set(input.subjects)].map((subject_id) => ({ class_id: classId, subject_id })))
  await setTeachers(db, classId, input.academic_year, input.teachers)
}

export async function setTeachers(db: Db, classId: number, yearId: number, teacherIds: number[]) {
  await db.delete(classTeachers).where(and(eq(classTeachers.class_id, classId), eq(classTeachers.academic_year_id, yearId)))
  const unique = [...new Set(teacherIds)]
  if (unique.length) await db.insert(classTeachers).values(unique.map((user_id) => ({ class_id: classId, academic_year_id: yearId, user_id })))
}

export const classService = {
  async list(s: InstitutionScope, schoolId: number, params: ListParams, yearId?: number) {
    const page = await runList(s.db, classes, inSchool(classes, s.institution.id, schoolId), classListSpec, params, (r) => r as typeof classes.$inferSelect)
    return { results: await expand(s, page.results, yearId), count: page.count }
  },
  async all(s: InstitutionScope, schoolId: number) {
    return s.db.select({ id: classes.id, name: classes.display_name, grade_id: classes.grade_id }).from(classes).where(scoped(s, schoolId)).orderBy(asc(classes.display_name))
  },
  async get(s: InstitutionScope, schoolId: number, id: number, yearId?: number) {
    const [row] = await expand(s, [await find(s, schoolId, id)], yearId)
    return row!
  },
  async create(s: InstitutionScope, schoolId: number, input: ClassValues) {
    await checkReferences(s, schoolId, input)
    const id = await s.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(classes)
        .values({ institution_id: s.institution.id, school_id: schoolId, identifier: input.identifier, display_name: input.class_name, grade_id: input.grade, section_id: input.section })
        .returning({ id: classes.id })
      await replaceLinks(tx as unknown as Db, row!.id, input)
      return row!.id
    })
    return this.get(s, schoolId, id, input.academic_year)
  },
  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409, current values included). */
  update: (scope: InstitutionScope, schoolId: number, id: number, input: ClassValues) => inTransaction(scope, async (s) => {
    const current = await find(s, schoolId, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, () => classService.get(s, schoolId, id, input.academic_year))
    await checkReferences(s, schoolId, input, id)
    await s.db
      .update(classes)
      .set({ identifier: input.identifier, display_name: input.class_name, grade_id: input.grade, section_id: input.section, updated_at: nextVersion(current.updated_at) })
      .where(and(scoped(s, schoolId), eq(classes.id, id)))
    await replaceLinks(s.db, id, input)
    return classService.get(s, schoolId, id, input.academic_year)
  }),
  async remove(s: InstitutionScope, schoolId: number, id: number) {
    const [cls] = await expand(s, [await find(s, schoolId, id)])
    await assertNoSittings(s.db, 'class', id, s.lang)
    if (!cls!.is_deletable) throw HttpError.say(409, CLASS_MESSAGES.inUse, s.lang)
    await s.db.delete(classes).where(and(scoped(s, schoolId), eq(classes.id, id)))
  },
}

/**
 * Every class of the school as the class upload writes them (the class report of the bulk-upload screen):
 * the school's identifier, grade and section identifiers, subject names and teachers' emails for the year.
 */
export async function classReportRows(s: InstitutionScope, schoolId: number, yearId: number | undefined) {
  const rows = await s.db.select({
    id: classes.id, identifier: classes.identifier, class_name: classes.display_name,
    school: schools.identifier, grade: grades.identifier, section: sections.identifier,
  }).from(classes)
    .innerJoin(schools, eq(schools.id, classes.school_id))
    .innerJoin(grades, eq(grades.id, classes.grade_id))
    .leftJoin(sections, eq(sections.id, classes.section_id))
    .where(scoped(s, schoolId))
    .orderBy(asc(classes.identifier), asc(classes.id))
  const ids = rows.map((r) => r.id)
  const [subjectRows, teacherRows] = ids.length
    ? await Promise.all([
      s.db.select({ class_id: classSubjects.class_id, name: s.lang === 'ar' ? subjects.arabic_display_name : subjects.display_name })
        .from(classSubjects).innerJoin(subjects, eq(subjects.id, classSubjects.subject_id)).where(inArray(classSubjects.class_id, ids)),
      yearId
        ? s.db.select({ class_id: classTeachers.class_id, email: users.email }).from(classTeachers).innerJoin(users, eq(users.id, classTeachers.user_id))
          .where(and(inArray(classTeachers.class_id, ids), eq(classTeachers.academic_year_id, yearId)))
        : [],
    ])
    : [[], []]
  return rows.map((r) => ({
    ...r,
    subjects: subjectRows.filter((x) => x.class_id === r.id).map((x) => x.name).sort().join(', '),
    teachers: teacherRows.filter((x) => x.class_id === r.id).map((x) => x.email).sort().join(', '),
  }))
}

/** Every subject (reference data), for the class form. */
export async function allSubjects(db: Db) {
  return db.select().from(subjects).orderBy(asc(subjects.id))
}

/** Whether the school has a grade yet: a class needs one (the class work-flow call). */
export async function schoolHasGrade(s: InstitutionScope, schoolId: number): Promise<boolean> {
  const [grade] = await s.db.select({ id: grades.id }).from(grades).where(eq(grades.school_id, schoolId)).limit(1)
  return grade !== undefined
}

/** The school's grades as options of the class form. */
export async function gradeOptions(s: InstitutionScope, schoolId: number) {
  return s.db.select({ id: grades.id, name: grades.display_name }).from(grades)
    .where(and(eq(grades.institution_id, s.institution.id), eq(grades.school_id, schoolId))).orderBy(asc(grades.identifier))
}

/** The school's sections as options of the class form. */
export async function sectionOptions(s: InstitutionScope, schoolId: number) {
  return s.db.select({ id: sections.id, name: sections.display_name }).from(sections)
    .where(and(eq(sections.institution_id, s.institution.id), eq(sections.school_id, schoolId))).orderBy(asc(sections.identifier))
}
