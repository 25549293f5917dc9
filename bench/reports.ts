// Report latency at 10k and 1M sittings (npm run bench:reports). Prints figures, asserts nothing.
// Always on an in-memory PGlite; also on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server
// (a throwaway database is created there and dropped after). BENCH_SIZES=10000,1000000 picks the sizes;
// BENCH_PGLITE=0 runs PostgreSQL alone; BENCH_REPORTS=benchmark runs only the benchmark views and the trend call
// (ADR 0124, 0125). BENCH_KEEP=<name> uses (and keeps) that PostgreSQL database instead of a throwaway one, seeding
// only the sittings it lacks, so a million sittings are generated once for several runs.
import { availableParallelism, cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/server/db/client'
import { seedInstitution } from '../src/server/db/seed/seed-cli'
import { generateSittings } from '../src/server/db/seed/sittings-generator'
import { ensureMiscueTypes } from '../src/server/db/seed/miscue-types'
import { commonReport } from '../src/server/reports/class-reports'
import { dayRange, resolveScope } from '../src/server/reports/report-scope'
import { tallyReport } from '../src/server/reports/tally-report'
import { miscueTypesOf } from '../src/server/domain/scoring'
import { benchmarkSettingsOf } from '../src/server/domain/benchmark-settings'
import { benchmarkReport } from '../src/server/reports/benchmark-report'
import { seasonWindows } from '../src/shared/benchmarks/seasons'
import { buildScope } from '../src/server/domain/scope'
import { studentProgress } from '../src/server/areas/progress/progress.service'

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number)

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
  return `median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms (n=${samples.length})`
}
async function samples(n: number, fn: () => Promise<unknown>) {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    out.push(performance.now() - t)
  }
  return out
}
/** The report's time next to one hand-written SQL aggregate of the same figures, run alternately (the limit). */
async function versus(n: number, report: () => Promise<unknown>, single: () => Promise<unknown>) {
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < n; i++) {
    a.push(...(await samples(1, report)))
    b.push(...(await samples(1, single)))
  }
  return `${stats(a)}; one SQL aggregate ${median(b).toFixed(1)} ms; ratio ${(median(a) / median(b)).toFixed(2)}x`
}
const rows = async <T>(db: Database['db'], q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows

async function run(label: string, database: Database) {
  const db = database.db
  await ensureMiscueTypes(db)
  let have = 0
  let students = 0
  for (const size of SIZES) {
    const t = performance.now()
    // A kept database already holds some: count its students and sittings, and add only what is missing.
    const [kept] = await rows<{ id: number; students: number; sittings: number }>(db, sql`
      select i.id, (select count(*)::int from students where institution_id = i.id) as students, (select count(*)::int from sittings where institution_id = i.id) as sittings
      from institutions i where i.subdomain_name = 'bench'`)
    students = kept?.students ?? students
    have = kept?.sittings ?? have
    const addStudents = Math.round(size / 25) - students
    const seeded = kept && addStudents <= 0 ? { institutionId: kept.id } : await seedInstitution(db, { name: 'bench', students: Math.max(1, addStudents), sittings: 0 })
    students += Math.max(0, addStudents)
    const [year] = await rows<{ id: number }>(db, sql`select id from academic_years where institution_id = ${seeded.institutionId}`)
    for (let done = have; done < size; done += 200_000) {
      await generateSittings(db, { institutionId: seeded.institutionId, yearId: year!.id, count: Math.min(200_000, size - done), seed: done })
    }
    have = Math.max(have, size)
    await db.execute(sql`vacuum analyze`) // as autovacuum leaves a table in use: statistics and the visibility map
    console.log(`${label}: ${size.toLocaleString('en')} sittings, ${students} students (generated in ${((performance.now() - t) / 1000).toFixed(1)} s)`)
    const [cls] = await rows<{ class_id: number; school_id: number; n: number }>(db, sql`
      select class_id, min(school_id) as school_id, count(*)::int as n from sittings where institution_id = ${seeded.institutionId} group by class_id order by class_id limit 1`)
    const key = { institutionId: seeded.institutionId, classId: cls!.class_id, yearId: year!.id }
    const reader = { db, lang: 'en' as const, institutionId: seeded.institutionId, schools: 'all' as const }
    const types = await miscueTypesOf(db, seeded.institutionId)
    const classScope = await resolveScope(reader, 'class', cls!.class_id)
    const instScope = await resolveScope(reader, 'institution', null)
    const classSittings = sql`s.institution_id = ${seeded.institutionId} and s.class_id = ${cls!.class_id} and s.academic_year_id = ${year!.id}`
    // The same figures as each report in one statement each, written by hand: what the database alone costs. The
    // common report's: the class's totals, the count of each type, and for the cue analysis the coded errors' and
    // self-corrections' cue lists with the cue categories, the class's marks read as the report reads them (ADR 0121).
    const commonByHand = () => db.execute(sql`
      with s as (select id, student_id from sittings s where ${classSittings})
      select (select count(distinct student_id) from s) as students, (select count(*) from s) as tests, t.code, count(*) as n,
        jsonb_agg(m.cues) filter (where (t.counts_as_error or t.code = 'self_correction') and jsonb_array_length(m.cues) > 0) as cues,
        (select json_agg(k) from cue_categories k where k.institution_id is null) as categories
      from sitting_marks m join miscue_types t on t.id = m.counted_type_id where m.sitting_id = any(array(select id from s))
      group by t.code`)
    const tallyByHand = (scope: typeof classScope) => () => db.execute(sql`
      with s as (select s.id, s.student_id from sittings s where ${scope.sittings} and ${dayRange('2026-09-01', '2026-12-31')}),
        n as (select student_id, count(*) as n from s group by student_id),
        m as (select s.student_id, t.code, count(*) as n from s join sitting_marks m on m.sitting_id = s.id
              join miscue_types t on t.id = m.counted_type_id group by s.student_id, t.code)
      select st.id, st.first_name, st.last_name, n.n, m.code, m.n as count
      from students st left join n on n.student_id = st.id left join m on m.student_id = st.id
      where ${scope.students}`)
    console.log(`  load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
    // The benchmark view (middle of the year) against one statement that counts the same levels with DIBELS 8's
    // grade 1 cut points written in, the medians now and at BOY, and the attention list's students (below the aimline too).
    const settings = await benchmarkSettingsOf(db, seeded.institutionId)
    const [boy, moy] = seasonWindows('2026-2027')!
    // Each rostered student's newest sitting of the window: one probe of the student's readings, as the view reads it.
    const newestIn = (place: ReturnType<typeof sql>, w: typeof boy, columns: ReturnType<typeof sql>) => sql`
      select ${columns} from sittings s
      where s.student_id = r.student_id and s.institution_id = ${seeded.institutionId} and ${place} and s.academic_year_id = ${year!.id} and s.voided_at is null
        and s.created_in_device_at >= ${w!.from.toISOString()}::timestamptz and s.created_in_device_at < ${w!.to.toISOString()}::timestamptz
      order by s.created_in_device_at desc, s.id desc limit 1`
    const benchmarkByHand = (place: ReturnType<typeof sql>, classes: ReturnType<typeof sql>) => () => db.execute(sql`
      with r as (select scr.student_id from student_class_relations scr where scr.academic_year_id = ${year!.id} and scr.is_active and scr.class_id in (${classes})),
        l as (select r.student_id, l.wcpm, l.band, (${newestIn(place, boy, sql`s.wcpm`)}) as boy_wcpm
          from r left join lateral (${newestIn(place, moy, sql`s.wcpm, s.band`)}) l on true),
        aim as (select g.student_id from student_goals g join lateral (
            select (s.created_in_device_at at time zone 'UTC')::date as day, coalesce(s.wcpm, 0) as wcpm from sittings s
            where s.student_id = g.student_id and s.institution_id = ${seeded.institutionId} and s.voided_at is null and s.created_in_device_at >= g.start_date::timestamp at time zone 'UTC'
            order by s.created_in_device_at desc, s.id desc limit 3) x on true
          where g.institution_id = ${seeded.institutionId} and g.student_id in (select student_id from r)
          group by g.id
          having count(*) = 3 and bool_and(x.wcpm < g.start_wcpm + (g.goal_wcpm - g.start_wcpm) * (x.day - g.start_date) / (g.goal_date - g.start_date)))
      select count(*) filter (where l.wcpm is null) as not_assessed, count(*) filter (where l.wcpm < 10) as well_below,
        count(*) filter (where l.wcpm >= 10 and l.wcpm < 21) as below, count(*) filter (where l.wcpm >= 21 and l.wcpm < 57) as at,
        count(*) filter (where l.wcpm >= 57) as above, count(*) filter (where l.band = 'frustration') as frustration,
        percentile_cont(0.5) within group (order by l.wcpm) as median, percentile_cont(0.5) within group (order by l.boy_wcpm) as boy_median,
        array_agg(l.student_id order by l.wcpm nulls last) filter (where l.wcpm is null or l.wcpm < 21 or l.band = 'frustration' or l.student_id in (select student_id from aim)) as attention
      from l`)
    const classTarget = { institutionId: seeded.institutionId, yearId: year!.id, yearName: '2026-2027', classId: cls!.class_id }
    const schoolTarget = { institutionId: seeded.institutionId, yearId: year!.id, yearName: '2026-2027', schoolId: cls!.school_id }
    console.log(`  benchmark view, one class, MOY:                    ${await versus(60, () => benchmarkReport(db, classTarget, 'moy', settings), benchmarkByHand(sql`s.class_id = ${cls!.class_id}`, sql`${cls!.class_id}`))}`)
    console.log(`  benchmark view, whole school, MOY:                 ${await versus(size > 100_000 ? 5 : 20, () => benchmarkReport(db, schoolTarget, 'moy', settings), benchmarkByHand(sql`s.school_id = ${cls!.school_id}`, sql`select id from classes where school_id = ${cls!.school_id}`))}`)
    // A student's trend (GET /api/student/{id}/progress/) as an institution administrator asks it, the student's goal
    // set, against one statement reading the same: the student, each passage reading with its year and passage,
    // the goal, the grade of each year and the institution's benchmark settings.
    const [pupil] = await rows<{ id: number; user_id: number }>(db, sql`
      select s.student_id as id, (select u.id from users u where u.institution_id = ${seeded.institutionId} limit 1) as user_id
      from sittings s where s.class_id = ${cls!.class_id} group by s.student_id order by count(*) desc, s.student_id limit 1`)
    await db.execute(sql`insert into student_goals (institution_id, student_id, start_date, start_wcpm, goal_date, goal_wcpm)
      values (${seeded.institutionId}, ${pupil!.id}, '2026-09-01', 20, '2027-05-31', 60) on conflict do nothing`)
    const admin = { id: pupil!.user_id, institution_id: seeded.institutionId, email: 'bench@bench.test', first_name: 'Bench', last_name: 'Admin', role: 'institution_admin' as const }
    const asked = () => buildScope({ db, lang: 'en', institution: { id: seeded.institutionId, organization_name: 'bench', subdomain_name: 'bench' }, user: admin })
    const trendByHand = () => db.execute(sql`
      select st.id, st.first_name, st.last_name, st.arabic_name, st.school_id,
        (select json_agg(json_build_object('sitting_id', s.id, 'date', to_char(s.created_in_device_at at time zone 'UTC', 'YYYY-MM-DD'), 'year', y.display_name,
            'assessment', a.title, 'wcpm', s.wcpm, 'accuracy', s.accuracy, 'band', s.band, 'text_level', s.text_level, 'direction', s.direction)
            order by s.created_in_device_at, s.id)
          from sittings s join academic_years y on y.id = s.academic_year_id join assessments a on a.id = s.assessment_id
          where s.student_id = st.id and s.kind = 'passage' and s.institution_id = st.institution_id and s.voided_at is null) as points,
        (select row_to_json(g) from student_goals g where g.student_id = st.id) as goal,
        (select json_agg(json_build_object('year', r.academic_year_id, 'identifier', gr.identifier, 'name', gr.display_name))
          from student_class_relations r join classes c on c.id = r.class_id join grades gr on gr.id = c.grade_id where r.student_id = st.id) as grades,
        (select row_to_json(b) from benchmark_settings b where b.institution_id = st.institution_id) as settings,
        (select json_agg(t) from benchmark_tables t where t.institution_id = st.institution_id) as own_tables
      from students st where st.id = ${pupil!.id} and st.institution_id = ${seeded.institutionId}`)
    console.log(`${`  student trend, ${(await studentProgress(asked(), pupil!.id)).points.length} readings:`.padEnd(53)}${await versus(60, () => studentProgress(asked(), pupil!.id), trendByHand)}`)
    if (process.env.BENCH_REPORTS === 'benchmark') continue
    console.log(`  common report, one class (${cls!.n} sittings):      ${await versus(20, () => commonReport(db, key, 0), commonByHand)}`)
    console.log(`  tally report, one class, one term:                 ${await versus(20, () => tallyReport(db, classScope, types, '2026-09-01', '2026-12-31'), tallyByHand(classScope))}`)
    console.log(`  tally report, whole institution, one term:         ${await versus(3, () => tallyReport(db, instScope, types, '2026-09-01', '2026-12-31'), tallyByHand(instScope))}`)
  }
}

console.log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`)
if (process.env.BENCH_PGLITE !== '0') {
  const pglite = await openDatabase({})
  await run('PGlite (in memory)', pglite)
  await pglite.close()
}

const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (server) {
  const { default: pg } = await import('pg')
  const keep = process.env.BENCH_KEEP
  if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_KEEP names a database: lower-case letters, digits and _')
  const name = keep ?? `miscue_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount
  if (!exists) await admin.query(`create database ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  const [version] = await rows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`)
  await run(`PostgreSQL ${version!.v}`, database)
  await database.close()
  if (!keep) await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
}
