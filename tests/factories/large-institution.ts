// An institution of any size, written in bulk straight to the database (tests and bench/demo-copy.ts):
// schools, one academic year, grades, sections, classes with a subject and a teacher, users, students
// spread over the classes with their enrolments, and a licence.
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import {
  academicYears, classSubjects, classTeachers, classes, grades, institutions, licences, schools, sections,
  studentClassRelations, students, subjects, userSchools, users,
} from '../../src/server/db/schema/tables'
import { hashPassword } from '../../src/server/lib/crypto'

export const LARGE_PASSWORD = 'Large$1pass'

export async function seedLargeInstitution(db: Db, o: { subdomain: string; students: number; schools?: number; classesPerSchool?: number }) {
  const schoolCount = o.schools ?? 4
  const perSchool = o.classesPerSchool ?? 10
  const [inst] = await db.insert(institutions)
    .values({ organization_name: `${o.subdomain} Academy`, subdomain_name: o.subdomain, acronym: 'LRG' })
    .returning({ id: institutions.id })
  const institutionId = inst!.id
  const [year] = await db.insert(academicYears).values({ institution_id: institutionId, display_name: '2026-2027', is_active: true }).returning()
  const [subject] = await db.select().from(subjects).limit(1)
  await db.insert(licences).values({ institution_id: institutionId, from_date: '2026-01-01', to_date: '2030-12-31', purchase_quantity: o.students + 100 })
  const hash = await hashPassword(LARGE_PASSWORD)
  const [admin] = await db.insert(users).values({
    institution_id: institutionId, email: `admin@${o.subdomain}.test`, first_name: 'Real', last_name: 'Admin', role: 'institution_admin', password_hash: hash,
  }).returning({ id: users.id })
  const classIds: number[] = []
  const schoolIds: number[] = []
  for (let s = 1; s <= schoolCount; s++) {
    const [school] = await db.insert(schools).values({
      institution_id: institutionId, identifier: `SCH${s}`, display_name: `School ${s}`, arabic_display_name: `مدرسة ${s}`,
    }).returning({ id: schools.id })
    schoolIds.push(school!.id)
    const [grade] = await db.insert(grades).values({ institution_id: institutionId, school_id: school!.id, identifier: 'G1', display_name: 'Grade 1' }).returning()
    const [section] = await db.insert(sections).values({ institution_id: institutionId, school_id: school!.id, identifier: 'A', display_name: 'A' }).returning()
    const [teacher] = await db.insert(users).values({
      institution_id: institutionId, email: `teacher${s}@${o.subdomain}.test`, first_name: `Teacher`, last_name: `Real${s}`, role: 'teacher', password_hash: hash,
    }).returning({ id: users.id })
    await db.insert(userSchools).values({ user_id: teacher!.id, school_id: school!.id })
    const made = await db.insert(classes).values(Array.from({ length: perSchool }, (_, c) => ({
      institution_id: institutionId, school_id: school!.id, grade_id: grade!.id, section_id: section!.id, identifier: `C${c + 1}`, display_name: `Class ${c + 1}`,
    }))).returning({ id: classes.id })
    for (const c of made) {
      classIds.push(c.id)
      if (subject) await db.insert(classSubjects).values({ class_id: c.id, subject_id: subject.id })
      await db.insert(classTeachers).values({ class_id: c.id, academic_year_id: year!.id, user_id: teacher!.id })
    }
  }
  const studentsPerClass = Math.ceil(o.students / classIds.length)
  for (let i = 0; i < o.students; i += 500) {
    const batch = Array.from({ length: Math.min(500, o.students - i) }, (_, k) => i + k)
    const made = await db.insert(students).values(batch.map((n) => ({
      institution_id: institutionId,
      school_id: schoolIds[Math.floor(Math.floor(n / studentsPerClass) / perSchool)] ?? schoolIds[0]!,
      first_name: `Realfirst${n}`, last_name: `Reallast${n}`, arabic_name: `اسم حقيقي ${n}`, gender: n % 2 ? 'm' : 'f',
      enrollment_code: `784-2015-${String(1000000 + n)}-1`, user_field_1: `parent${n}@family.test`,
    }))).returning({ id: students.id })
    await db.insert(studentClassRelations).values(made.map((st, k) => ({
      student_id: st.id, class_id: classIds[Math.min(classIds.length - 1, Math.floor(batch[k]! / studentsPerClass))]!, academic_year_id: year!.id,
    })))
  }
  const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId))
  return { institutionId: row!.id, adminId: admin!.id }
}
