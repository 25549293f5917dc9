// First start on an empty database: the platform admin and (unless SAMPLE_DATA=0) a sample institution.
import { count } from 'drizzle-orm'
import { generatePassword } from '../../../shared/rules/password'
import type { Role } from '../../../shared/roles'
import { hashPassword, randomInt } from '../../lib/crypto'
import type { Db } from '../client'
import { eq } from 'drizzle-orm'
import { ensureReferenceData } from './reference'
import { ensureMiscueTypes } from './miscue-types'
import { ensureScoringProfiles } from './scoring-profiles'
import { generateSittings } from './sittings-generator'
import {
  academicYears, classes, classSubjects, classTeachers, grades, institutions, licences, schools, sections, studentClassRelations, students, subjects,
  userSchools, users,
} from '../schema/tables'

export type SeedResult = {
  created: boolean
  adminUsername?: string
  /** Set only when the password was generated, so it can be printed once. */
  generatedAdminPassword?: string
  sampleUsers?: string[]
  generatedSamplePassword?: string
}

export const SAMPLE_SUBDOMAIN = 'sample'
export const SAMPLE_USERS: { email: string; role: Role; first_name: string; last_name: string }[] = [
  { email: 'institution.admin@sample.test', role: 'institution_admin', first_name: 'Mariam', last_name: 'Haddad' },
  { email: 'school.admin@sample.test', role: 'school_admin', first_name: 'Omar', last_name: 'Khalil' },
  { email: 'teacher@sample.test', role: 'teacher', first_name: 'Layla', last_name: 'Nasser' },
  { email: 'viewer@sample.test', role: 'viewer', first_name: 'Yusuf', last_name: 'Saleh' },
]

export async function seed(
  db: Db,
  opts: { adminUsername: string; adminPassword?: string; sampleData: boolean; samplePassword?: string; sampleSittings?: boolean },
): Promise<SeedResult> {
  await ensureReferenceData(db)
  await ensureMiscueTypes(db)
  await ensureScoringProfiles(db)
  const [existing] = await db.select({ n: count() }).from(users)
  if (Number(existing?.n ?? 0) > 0) return { created: false }

  const adminPassword = opts.adminPassword ?? generatePassword(randomInt)
  await db.insert(users).values({
    institution_id: null,
    username: opts.adminUsername,
    email: `${opts.adminUsername}@platform.local`,
    first_name: 'Platform',
    last_name: 'Administrator',
    role: 'platform_admin',
    password_hash: await hashPassword(adminPassword),
  })
  const result: SeedResult = {
    created: true,
    adminUsername: opts.adminUsername,
    generatedAdminPassword: opts.adminPassword ? undefined : adminPassword,
  }
  if (!opts.sampleData) return result

  const samplePassword = opts.samplePassword ?? generatePassword(randomInt)
  const sampleHash = await hashPassword(samplePassword)
  const sample = await db.transaction(async (tx) => {
    const [institution] = await tx
      .insert(institutions)
      .values({
        organization_name: 'Sample Academy',
        subdomain_name: SAMPLE_SUBDOMAIN,
        acronym: 'SMPL',
        account_number: 'SMPL-0001',
        country: 'AE',
        city: 'Abu Dhabi',
        state: 'Abu Dhabi',
        about: 'A sample institution to try Miscue with.',
      })
      .returning()
    const institutionId = institution!.id
    const [school] = await tx
      .insert(schools)
      .values({
        institution_id: institutionId,
        identifier: 'ALNOOR',
        display_name: 'Al Noor Primary School',
        arabic_display_name: 'مدرسة النور الابتدائية',
        country: 'AE',
        city: 'Abu Dhabi',
        phone_number: '+971 2 555 0100',
      })
      .returning()
    const [year] = await tx.insert(academicYears).values([
      { institution_id: institutionId, display_name: '2026-2027', is_active: true },
      { institution_id: institutionId, display_name: '2025-2026', is_active: false },
    ]).returning()
    const schoolId = school!.id
    await tx.insert(licences).values({ institution_id: institutionId, from_date: '2026-08-01', to_date: '2027-07-31', purchase_quantity: 500 })
    const [grade1] = await tx.insert(grades).values(
      [1, 2, 3].map((n) => ({ institution_id: institutionId, school_id: schoolId, identifier: `G${n}`, display_name: `Grade ${n}` })),
    ).returning()
    const [sectionA] = await tx.insert(sections).values(
      ['A', 'B'].map((s) => ({ institution_id: institutionId, school_id: schoolId, identifier: s, display_name: `Section ${s}` })),
    ).returning()
    const created = await tx
      .insert(users)
      .values(SAMPLE_USERS.map((u) => ({ ...u, institution_id: institutionId, password_hash: sampleHash })))
      .returning({ id: users.id, role: users.role })
    const mapped = created.filter((u) => u.role !== 'institution_admin')
    await tx.insert(userSchools).values(mapped.map((u) => ({ user_id: u.id, school_id: schoolId })))

    // One class with a teacher and a few students, so reports and the teacher's screens have data.
    const [cls] = await tx.insert(classes).values({
      institution_id: institutionId, school_id: schoolId, grade_id: grade1!.id, section_id: sectionA!.id, identifier: '1A', display_name: 'Grade 1 A',
    }).returning()
    const [english] = await tx.select().from(subjects).where(eq(subjects.code, 'english-reading'))
    if (english) await tx.insert(classSubjects).values({ class_id: cls!.id, subject_id: english.id })
    const teacher = created.find((u) => u.role === 'teacher')!
    await tx.insert(classTeachers).values({ class_id: cls!.id, academic_year_id: year!.id, user_id: teacher.id })
    const kids = [
      ['Sara', 'Ahmed', 'سارة أحمد', 'f'], ['Khalid', 'Ali', 'خالد علي', 'm'], ['Noor', 'Hassan', 'نور حسن', 'f'],
      ['Adam', 'Youssef', 'آدم يوسف', 'm'], ['Huda', 'Salem', 'هدى سالم', 'f'],
    ] as const
    const made = await tx.insert(students).values(kids.map(([first, last, ar, gender], i) => ({
      institution_id: institutionId, school_id: schoolId, first_name: first, last_name: last, arabic_name: ar, gender,
      enrollment_code: `SMPL-${String(10001 + i)}`,
    }))).returning({ id: students.id })
    await tx.insert(studentClassRelations).values(made.map((st) => ({ student_id: st.id, class_id: cls!.id, academic_year_id: year!.id })))
    return { institutionId, yearId: year!.id }
  })
  // Sittings over two terms in English and Arabic, so the reports have something to show (ADR 0048).
  if (opts.sampleSittings) {
    await generateSittings(db, { institutionId: sample.institutionId, yearId: sample.yearId, count: 40, terms: [{ start: '2026-09-01', days: 45 }, { start: '2026-10-20', days: 30 }] })
  }
  result.sampleUsers = SAMPLE_USERS.map((u) => u.email)
  result.generatedSamplePassword = opts.samplePassword ? undefined : samplePassword
  return result
}
