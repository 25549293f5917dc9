// Assessment bundle report (design/domain.md): for each student in scope and each entry of a report library,
// the sittings of the entry's assessments in the range — count, latest score, average accuracy, and the band of
// each sitting as stored with it (newest first, and how many in each band). Rounded scores are never averaged
// into a band (ADR 0118). One grouped SQL statement.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { assessmentLibraryEntries } from '../db/schema/tables'
import { BANDS } from '../../shared/reports/figures'
import type { Band } from '../../shared/reports/figures'
import type { BundleCell, BundleEntry, BundleReport, ComparativeReport } from '../../shared/schemas/report'
import { dayRange, type ResolvedScope } from './report-scope'
import { num, query } from './sql'
import { offeredReportLibraries } from './report-types'
import { studentsInScope, type ScopedStudent } from './students-in-scope'

export type Library = { id: number; display_name: string; switches: string }

export async function libraryEntries(db: Db, libraryId: number, parentOnly: boolean): Promise<BundleEntry[]> {
  const rows = await db.select().from(assessmentLibraryEntries)
    .where(and(eq(assessmentLibraryEntries.library_id, libraryId), parentOnly ? eq(assessmentLibraryEntries.in_parent_report, true) : undefined))
    .orderBy(asc(assessmentLibraryEntries.id))
  return rows.map((e) => ({ id: e.id, display_name: e.display_name, description: e.description, inParentReport: e.in_parent_report }))
}

/** A report library the institution is offered (as its report-type list shows it), or null. */
export async function reportLibrary(db: Db, libraryId: number, institutionId: number): Promise<Library | null> {
  const [lib] = await query<Library>(db, sql`
    select l.id, l.display_name, l.switches from assessment_libraries l
    where l.id = ${libraryId} and ${offeredReportLibraries(institutionId)}`)
  return lib ? { id: Number(lib.id), display_name: lib.display_name, switches: lib.switches } : null
}

const countBands = (bands: readonly Band[]) => Object.fromEntries(BANDS.map((b) => [b, bands.filter((x) => x === b).length])) as Record<Band, number>

const EMPTY = (entry_id: number): BundleCell => ({ entry_id, sittings: 0, latest_accuracy: null, average_accuracy: null, band: null, sitting_bands: [], bands: countBands([]) })

/** student id → entry id → cell, for one range. */
async function bundleCells(db: Db, scope: ResolvedScope, entries: BundleEntry[], from: string, to: string): Promise<Map<number, Map<number, BundleCell>>> {
  const out = new Map<number, Map<number, BundleCell>>()
  if (entries.length === 0) return out
  const ids = sql.join(entries.map((e) => sql`${e.id}`), sql`, `)
  const rows = await query<{ student_id: number; entry_id: number; n: string; average: string; latest: number; bands: (Band | null)[] | string }>(db, sql`
    select s.student_id, lea.entry_id, count(*) as n, avg(s.accuracy) as average,
      (array_agg(s.score order by s.created_in_device_at desc, s.id desc))[1] as latest,
      json_agg(s.band order by s.created_in_device_at desc, s.id desc) as bands
    from sittings s join library_entry_assessments lea on lea.assessment_id = s.assessment_id
    where ${scope.sittings} and ${dayRange(from, to)} and lea.entry_id in (${ids})
    group by s.student_id, lea.entry_id`)
  for (const r of rows) {
    // Sittings of kinds without a band (grids, question sets) have none to report.
    const bands = ((typeof r.bands === 'string' ? JSON.parse(r.bands) : r.bands) as (Band | null)[]).filter((b): b is Band => b !== null)
    const cells = out.get(Number(r.student_id)) ?? new Map<number, BundleCell>()
    cells.set(Number(r.entry_id), {
      entry_id: Number(r.entry_id), sittings: num(r.n), latest_accuracy: num(r.latest), average_accuracy: Math.round(num(r.average)),
      band: bands[0] ?? null, sitting_bands: bands, bands: countBands(bands),
    })
    out.set(Number(r.student_id), cells)
  }
  return out
}

function rowBase(st: ScopedStudent) {
  return { student_id: Number(st.student_id), student_name: st.student_name, arabic_name: st.arabic_name, enrollment_code: st.enrollment_code, class_name: st.class_name, school_name: st.school_name }
}

export async function bundleReport(db: Db, scope: ResolvedScope, library: Library, parentOnly: boolean, from: string, to: string): Promise<BundleReport> {
  const entries = await libraryEntries(db, library.id, parentOnly)
  const students = await studentsInScope(db, scope, dayRange(from, to))
  const cells = await bundleCells(db, scope, entries, from, to)
  return {
    scope: scope.name, library: library.id, library_name: library.display_name, from_date: from, to_date: to, entries,
    rows: students.map((st) => ({ ...rowBase(st), entries: entries.map((e) => cells.get(Number(st.student_id))?.get(e.id) ?? EMPTY(e.id)) })),
  }
}

export async function comparativeReport(
  db: Db, scope: ResolvedScope, library: Library,
  range: { first_from_date: string; first_to_date: string; second_from_date: string; second_to_date: string },
): Promise<ComparativeReport> {
  const entries = await libraryEntries(db, library.id, false)
  const first = await bundleCells(db, scope, entries, range.first_from_date, range.first_to_date)
  const second = await bundleCells(db, scope, entries, range.second_from_date, range.second_to_date)
  const either = sql`((${dayRange(range.first_from_date, range.first_to_date)}) or (${dayRange(range.second_from_date, range.second_to_date)}))`
  const students = await studentsInScope(db, scope, either)
  return {
    scope: scope.name, library: library.id, library_name: library.display_name, ...range, entries,
    rows: students.map((st) => ({
      ...rowBase(st),
      entries: entries.map((e) => {
        const a = first.get(Number(st.student_id))?.get(e.id) ?? EMPTY(e.id)
        const b = second.get(Number(st.student_id))?.get(e.id) ?? EMPTY(e.id)
        return { entry_id: e.id, first: a, second: b, change: a.average_accuracy !== null && b.average_accuracy !== null ? b.average_accuracy - a.average_accuracy : null }
      }),
    })),
  }
}
