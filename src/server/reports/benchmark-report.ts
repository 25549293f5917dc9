// The class and school benchmark view (issue 26, ADR 0124): each rostered student's newest sitting in the season's
// window, classified by the table the institution chose for the passage's language (shared/benchmarks), counted by
// risk level, percentile and band, with the median words correct per minute against the beginning of the year and
// the students who need attention first. SQL reads one row per student; the one shared rule classifies them.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { classify, gradeNumber, median, rowOf, type BenchmarkRow, type BenchmarkTable, type Classification } from '../../shared/benchmarks/benchmark-table'
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
  /** The newest reading's WCPM in the beginning-of-year window (null: none, or the view is of BOY). */
  boy_wcpm: string | null
  /** The student's goal and their last readings since its start, oldest first (null: no goal). */
  start_date: string | null; start_wcpm: string | null; goal_date: string | null; goal_wcpm: string | null
  since_goal: { date: string; wcpm: number | null }[] | null
}

function rosterOf(scope: BenchmarkScope): SQL {
  const inScope = 'classId' in scope ? sql`c.id = ${scope.classId}` : sql`c.school_id = ${scope.schoolId}`
  return sql`select scr.student_id, c.id as class_id, c.display_name as class_name, g.identifier as grade_identifier, g.display_name as grade_name
    from classes c join grades g on g.id = c.grade_id
    join student_class_relations scr on scr.class_id = c.id and scr.academic_year_id = ${scope.yearId} and scr.is_active
    where c.institution_id = ${scope.institutionId} and ${inScope}`
}

/** The student's newest counted sitting of the scope in the window: one probe of the student's readings by day (sittings_student_day_covering_idx). */
function newestIn(scope: BenchmarkScope, window: SeasonWindow, columns: SQL): SQL {
  const place = 'classId' in scope ? sql`s.class_id = ${scope.classId}` : sql`s.school_id = ${scope.schoolId}`
  return sql`select ${columns} from sittings s
    where s.student_id = r.student_id and s.institution_id = ${scope.institutionId} and ${place} and s.academic_year_id = ${scope.yearId} and ${COUNTED}
      and s.created_in_device_at >= ${window.from.toISOString()}::timestamptz and s.created_in_device_at < ${window.to.toISOString()}::timestamptz
    order by s.created_in_device_at desc, s.id desc limit 1`
}

/**
 * One statement, one row per rostered student: their newest sitting of the scope in the window (nulls: none), the
 * newest one's WCPM in the BOY window when `boy` is given, and their goal with the readings the aimline rule looks at.
 * Rows come by student: the order of the answer is the attention list's own (reason, WCPM, student).
 */
async function readingsInWindow(db: Db, scope: BenchmarkScope, window: SeasonWindow, boy: SeasonWindow | null): Promise<StudentReading[]> {
  const boyWcpm = boy ? sql`(${newestIn(scope, boy, sql`s.wcpm`)})` : sql`null`
  return query<StudentReading>(db, sql`
    with roster as (${rosterOf(scope)}),
      -- Materialized: the roster's goals first, so only their readings are looked up (not every goal of the institution).
      goal as materialized (select g.* from student_goals g where g.institution_id = ${scope.institutionId} and g.student_id in (select student_id from roster)),
      goals as (
        select g.student_id, to_char(g.start_date, 'YYYY-MM-DD') as start_date, g.start_wcpm, to_char(g.goal_date, 'YYYY-MM-DD') as goal_date, g.goal_wcpm,
          (select coalesce(json_agg(json_build_object('date', x.date, 'wcpm', x.wcpm) order by x.created_in_device_at, x.id), '[]')
            from (select to_char(s.created_in_device_at at time zone 'UTC', 'YYYY-MM-DD') as date, s.wcpm, s.created_in_device_at, s.id
              from sittings s
              where s.student_id = g.student_id and s.institution_id = ${scope.institutionId} and ${COUNTED} and s.created_in_device_at >= g.start_date::timestamp at time zone 'UTC'
              order by s.created_in_device_at desc, s.id desc limit ${BELOW_AIMLINE_RUN}) x) as since_goal
        from goal g)
    select r.student_id, st.first_name, st.last_name, st.arabic_name, r.class_id, r.class_name, r.grade_identifier, r.grade_name,
      l.wcpm, l.accuracy, l.band, l.text_level, l.direction, l.created_in_device_at, ${boyWcpm} as boy_wcpm,
      g.start_date, g.start_wcpm, g.goal_date, g.goal_wcpm, g.since_goal
    from roster r join students st on st.id = r.student_id
      left join lateral (${newestIn(scope, window, sql`s.wcpm, s.accuracy, s.band, s.text_level, s.direction, s.created_in_device_at`)}) l on true
      left join goals g on g.student_id = r.student_id
    order by r.student_id, r.class_id`)
}

