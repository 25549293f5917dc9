// Report reads. The class reports and the list are kept queries (device-fetch.ts): answered by the server they
// are also stored on this device (per user) so they stay readable offline with the time they were fetched, and
// shown from there at once while the server is slow to answer.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import { reportDateParam } from '../../../shared/schemas/report'
import type { AccuracyRow, ClassAssessment, CommonReport, ParentReport, ReportType } from '../../../shared/schemas/report'
import { apiRequest } from '../../lib/api/api-client'
import { keptReport } from './device-fetch'
import { customReportTypes } from './report-view'
import { ACCURACY_ALL } from './early-calls'

export const reportKeys = {
  all: ['reports'] as const,
  types: () => [...reportKeys.all, 'types'] as const,
  assessments: (classId: number, yearId: number) => [...reportKeys.all, 'class-assessments', classId, yearId] as const,
  common: (schoolId: number, classId: number, yearId: number, assessmentId: number) =>
    [...reportKeys.all, 'common', schoolId, classId, yearId, assessmentId] as const,
  accuracy: (schoolId: number, classId: number, yearId: number) => [...reportKeys.all, 'accuracy', schoolId, classId, yearId] as const,
  classBenchmark: (classId: number, yearId: number, season: string) => [...reportKeys.all, 'benchmark', 'class', classId, yearId, season] as const,
}

export function rowsOf<T>(answer: ListPayload<T> | T[]): T[] {
  return Array.isArray(answer) ? answer : answer.results
}

const reportTypesOf = (answer: ListPayload<ReportType> | ReportType[]) => customReportTypes(rowsOf(answer))

/** The custom report types: libraries with isReport that the institution sees (read-only). */
export function reportTypesQuery() {
  return queryOptions({
    queryKey: reportKeys.types(),
    queryFn: (context) => apiRequest<ListPayload<ReportType> | ReportType[]>({ path: api.reportTypes, signal: context.signal }),
    persister: keptReport('report-types'),
    select: reportTypesOf,
    staleTime: 5 * 60_000,
  })
}

export function classAssessmentsQuery(classId: number, yearId: number) {
  return queryOptions({
    queryKey: reportKeys.assessments(classId, yearId),
    queryFn: (context) => apiRequest<ListPayload<ClassAssessment> | ClassAssessment[]>({ path: api.classAssessments(classId, yearId), signal: context.signal }),
    persister: keptReport(`class-assessments:${classId}:${yearId}`),
    select: rowsOf<ClassAssessment>,
    enabled: classId > 0 && yearId > 0,
  })
}

export function commonReportQuery(schoolId: number, classId: number, yearId: number, assessmentId: number) {
  return queryOptions({
    queryKey: reportKeys.common(schoolId, classId, yearId, assessmentId),
    queryFn: (context) => apiRequest<CommonReport>({ path: api.commonReport(schoolId, classId, yearId, assessmentId), signal: context.signal }),
    persister: keptReport(`common:${schoolId}:${classId}:${yearId}:${assessmentId}`),
    enabled: classId > 0 && yearId > 0,
  })
}

/** Every row of the class's accuracy list, so the whole list is kept for offline reading: one call
 * (`?page=all`, up to 5,000 rows), not one round trip per page on a slow link (ADR 0108). */
export function accuracyListQuery(schoolId: number, classId: number, yearId: number) {
  return queryOptions({
    queryKey: reportKeys.accuracy(schoolId, classId, yearId),
    queryFn: async (context) => rowsOf(await apiRequest<ListPayload<AccuracyRow> | AccuracyRow[]>({
      path: api.accuracyReport(schoolId, classId, yearId), query: new URLSearchParams(ACCURACY_ALL), signal: context.signal,
    })),
    persister: keptReport(`accuracy:${schoolId}:${classId}:${yearId}`),
    enabled: classId > 0 && yearId > 0,
  })
}

/** The parent report's figures (bundle limited to entries with inParentReport) for one class, kept on this device. */
/** The parent report with each student named in the family's language `lang`. */
export function parentReportQuery(libraryId: number, classId: number, from: string, to: string, lang: 'en' | 'ar') {
  return queryOptions({
    queryKey: [...reportKeys.all, 'parent', libraryId, classId, from, to, lang] as const,
    queryFn: (context) =>
      apiRequest<ParentReport>({ path: `${api.parentReport(libraryId, { scope: 'class', id: classId }, reportDateParam(from), reportDateParam(to), 'json')}&lang=${lang}`, signal: context.signal }),
    persister: keptReport(`parent:${libraryId}:${classId}:${from}:${to}:${lang}`),
    enabled: libraryId > 0 && classId > 0,
  })
}
