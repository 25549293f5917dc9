// Report forms (tally, bundle, comparative) and the answer shapes of every report call. The figures inside
// come from the columns the server stored with each sitting (src/shared/reports/figures.ts).
import * as v from 'valibot'
import { CODES } from './codes'
import { isoDate } from './licence'
import type { CueSummary } from '../reports/cue-categories'
import type { Band } from '../reports/figures'
import type { MiscueShare, StudentSittingRow } from './sitting'

export type ScopeName = 'class' | 'school' | 'institution'

/** 'YYYY-MM-DD 0:0:0' (what the spec's screens send) or 'YYYY-MM-DD' → 'YYYY-MM-DD'. */
export function reportDay(text: string): string {
  return text.trim().replace(/[ T]0{1,2}:0{1,2}:0{1,2}$/, '')
}
/** The spec's date form of a range end: 'YYYY-MM-DD 0:0:0'. */
export function reportDateParam(day: string): string {
  return `${day} 0:0:0`
}

const day = v.pipe(v.string(CODES.required), v.transform(reportDay), isoDate)
const scope = v.optional(v.picklist([1, 2, 3], CODES.invalidChoice), 3)

export const ReportRangeSchema = v.pipe(
  v.object({ from_date: day, to_date: day, scope }),
  v.forward(v.partialCheck([['from_date'], ['to_date']], (i) => i.to_date >= i.from_date, CODES.dateOrder), ['to_date']),
)

export const ComparativeRangeSchema = v.pipe(
  v.object({ first_from_date: day, first_to_date: day, second_from_date: day, second_to_date: day, scope }),
  v.forward(v.partialCheck([['first_from_date'], ['first_to_date']], (i) => i.first_to_date >= i.first_from_date, CODES.dateOrder), ['first_to_date']),
  v.forward(v.partialCheck([['second_from_date'], ['second_to_date']], (i) => i.second_to_date >= i.second_from_date, CODES.dateOrder), ['second_to_date']),
)

/** GET /api/report_type/: built-in types and the report libraries visible to the institution. */
export type ReportType = {
  /** 1 common, 2 accurate, 6 tally, 100 + library id for custom reports. */
  id: number
  type: 'common' | 'accurate' | 'tally' | 'bundle' | 'comparative'
  display_name: string
  arabic_display_name: string
  isReport: boolean
  switches: string
  switch_list: string[]
  /** The library behind a custom report; null for built-in types. */
  library: number | null
  enableParentReport: boolean
}

/** GET /api/miscue_report/school/{s}/class/{c}/year/{y}/assessment/{a}/ (a = 0: every assessment). */
export type CommonReport = {
  miscues: MiscueShare[]
  /** Cue analysis of the class's errors and self-corrections (ADR 0121). */
  cues: CueSummary
  total_students: number
  total_tests: number
}

/** A row of GET /api/miscue_accuracy/school/{s}/class/{c}/year/{y}/ (newest first). */
export type AccuracyRow = {
  id: number
  student_id: number
  student_name: string
  enrollment_code: string
  assessment_id: number
  assessment_title: string
  created_in_device_at: string
  accuracy: number
  score: number
  /** Words correct per minute; null for assessments that have none (letter grids, question sets: ADR 0122). */
  wcpm: number | null
  /** The accuracy band; null for assessments that are not passages. */
  band: Band | null
}

/** An assessment of GET /api/class/{classId}/year/{yearId}/assessment/. */
export type ClassAssessment = { assessment_id: number; assessment_title: string; sittings: number }

/** A student's row of the tally report: sittings and the count of each miscue type in the range. */
export type TallyRow = {
  student_id: number
  student_name: string
  arabic_name: string
  enrollment_code: string
  class_name: string
  school_name: string
  sittings: number
  /** miscue code → count. */
  counts: Record<string, number>
}
export type TallyReport = {
  scope: ScopeName
  from_date: string
  to_date: string
  miscue_types: { code: string; display_name: string; arabic_display_name: string }[]
  rows: TallyRow[]
}

/** One library entry's figures for one student over a range. */
export type BundleCell = {
  entry_id: number
  sittings: number
  /** Score of the newest sitting in the range; null without sittings. */
  latest_accuracy: number | null
  /** Mean of the sittings' unrounded accuracy, 0 decimals; null without sittings. Never banded: an average is no reading. */
  average_accuracy: number | null
  /** Band of the newest sitting in the range (as stored with it); null without sittings. */
  band: Band | null
  /** The band of each sitting, newest first. */
  sitting_bands: Band[]
  /** How many sittings fell in each band. */
  bands: Record<Band, number>
}
export type BundleRow = {
  student_id: number
  student_name: string
  arabic_name: string
  enrollment_code: string
  class_name: string
  school_name: string
  entries: BundleCell[]
}
export type BundleEntry = { id: number; display_name: string; description: string; inParentReport: boolean }
export type BundleReport = {
  scope: ScopeName
  library: number
  library_name: string
  from_date: string
  to_date: string
  entries: BundleEntry[]
  rows: BundleRow[]
}
/** A parent report row: the name in the family's language and the newest sitting's WCPM in the period (null without one). */
export type ParentRow = BundleRow & { name: string; wcpm: number | null }
export type ParentReport = Omit<BundleReport, 'rows'> & { rows: ParentRow[] }

export type ComparativeCell = {
  entry_id: number
  first: BundleCell
  second: BundleCell
  /** second average - first average; null when either is missing. */
  change: number | null
}
export type ComparativeReport = {
  scope: ScopeName
  library: number
  library_name: string
  first_from_date: string
  first_to_date: string
  second_from_date: string
  second_to_date: string
  entries: BundleEntry[]
  rows: (Omit<BundleRow, 'entries'> & { entries: ComparativeCell[] })[]
}

/** GET /api/student/{id}/accuracy/: basic info, class history and sittings. */
export type StudentAccuracy = {
  student: { id: number; first_name: string; last_name: string; arabic_name: string; enrollment_code: string; gender: 'm' | 'f' | null; school: number }
  class_history: { class_id: number; class_name: string; academic_year_id: number; academic_year_name: string; is_active: boolean }[]
  sittings: StudentSittingRow[]
}

export type DashboardGroup = { count: number; percentage: number; state: 'new' | 'active' | 'inactive' }
/** GET /api/admin_dashboard/: institutions on the platform host, schools on an institution host. */
export type Dashboard = {
  unit: 'institution' | 'school'
  new_instituitions: DashboardGroup
  active_instituitions: DashboardGroup
  inactive_instituitions: DashboardGroup
  total_instituitions: { count: number }
  /** Institutions (or schools) created per quarter, oldest first. */
  acquisition: { label: string; count: number; percentage: number }[]
}
/** GET /api/admin_dashboard/statistics/. */
export type DashboardStatistics = {
  total_sittings: number
  total_questions_answered: number
  total_assessments: number
  total_students: number
}
