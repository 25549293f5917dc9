// Which view a report type opens (ADR 0050, issue 8): 1 common (summary card, pie and accuracy list),
// 2 accurate (the accuracy list alone), 6 tally, 100 + library id a custom report — comparative when the
// library's switches include `comparative`, otherwise a bundle. Any other id below 100 is 'invalid type'.
import { BUNDLE_START, REPORT_TYPES, switchList } from '../../../shared/schemas/assessment-library'

export type ReportTypeOption = { id: number; name: string; arabicName?: string; switches: readonly string[] }

export type ReportView =
  | { kind: 'none' }
  | { kind: 'common' }
  | { kind: 'accurate' }
  | { kind: 'tally' }
  | { kind: 'bundle'; libraryId: number; parentReport: boolean }
  | { kind: 'comparative'; libraryId: number }
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
  const libraryId = type - BUNDLE_START
  if (custom.switches.includes('comparative')) return { kind: 'comparative', libraryId }
  return { kind: 'bundle', libraryId, parentReport: custom.switches.includes('enableParentReport') }
}

/** The custom report types of the report-type list (100 + library id), with their switches as a list. */
export function customReportTypes(types: readonly { id: number; display_name: string; arabic_display_name?: string; switches: string; switch_list?: string[] }[]): ReportTypeOption[] {
  return types
    .filter((type) => type.id >= BUNDLE_START)
    .map((type) => ({
      id: type.id, name: type.display_name, arabicName: type.arabic_display_name || type.display_name,
      switches: type.switch_list ?? switchList(type.switches),
    }))
}

/** Only the common report asks for an assessment, and only once a class is chosen (spec §2). */
export function showsAssessmentSelect(type: number, classId: number): boolean {
  return type === REPORT_TYPES.common && classId > 0
}

