// A small, hand-countable world for the report tests: an English and an Arabic passage assigned to the sample
// institution, a report library (entries for parents and not), a second school, an empty class, and sittings
// recorded through POST /api/sitting/ (see tests/api/reports.test.ts for the figures worked out by hand).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import {
  academicYears, assessmentClients, assessmentLibraries, assessmentLibraryEntries, assessments, assessmentTypes, classes, classTeachers,
  contentDisplayTypes, grades, libraryEntryAssessments, schools, skillTypes, studentClassRelations, students, subjects, users,
} from '../../src/server/db/schema/tables'
import { insertClass, insertSchool, insertUser, sampleInstitutionId } from './tenants'
import { createHarness, type Harness } from '../setup/api-harness'

export const ENGLISH_TEXT = 'The little red hen found a grain of wheat today'
export const ARABIC_TEXT = 'ذهب الولد إلى المدرسة في الصباح مع أخيه'

async function idOf<T extends { id: unknown; code: unknown }>(h: Harness, table: any, code: string): Promise<number> {
  const [row] = (await h.db.select().from(table).where(eq(table.code, code))) as T[]
  return row!.id as number
}

export async function insertAssessment(h: Harness, o: { title: string; lang: 'en' | 'ar'; content: string; duration: string }): Promise<number> {
  const [row] = await h.db.insert(assessments).values({
    title: o.title,
    subject_id: await idOf(h, subjects, o.lang === 'en' ? 'english-reading' : 'arabic-reading'),
    skill_type_id: await idOf(h, skillTypes, `${o.lang}-orf`),
    assessment_type_id: await idOf(h, assessmentTypes, `${o.lang}-passage`),
    content_display_type_id: await idOf(h, contentDisplayTypes, 'text'),
    content: o.content,
    duration: o.duration,
  }).returning({ id: assessments.id })
  return row!.id
}

export async function addStudent(h: Harness, o: { institutionId: number; schoolId: number; classId: number; yearId: number; first: string; last: string; ar: string; code: string }) {
  const [st] = await h.db.insert(students).values({
    institution_id: o.institutionId, school_id: o.schoolId, first_name: o.first, last_name: o.last, arabic_name: o.ar, gender: 'm', enrollment_code: o.code,
  }).returning({ id: students.id })
  await h.db.insert(studentClassRelations).values({ student_id: st!.id, class_id: o.classId, academic_year_id: o.yearId })
  return st!.id
}

