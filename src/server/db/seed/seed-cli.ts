// npm run seed -- --institution NAME --students N --sittings M [--seed S]
// Generates a deterministic data set in institution NAME (sub-domain; created with one school when missing):
// N students in classes of 25 with a teacher each, and M sittings over two terms in English and Arabic.
// Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: it holds the lock).
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../client'
import { lockDataDir } from '../data-dir-lock'
import { academicYears, grades, institutions, schools } from '../schema/tables'
import { ensureReferenceData } from './reference'
import { ensureMiscueTypes } from './miscue-types'
import { ensureScoringProfiles } from './scoring-profiles'
import { generateSittings } from './sittings-generator'

export async function seedInstitution(db: Db, o: { name: string; students: number; sittings: number; seed?: number }) {
  await ensureReferenceData(db)
  await ensureMiscueTypes(db)
  await ensureScoringProfiles(db)
  const sub = o.name.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 63)
  let [inst] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.subdomain_name, sub))
  if (!inst) {
    ;[inst] = await db.insert(institutions).values({ organization_name: o.name, subdomain_name: sub, acronym: 'GEN' }).returning({ id: institutions.id })
  }
  const institutionId = inst!.id
  let [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.institution_id, institutionId))
  if (!school) {
    ;[school] = await db.insert(schools).values({ institution_id: institutionId, identifier: 'GEN1', display_name: `${o.name} School`, arabic_display_name: `مدرسة ${o.name}` }).returning({ id: schools.id })
  }
  let [year] = await db.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.institution_id, institutionId), eq(academicYears.display_name, '2026-2027')))
  if (!year) {
    ;[year] = await db.insert(academicYears).values({ institution_id: institutionId, display_name: '2026-2027', is_active: true }).returning({ id: academicYears.id })
  }
  let [grade] = await db.select({ id: grades.id }).from(grades).where(eq(grades.school_id, school!.id))
  if (!grade) {
    ;[grade] = await db.insert(grades).values({ institution_id: institutionId, school_id: school!.id, identifier: 'G1', display_name: 'Grade 1' }).returning({ id: grades.id })
  }
  const classCount = Math.max(1, Math.ceil(o.students / 25))
  const [start] = (await db.execute(sql`select count(*)::int as n from students where institution_id = ${institutionId}`) as unknown as { rows: { n: number }[] }).rows
  const offset = start?.n ?? 0
  // Classes, a teacher per class, students and their class relations: set-based.
  await db.execute(sql`insert into classes (institution_id, school_id, grade_id, identifier, display_name)
    select ${institutionId}, ${school!.id}, ${grade!.id}, 'GEN-' || (${offset} + g), 'Class ' || (${offset} + g) from generate_series(1, ${classCount}) g`)
  await db.execute(sql`insert into users (institution_id, email, first_name, last_name, role)
    select ${institutionId}, 'teacher' || c.id || '@' || ${sub} || '.test', 'Teacher', c.display_name, 'teacher'
    from classes c where c.institution_id = ${institutionId} and c.identifier like 'GEN-%'
      and not exists (select 1 from class_teachers ct where ct.class_id = c.id)`)
  await db.execute(sql`insert into class_teachers (class_id, academic_year_id, user_id)
    select c.id, ${year!.id}, u.id from classes c join users u on u.email = 'teacher' || c.id || '@' || ${sub} || '.test'
    where c.institution_id = ${institutionId} on conflict do nothing`)
  await db.execute(sql`insert into students (institution_id, school_id, first_name, last_name, arabic_name, gender, enrollment_code)
    select ${institutionId}, ${school!.id}, 'Student', (${offset} + g)::text, 'طالب ' || (${offset} + g), case when g % 2 = 0 then 'f' else 'm' end,
      'GEN-' || lpad((${offset} + g)::text, 7, '0')
    from generate_series(1, ${o.students}) g`)
  await db.execute(sql`insert into student_class_relations (student_id, class_id, academic_year_id)
    select st.id, (select c.id from classes c where c.institution_id = ${institutionId} and c.identifier like 'GEN-%' order by c.id
                   offset ((st.id % ${classCount})) limit 1), ${year!.id}
    from students st where st.institution_id = ${institutionId}
      and not exists (select 1 from student_class_relations r where r.student_id = st.id and r.academic_year_id = ${year!.id})`)
  const made = await generateSittings(db, { institutionId, yearId: year!.id, count: o.sittings, seed: o.seed ?? 0 })
  return { institutionId, subdomain: sub, students: o.students, sittings: made }
}

async function main() {
  const { values } = parseArgs({ options: { institution: { type: 'string' }, students: { type: 'string' }, sittings: { type: 'string' }, seed: { type: 'string' } } })
  const students = Number(values.students ?? 100)
  const sittings = Number(values.sittings ?? 1000)
  if (!values.institution || !Number.isInteger(students) || students < 1 || !Number.isInteger(sittings) || sittings < 0) {
    console.error('usage: npm run seed -- --institution NAME --students N --sittings M [--seed S]')
    process.exit(2)
  }
  const dataDir = process.env.DATA_DIR ?? './data'
  const release = process.env.DATABASE_URL ? () => {} : (await lockDataDir(dataDir)).release
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir })
  const started = Date.now()
  const result = await seedInstitution(database.db, { name: values.institution, students, sittings, seed: Number(values.seed ?? 0) })
  console.log(`[seed] ${result.subdomain}: ${result.students} students, ${result.sittings} sittings in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  await database.close()
  release()
}

if (process.argv[1]?.endsWith('seed-cli.ts')) {
  main().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
