// Which view a report type opens (ADR 0050, issue 8): 1 common (summary card, pie and accuracy list),
// 2 accurate (the accuracy list alone), 6 tally, 100 + library id a custom report — comparative when the
// library's switches include `comparative`, otherwise a bundle. Any other id below 100 is 'invalid type'.
import { BUNDLE_START, REPORT_TYPES, switchList } from '../../../shared/schemas/assessment-library'

export type ReportTypeOption = { id: number; name: string; switches: readonly string[] }

export type ReportView =
  | { kind: 'none' }
  | { kind: 'common' }
  | { kind: 'accurate' }
  | { kind: 'tally' }
  | { kind: 'bundle'; libraryIndex: number; parentReport: boolean }
  | { kind: 'comparative'; libraryIndex: number }
  | { kind: 'invalid' }
  /** A custom type not (yet) in the list: known only once the list has loaded. */
  | { kind: 'unknown-custom' }

export function reportViewOf(type: number, customTypes: readonly ReportTypeOption[]): ReportView {
  if (!type) return { kind: 'none' }
  if (type === REPORT_TYPES.common) return { kind: 'common' }
  if (type === REPORT_TYPES.accurate) return { kind: 'accurate' }
  if (type === REPORT_TYPES.tally) return { kind: 'tally' }
  if (type < BUNDLE_START) return { kind: 'invalid' }
  const custom = customTypes.find((option) => option.id === type)
  if (!custom) return { kind: 'unknown-custom' }
  const libraryIndex = type - BUNDLE_START
  if (custom.switches.includes('comparative')) return { kind: 'comparative', libraryIndex }
  return { kind: 'bundle', libraryIndex, parentReport: custom.switches.includes('enableParentReport') }
}

/** Libraries with isReport become report types 100 + id, with their switches as a list. */
export function customReportTypes(libraries: readonly { id: number; display_name: string; isReport: boolean; switches: string }[]): ReportTypeOption[] {
  return libraries
    .filter((library) => library.isReport)
    .map((library) => ({ id: BUNDLE_START + library.id, name: library.display_name, switches: switchList(library.switches) }))
}

/** Only the common report asks for an assessment, and only once a class is chosen (spec §2). */
export function showsAssessmentSelect(type: number, classId: number): boolean {
  return type === REPORT_TYPES.common && classId > 0
}

/** Report ranges go to the server as 'YYYY-MM-DD 0:0:0' (spec §9). */
export function rangeDate(date: string): string {
  return `${date} 0:0:0`
}
