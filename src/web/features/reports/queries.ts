// Report reads. The class reports and the list go through fetchKept: answered by the server they are
// also stored on this device (per user) so they stay readable offline with the time they were fetched.
import { queryOptions } from '@tanstack/react-query'
import type { ListPayload } from '../../../shared/api'
import type { AssessmentLibrary } from '../../../shared/schemas/assessment-library'
import { apiRequest } from '../../lib/api/api-client'
import { fetchKept } from './device-fetch'
import type { AccuracyRow, ClassAssessment, CommonReport } from './report-answers'
import { reportPaths } from './report-paths'
import { customReportTypes } from './report-view'

export const reportKeys = {
  all: ['reports'] as const,
  types: () => [...reportKeys.all, 'types'] as const,
  assessments: (classId: number, yearId: number) => [...reportKeys.all, 'class-assessments', classId, yearId] as const,
  common: (schoolId: number, classId: number, yearId: number, assessmentId: number) =>
    [...reportKeys.all, 'common', schoolId, classId, yearId, assessmentId] as const,
  accuracy: (schoolId: number, classId: number, yearId: number) => [...reportKeys.all, 'accuracy', schoolId, classId, yearId] as const,
}

/** The custom report types: libraries with isReport, served read-only on the institution host. */
export function reportTypesQuery() {
  return queryOptions({
    queryKey: reportKeys.types(),
    queryFn: async ({ signal }) => {
      const kept = await fetchKept('report-types', () =>
        apiRequest<ListPayload<AssessmentLibrary> | AssessmentLibrary[]>({ path: reportPaths.reportTypes, signal }))
      const rows = Array.isArray(kept.data) ? kept.data : kept.data.results
      return customReportTypes(rows.map((row) => ({ ...row, isReport: row.isReport ?? true })))
    },
    staleTime: 5 * 60_000,
  })
}

export function classAssessmentsQuery(classId: number, yearId: number) {
  return queryOptions({
    queryKey: reportKeys.assessments(classId, yearId),
    queryFn: async ({ signal }) => {
      const kept = await fetchKept(`class-assessments:${classId}:${yearId}`, () =>
        apiRequest<ListPayload<ClassAssessment>>({ path: reportPaths.classAssessments(classId, yearId), signal }))
      return kept.data.results
    },
    enabled: classId > 0 && yearId > 0,
  })
}

export function commonReportQuery(schoolId: number, classId: number, yearId: number, assessmentId: number) {
  return queryOptions({
    queryKey: reportKeys.common(schoolId, classId, yearId, assessmentId),
    queryFn: ({ signal }) =>
      fetchKept(`common:${schoolId}:${classId}:${yearId}:${assessmentId}`, () =>
        apiRequest<CommonReport>({ path: reportPaths.common(schoolId, classId, yearId, assessmentId), signal })),
    enabled: classId > 0 && yearId > 0,
  })
}

/** Every row of the class's accuracy list (all pages), so the whole list is kept for offline reading. */
export function accuracyListQuery(schoolId: number, classId: number, yearId: number) {
  return queryOptions({
    queryKey: reportKeys.accuracy(schoolId, classId, yearId),
    queryFn: ({ signal }) =>
      fetchKept(`accuracy:${schoolId}:${classId}:${yearId}`, async () => {
        const path = reportPaths.accuracy(schoolId, classId, yearId)
        const first = await apiRequest<ListPayload<AccuracyRow> | AccuracyRow[]>({ path, signal })
        if (Array.isArray(first)) return first
        const rows = [...first.results]
        for (let page = 2; rows.length < first.count && page <= 100; page++) {
          const next = await apiRequest<ListPayload<AccuracyRow>>({ path, query: new URLSearchParams({ page: String(page) }), signal })
          if (next.results.length === 0) break
          rows.push(...next.results)
        }
        return rows
      }),
    enabled: classId > 0 && yearId > 0,
  })
}
