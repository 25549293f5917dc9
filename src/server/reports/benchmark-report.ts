// The class and school benchmark view (issue 26, ADR 0124): each rostered student's newest sitting in the season's
// window, classified by the table the institution chose for the passage's language (shared/benchmarks), counted by
// risk level, percentile and band, with the median words correct per minute against the beginning of the year and
// the students who need attention first. SQL reads one row per student; the one shared rule classifies them.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { classify, gradeNumber, median, rowOf, type BenchmarkTable } from '../../shared/benchmarks/benchmark-table'
import { seasonWindows, type SeasonCode, type SeasonWindow } from '../../shared/benchmarks/seasons'
import { BANDS, type Band } from '../../shared/reports/figures'
import { BELOW_AIMLINE_RUN, belowAimline } from '../../shared/reports/progress'
import type { AttentionRow, BenchmarkReport, BenchmarkSettings } from '../../shared/schemas/benchmark'
import { tableByCode } from '../domain/benchmark-settings'
import { COUNTED, num, query } from './sql'

/** Who the view counts: the students on the roster of a class or of a school's classes in the year. */
export type BenchmarkScope = { institutionId: number; yearId: number; yearName: string } & ({ classId: number } | { schoolId: number })

type StudentReading = {
  student_id: number; first_name: string; last_name: string; arabic_name: string; class_id: number; class_name: string
  grade_identifier: string; grade_name: string
  wcpm: string | null; accuracy: string | null; band: Band | null; text_level: string | null; direction: string | null; created_in_device_at: Date | string | null
}

function rosterOf(scope: BenchmarkScope): SQL {
  const inScope = 'classId' in scope ? sql`c.id = ${scope.classId}` : sql`c.school_id = ${scope.schoolId}`
  return sql`select scr.student_id, c.id as class_id, c.display_name as class_name, g.identifier as grade_identifier, g.display_name as grade_name
    from classes c join grades g on g.id = c.grade_id
    join student_class_relations scr on scr.class_id = c.id and scr.academic_year_id = ${scope.yearId} and scr.is_active
    where c.institution_id = ${scope.institutionId} and ${inScope}`
}

/** Every rostered student with their newest sitting of the scope in the window (nulls: none). */
export async function readingsInWindow(db: Db, scope: BenchmarkScope, window: SeasonWindow): Promise<StudentReading[]> {
  const place = 'classId' in scope ? sql`s.class_id = ${scope.classId}` : sql`s.school_id = ${scope.schoolId}`
  return query<StudentReading>(db, sql`
    with roster as (${rosterOf(scope)}),
      latest as (
        select distinct on (s.student_id) s.student_id, s.wcpm, s.accuracy, s.band, s.text_level, s.direction, s.created_in_device_at
        from sittings s
        where s.institution_id = ${scope.institutionId} and ${place} and s.academic_year_id = ${scope.yearId} and ${COUNTED}
          and s.created_in_device_at >= ${window.from.toISOString()}::timestamptz and s.created_in_device_at < ${window.to.toISOString()}::timestamptz
          and s.student_id in (select student_id from roster)
        order by s.student_id, s.created_in_device_at desc, s.id desc)
    select r.student_id, st.first_name, st.last_name, st.arabic_name, r.class_id, r.class_name, r.grade_identifier, r.grade_name,
      l.wcpm, l.accuracy, l.band, l.text_level, l.direction, l.created_in_device_at
    from roster r join students st on st.id = r.student_id left join latest l on l.student_id = r.student_id
    order by st.last_name, st.first_name, r.student_id`)
}

/** The students of the roster whose last three readings since their goal's start all fall below their aimline. */
async function belowAimlineIn(db: Db, scope: BenchmarkScope): Promise<Set<number>> {
  const rows = await query<{ student_id: number; start_date: string; start_wcpm: string; goal_date: string; goal_wcpm: string; date: string; wcpm: string }>(db, sql`
    with roster as (${rosterOf(scope)})
    select g.student_id, to_char(g.start_date, 'YYYY-MM-DD') as start_date, g.start_wcpm, to_char(g.goal_date, 'YYYY-MM-DD') as goal_date, g.goal_wcpm, x.date, x.wcpm
    from student_goals g
    join lateral (
      select to_char(s.created_in_device_at at time zone 'UTC', 'YYYY-MM-DD') as date, s.wcpm, s.created_in_device_at, s.id
      from sittings s
      where s.student_id = g.student_id and s.institution_id = ${scope.institutionId} and ${COUNTED} and s.created_in_device_at >= g.start_date::timestamp at time zone 'UTC'
      order by s.created_in_device_at desc, s.id desc limit ${BELOW_AIMLINE_RUN}) x on true
    where g.institution_id = ${scope.institutionId} and g.student_id in (select student_id from roster)
    order by g.student_id, x.created_in_device_at, x.id`)
  const byStudent = new Map<number, typeof rows>()
  for (const r of rows) byStudent.set(Number(r.student_id), [...(byStudent.get(Number(r.student_id)) ?? []), r])
  const below = new Set<number>()
  for (const [student, points] of byStudent) {
    const g = points[0]!
    const goal = { start_date: g.start_date, start_wcpm: num(g.start_wcpm), goal_date: g.goal_date, goal_wcpm: num(g.goal_wcpm) }
    if (belowAimline(points.map((p) => ({ date: p.date, wcpm: num(p.wcpm) })), goal)) below.add(student)
  }
  return below
}

