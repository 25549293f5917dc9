// Reads of the student screens: the student, their sittings, and one sitting with its miscue shares.
// Kept on this device like the class reports, so an opened sitting report reads offline.
import { queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { ListPayload } from '../../../shared/api'
import { apiRequest } from '../../lib/api/api-client'
import { fetchKept } from './device-fetch'
import type { SittingDetail, SittingMiscues, StudentInReport, StudentSittingRow } from './report-answers'
import { sittingPaths } from './report-paths'
import { reportKeys } from './queries'

export const sittingKeys = {
  student: (schoolId: number, studentId: number) => [...reportKeys.all, 'student', schoolId, studentId] as const,
  sittings: (studentId: number) => [...reportKeys.all, 'student-sittings', studentId] as const,
  sitting: (schoolId: number, studentId: number, id: number) => [...reportKeys.all, 'sitting', schoolId, studentId, id] as const,
  miscues: (schoolId: number, id: number) => [...reportKeys.all, 'sitting-miscues', schoolId, id] as const,
}

export function reportStudentQuery(schoolId: number, studentId: number) {
  return queryOptions({
    queryKey: sittingKeys.student(schoolId, studentId),
    queryFn: ({ signal }) => fetchKept(`student:${schoolId}:${studentId}`, () =>
      apiRequest<StudentInReport>({ path: sittingPaths.student(schoolId, studentId), signal })),
  })
}

export function studentSittingsQuery(studentId: number) {
  return queryOptions({
    queryKey: sittingKeys.sittings(studentId),
    queryFn: ({ signal }) => fetchKept(`student-sittings:${studentId}`, async () => {
      const answer = await apiRequest<ListPayload<StudentSittingRow> | StudentSittingRow[]>({ path: sittingPaths.studentSittings(studentId), signal })
      return Array.isArray(answer) ? answer : answer.results
    }),
  })
}

export function sittingQuery(schoolId: number, studentId: number, id: number) {
  return queryOptions({
    queryKey: sittingKeys.sitting(schoolId, studentId, id),
    queryFn: ({ signal }) => fetchKept(`sitting:${schoolId}:${studentId}:${id}`, () =>
      apiRequest<SittingDetail>({ path: sittingPaths.sitting(schoolId, studentId, id), signal })),
  })
}

export function sittingMiscuesQuery(schoolId: number, id: number) {
  return queryOptions({
    queryKey: sittingKeys.miscues(schoolId, id),
    queryFn: ({ signal }) => fetchKept(`sitting-miscues:${schoolId}:${id}`, () =>
      apiRequest<SittingMiscues>({ path: sittingPaths.sittingMiscues(schoolId, id), signal })),
  })
}

/** Fetches what the sitting report screen reads (so it is kept on this device); a missing piece is skipped. */
export async function fetchSittingAhead(queryClient: QueryClient, schoolId: number, studentId: number, id: number): Promise<void> {
  await Promise.all([
    queryClient.fetchQuery(reportStudentQuery(schoolId, studentId)).catch(() => undefined),
    queryClient.fetchQuery(sittingQuery(schoolId, studentId, id)).catch(() => undefined),
    queryClient.fetchQuery(sittingMiscuesQuery(schoolId, id)).catch(() => undefined),
  ])
}
