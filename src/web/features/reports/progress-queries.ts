// A student's progress (GET /api/student/{id}/progress/), kept on this device like the other reports so the trend,
// the goal and the flag read offline with their age.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { StudentProgress } from '../../../shared/reports/progress'
import { apiRequest } from '../../lib/api/api-client'
import { keptReport } from './device-fetch'
import { reportKeys } from './queries'

export const progressKeys = {
  student: (studentId: number) => [...reportKeys.all, 'progress', studentId] as const,
}

export function studentProgressQuery(studentId: number) {
  return queryOptions({
    queryKey: progressKeys.student(studentId),
    queryFn: (context) => apiRequest<StudentProgress>({ path: api.studentProgress(studentId), signal: context.signal }),
    persister: keptReport(`progress:${studentId}`),
  })
}