export async function reportFixture(h: Harness) {
  const institutionId = await sampleInstitutionId(h)
  const [schoolA] = await h.db.select().from(schools).where(eq(schools.institution_id, institutionId))
  const [year] = await h.db.select().from(academicYears).where(and(eq(academicYears.institution_id, institutionId), eq(academicYears.display_name, '2026-2027')))
  const [class1A] = await h.db.select().from(classes).where(eq(classes.institution_id, institutionId))
  const kids = await h.db.select({ id: students.id, first: students.first_name }).from(students).where(eq(students.institution_id, institutionId))
  const kid = (first: string) => kids.find((k) => k.first === first)!.id
  const [grade] = await h.db.select().from(grades).where(eq(grades.school_id, schoolA!.id))

  const english = await insertAssessment(h, { title: 'The red hen', lang: 'en', content: ENGLISH_TEXT, duration: '00:02:00' })
  const arabic = await insertAssessment(h, { title: 'ذهب الولد', lang: 'ar', content: ARABIC_TEXT, duration: '00:02:00' })
  const unassigned = await insertAssessment(h, { title: 'Not for this institution', lang: 'en', content: 'one two three', duration: '00:01:00' })
  await h.db.insert(assessmentClients).values([{ assessment_id: english, institution_id: institutionId }, { assessment_id: arabic, institution_id: institutionId }])

  // The empty class: two students, no sittings; one has a name a spreadsheet would run as a formula.
  const class1B = await insertClass(h, { institutionId, schoolId: schoolA!.id, gradeId: grade!.id, identifier: '1B' })
  const evil = await addStudent(h, { institutionId, schoolId: schoolA!.id, classId: class1B, yearId: year!.id, first: '@evil', last: 'Formula', ar: '=HYPERLINK("x")', code: 'SMPL-20001' })
  await addStudent(h, { institutionId, schoolId: schoolA!.id, classId: class1B, yearId: year!.id, first: 'Rami', last: 'Fares', ar: 'رامي فارس', code: 'SMPL-20002' })

  // A second school that the sample school admin is not mapped to.
  const schoolB = await insertSchool(h, institutionId, 'SECOND')
  const [gradeB] = await h.db.insert(grades).values({ institution_id: institutionId, school_id: schoolB, identifier: 'G2', display_name: 'Grade 2' }).returning()
  const class2A = await insertClass(h, { institutionId, schoolId: schoolB, gradeId: gradeB!.id, identifier: '2A' })
  const zaid = await addStudent(h, { institutionId, schoolId: schoolB, classId: class2A, yearId: year!.id, first: 'Zaid', last: 'Omar', ar: 'زيد عمر', code: 'SMPL-30001' })

  // Report libraries: a bundle (with a parent report) and a comparative one, both over the two passages.
  const [bundle] = await h.db.insert(assessmentLibraries).values({ display_name: 'Reading passages', is_report: true, is_global: true, switches: 'enableParentReport' }).returning()
  const [entryEn] = await h.db.insert(assessmentLibraryEntries).values({ library_id: bundle!.id, display_name: '=SUM(A1) English passage', in_parent_report: true }).returning()
  const [entryAr] = await h.db.insert(assessmentLibraryEntries).values({ library_id: bundle!.id, display_name: 'Arabic passage', in_parent_report: false }).returning()
  await h.db.insert(libraryEntryAssessments).values([{ entry_id: entryEn!.id, assessment_id: english }, { entry_id: entryAr!.id, assessment_id: arabic }])
  const [comparative] = await h.db.insert(assessmentLibraries).values({ display_name: 'Term comparison', is_report: true, is_global: false, switches: 'comparative' }).returning()
  const [cmpEntry] = await h.db.insert(assessmentLibraryEntries).values({ library_id: comparative!.id, display_name: 'English passage', in_parent_report: false }).returning()
  await h.db.insert(libraryEntryAssessments).values({ entry_id: cmpEntry!.id, assessment_id: english })
  // A report library of another institution's content only: never listed for the sample institution.
  const [hidden] = await h.db.insert(assessmentLibraries).values({ display_name: 'Hidden library', is_report: true, is_global: false, switches: '' }).returning()

  const [teacher] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'teacher@sample.test'))
  await h.db.select().from(classTeachers).where(eq(classTeachers.user_id, teacher!.id))

  return {
    institutionId, yearId: year!.id, schoolA: schoolA!.id, schoolB, class1A: class1A!.id, class1B, class2A,
    english, arabic, unassigned, sara: kid('Sara'), khalid: kid('Khalid'), noor: kid('Noor'), huda: kid('Huda'), zaid, evil,
    bundle: bundle!.id, comparative: comparative!.id, hidden: hidden!.id, entryEn: entryEn!.id, entryAr: entryAr!.id, cmpEntry: cmpEntry!.id,
    insertUser,
  }
}

export type ReportFixture = Awaited<ReturnType<typeof reportFixture>>

/**
 * The report fixture on a fresh harness with the sample teacher signed in, made before the file's tests and
 * closed after them; read its parts inside the tests.
 */
export function teacherOnReportFixture(): { h: Harness; f: ReportFixture; teacher: string } {
  const world = {} as { h: Harness; f: ReportFixture; teacher: string }
  beforeAll(async () => {
    world.h = await createHarness()
    world.f = await reportFixture(world.h)
    world.teacher = await world.h.login('teacher@sample.test')
  }, 120_000)
  afterAll(async () => {
    await world.h?.close()
  })
  return world
}