/** Whether the student's last three readings since their goal's start all fall below their aimline. */
function fallsBelowAimline(r: StudentReading): boolean {
  if (r.since_goal === null) return false
  const goal = { start_date: r.start_date!, start_wcpm: num(r.start_wcpm), goal_date: r.goal_date!, goal_wcpm: num(r.goal_wcpm) }
  return belowAimline(r.since_goal.map((p) => ({ date: p.date, wcpm: num(p.wcpm) })), goal)
}

const REASON_ORDER: AttentionRow['reasons'][number][] = ['well_below', 'below', 'below_aimline', 'frustration', 'not_assessed']

function reasonsOf(wcpm: number | null, risk: AttentionRow['risk'], band: Band | null): AttentionRow['reasons'] {
  if (wcpm === null) return ['not_assessed']
  const reasons: AttentionRow['reasons'] = []
  if (risk === 'well_below' || risk === 'below') reasons.push(risk)
  if (band === 'frustration') reasons.push('frustration')
  return reasons
}

const UNJUDGED: Classification = { risk: null, percentile: null }

/** The view for one season of the year; null when the year's name gives no calendar (not a valid year name). */
export async function benchmarkReport(db: Db, scope: BenchmarkScope, season: SeasonCode, settings: BenchmarkSettings): Promise<BenchmarkReport | null> {
  const windows = seasonWindows(scope.yearName, settings.seasons)
  if (!windows) return null
  const window = windows.find((w) => w.season === season)!
  const boyWindow = windows[0]!
  const readings = await readingsInWindow(db, scope, window, season === 'boy' ? null : boyWindow)
  const tables: Record<'en' | 'ar', BenchmarkTable | null> = { en: tableByCode(settings, settings.tables.en), ar: tableByCode(settings, settings.tables.ar) }
  const risk: BenchmarkReport['risk'] = { well_below: 0, below: 0, at: 0, above: 0, no_benchmark: 0, not_assessed: 0 }
  const bands = Object.fromEntries(BANDS.map((b) => [b, 0])) as Record<Band, number>
  const percentiles = new Map<number, number>()
  const attention: AttentionRow[] = []
  const wcpms: number[] = []
  // Grades and table rows repeat across a school's students: each is worked out once per class and language.
  const grades = new Map<string, number | null>()
  const tableRows = new Map<string, BenchmarkRow | null>()
  for (const r of readings) {
    const gradeKey = `${r.grade_identifier}\n${r.grade_name}`
    if (!grades.has(gradeKey)) grades.set(gradeKey, gradeNumber(r.grade_identifier, r.grade_name))
    const grade = grades.get(gradeKey)!
    const wcpm = r.wcpm === null ? null : num(r.wcpm)
    const accuracy = r.accuracy === null ? null : num(r.accuracy)
    const table = r.direction === null ? null : tables[r.direction === 'rtl' ? 'ar' : 'en']
    let found: Classification = UNJUDGED
    if (wcpm !== null && table !== null) {
      const rowKey = `${table.code}\n${grade}`
      if (!tableRows.has(rowKey)) tableRows.set(rowKey, rowOf(table, grade, season))
      found = classify(tableRows.get(rowKey)!, wcpm, accuracy ?? 0)
    }
    if (wcpm === null) risk.not_assessed++
    else {
      wcpms.push(wcpm)
      if (found.risk) risk[found.risk]++
      else risk.no_benchmark++
      if (r.band) bands[r.band]++
      if (found.percentile !== null) percentiles.set(found.percentile, (percentiles.get(found.percentile) ?? 0) + 1)
    }
    const reasons = reasonsOf(wcpm, found.risk, r.band)
    if (fallsBelowAimline(r)) reasons.push('below_aimline')
    if (reasons.length === 0) continue
    attention.push({
      student_id: Number(r.student_id), student_name: `${r.first_name} ${r.last_name}`, arabic_name: r.arabic_name,
      class_id: Number(r.class_id), class_name: r.class_name, wcpm, accuracy, band: r.band, risk: found.risk, percentile: found.percentile,
      text_level: r.text_level, expected_level: grade === null ? null : (settings.expected_levels[String(grade)]?.[season] ?? null),
      assessed_at: r.created_in_device_at === null ? null : new Date(r.created_in_device_at).toISOString(),
      reasons,
    })
  }
  attention.sort((a, b) => REASON_ORDER.indexOf(a.reasons[0]!) - REASON_ORDER.indexOf(b.reasons[0]!) || (a.wcpm ?? 0) - (b.wcpm ?? 0) || a.student_id - b.student_id)
  const boyMedian = season === 'boy' ? median(wcpms) : median(readings.flatMap((r) => (r.boy_wcpm === null ? [] : [num(r.boy_wcpm)])))
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

