// A class report opened by its address (ADR 0110): the calls its screen makes at once, in one place, so the
// report route's loader and public/lang-dir.js, which asks for them while the app's code downloads, ask for
// the same addresses. The build writes them into lang-dir.js as templates (scripts/build/first-paint.ts).
import { api } from '../../../shared/api'
import { REPORT_TYPES } from '../../../shared/schemas/assessment-library'

/** The accuracy list's query: every row in one call, not a call per page (ADR 0108). */
export const ACCURACY_ALL = 'page=all'

/** The report types whose screen is a class's report: the summary and the list, or the list alone. */
export const CLASS_REPORT_TYPES: readonly number[] = [REPORT_TYPES.common, REPORT_TYPES.accurate]

/** The report type whose class report has the summary card. */
export const SUMMARY_REPORT_TYPE: number = REPORT_TYPES.common

type Id = number | string

/** What a class report of `type` asks for at once, for the school, class, year and assessment shown. */
export function classReportCalls(type: number, school: Id, classId: Id, year: Id, assessment: Id): string[] {
  return [
    api.reportTypes,
    api.allClasses(school),
    api.classAssessments(classId, year),
    `${api.accuracyReport(school, classId, year)}?${ACCURACY_ALL}`,
    ...(type === SUMMARY_REPORT_TYPE ? [api.commonReport(school, classId, year, assessment)] : []),
  ]
}

/** The same calls with `{school}`, `{class}`, `{year}` and `{assessment}` for lang-dir.js to fill in. */
export function classReportCallTemplates(type: number): string[] {
  return classReportCalls(type, '{school}', '{class}', '{year}', '{assessment}')
}