const REASON_ORDER: AttentionRow['reasons'][number][] = ['well_below', 'below', 'below_aimline', 'frustration', 'not_assessed']

function reasonsOf(row: Pick<AttentionRow, 'wcpm' | 'risk' | 'band'>): AttentionRow['reasons'] {
  if (row.wcpm === null) return ['not_assessed']
  const reasons: AttentionRow['reasons'] = []
  if (row.risk === 'well_below' || row.risk === 'below') reasons.push(row.risk)
  if (row.band === 'frustration') reasons.push('frustration')
  return reasons
}

/** The view for one season of the year; null when the year's name gives no calendar (not a valid year name). */
export async function benchmarkReport(db: Db, scope: BenchmarkScope, season: SeasonCode, settings: BenchmarkSettings): Promise<BenchmarkReport | null> {
  const windows = seasonWindows(scope.yearName, settings.seasons)
  if (!windows) return null
  const window = windows.find((w) => w.season === season)!
  const boyWindow = windows[0]!
  const [readings, boy, aimline] = await Promise.all([
    readingsInWindow(db, scope, window),
    season === 'boy' ? null : readingsInWindow(db, scope, boyWindow),
    belowAimlineIn(db, scope),
  ])
  const tables: Record<'en' | 'ar', BenchmarkTable | null> = { en: tableByCode(settings, settings.tables.en), ar: tableByCode(settings, settings.tables.ar) }
  const risk: BenchmarkReport['risk'] = { well_below: 0, below: 0, at: 0, above: 0, no_benchmark: 0, not_assessed: 0 }
  const bands = Object.fromEntries(BANDS.map((b) => [b, 0])) as Record<Band, number>
  const percentiles = new Map<number, number>()
  const attention: AttentionRow[] = []
  const wcpms: number[] = []
  for (const r of readings) {
    const grade = gradeNumber(r.grade_identifier, r.grade_name)
    const wcpm = r.wcpm === null ? null : num(r.wcpm)
    const accuracy = r.accuracy === null ? null : num(r.accuracy)
    const table = r.direction === null ? null : tables[r.direction === 'rtl' ? 'ar' : 'en']
    const found = wcpm === null || table === null ? { risk: null, percentile: null } : classify(rowOf(table, grade, season), wcpm, accuracy ?? 0)
    if (wcpm === null) risk.not_assessed++
    else {
      wcpms.push(wcpm)
      if (found.risk) risk[found.risk]++
      else risk.no_benchmark++
      if (r.band) bands[r.band]++
      if (found.percentile !== null) percentiles.set(found.percentile, (percentiles.get(found.percentile) ?? 0) + 1)
    }
    const row = {
      student_id: Number(r.student_id), student_name: `${r.first_name} ${r.last_name}`, arabic_name: r.arabic_name,
      class_id: Number(r.class_id), class_name: r.class_name, wcpm, accuracy, band: r.band, risk: found.risk, percentile: found.percentile,
      text_level: r.text_level, expected_level: grade === null ? null : (settings.expected_levels[String(grade)]?.[season] ?? null),
      assessed_at: r.created_in_device_at === null ? null : new Date(r.created_in_device_at).toISOString(),
    }
    const reasons = reasonsOf(row)
    if (aimline.has(row.student_id)) reasons.push('below_aimline')
    if (reasons.length > 0) attention.push({ ...row, reasons })
  }
  attention.sort((a, b) => REASON_ORDER.indexOf(a.reasons[0]!) - REASON_ORDER.indexOf(b.reasons[0]!) || (a.wcpm ?? 0) - (b.wcpm ?? 0) || a.student_id - b.student_id)
  const boyMedian = season === 'boy' ? median(wcpms) : median((boy ?? []).flatMap((r) => (r.wcpm === null ? [] : [num(r.wcpm)])))
  const now = median(wcpms)
  const describe = (t: BenchmarkTable | null) => (t ? { code: t.code, name: t.name, source: t.source, year: t.year } : null)
  return {
    season,
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
    tables: { en: describe(tables.en), ar: describe(tables.ar) },
    students: readings.length,
    assessed: wcpms.length,
    risk,
    percentiles: [...percentiles].sort((a, b) => a[0] - b[0]).map(([from, n]) => ({ from, n })),
    bands,
    median_wcpm: now,
    median_wcpm_boy: boyMedian,
    median_change: now === null || boyMedian === null ? null : Math.round((now - boyMedian) * 10) / 10,
    attention,
    digits: settings.digits,
  }
}

