// Reads of the student screens: the student with class history and sittings, and one sitting. Kept on this
// device like the class reports, so an opened sitting report reads offline.
import { queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, type ListPayload } from '../../../shared/api'
import type { ScoringSettings } from '../../../shared/reports/scoring-profile'
import type { MiscueType } from '../../../shared/schemas/scoring'
import type { StudentAccuracy } from '../../../shared/schemas/report'
import type { Sitting } from '../../../shared/schemas/sitting'
import { apiRequest } from '../../lib/api/api-client'
import { keptReport } from './device-fetch'
import { reportKeys } from './queries'

export const sittingKeys = {
  student: (studentId: number) => [...reportKeys.all, 'student-accuracy', studentId] as const,
  sitting: (schoolId: number, classId: number, id: number) => [...reportKeys.all, 'sitting', schoolId, classId, id] as const,
  choices: () => [...reportKeys.all, 'sitting-choices'] as const,
}

export type SittingChoices = { types: MiscueType[]; scoring: ScoringSettings }

/** What correcting a sitting offers: the miscue types to mark with and the profiles to rescore with (kept offline). */
export function sittingChoicesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: sittingKeys.choices(),
    queryFn: async (context): Promise<SittingChoices> => {
      const [types, scoring] = await Promise.all([
        apiRequest<ListPayload<MiscueType>>({ path: api.miscueTypes, signal: context.signal }),
        apiRequest<ScoringSettings>({ path: api.scoringProfiles, signal: context.signal }),
      ])
      return { types: types.results, scoring }
    },
    persister: keptReport('sitting-choices'),
    enabled,
  })
}

/** Basic info, class history and sittings of one student (GET /api/student/{id}/accuracy/). */
export function studentAccuracyQuery(studentId: number) {
  return queryOptions({
    queryKey: sittingKeys.student(studentId),
    queryFn: (context) => apiRequest<StudentAccuracy>({ path: api.studentAccuracy(studentId), signal: context.signal }),
    persister: keptReport(`student-accuracy:${studentId}`),
  })
}

export function sittingQuery(schoolId: number, classId: number, id: number) {
  return queryOptions({
    queryKey: sittingKeys.sitting(schoolId, classId, id),
    queryFn: (context) => apiRequest<Sitting>({ path: api.sitting(schoolId, classId, id), signal: context.signal }),
    persister: keptReport(`sitting:${schoolId}:${classId}:${id}`),
    enabled: schoolId > 0 && classId > 0 && id > 0,
  })
}

/** Fetches what the sitting report screen reads (so it is kept on this device). */
export async function fetchSittingAhead(queryClient: QueryClient, studentId: number, id: number): Promise<void> {
  const student = await queryClient.fetchQuery(studentAccuracyQuery(studentId))
  const row = student.sittings.find((s) => s.id === id)
  if (row) await queryClient.fetchQuery(sittingQuery(row.school, row.class, id))
}
