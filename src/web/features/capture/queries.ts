// The capture kit of one school and year (ADR 0090): kept on this device for this user and shown from there
// while the server is slow (ADR 0115), so a teacher can start a sitting in a classroom without a connection.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { CaptureKit } from '../../../shared/schemas/capture'
import { apiRequest } from '../../lib/api/api-client'
import { keptOnDevice } from '../../lib/db/kept-fetch'

export const captureKeys = {
  all: ['capture'] as const,
  kit: (schoolId: number, yearId: number) => [...captureKeys.all, 'kit', schoolId, yearId] as const,
}

export function captureKitQuery(schoolId: number, yearId: number) {
  return queryOptions({
    queryKey: captureKeys.kit(schoolId, yearId),
    queryFn: (context) => apiRequest<CaptureKit>({ path: api.captureKit(schoolId, yearId), signal: context.signal }),
    persister: keptOnDevice(`capture:kit:${schoolId}:${yearId}`),
    staleTime: 5 * 60_000,
    enabled: schoolId > 0 && yearId > 0,
  })
}
