import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { SchoolOption } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'

/** A class as listed by GET /api/school/{id}/all_classes/. */
export type ClassOption = { id: number; name: string; grade_id: number }

export const classCopyKeys = {
  all: ['class-copy'] as const,
  schools: () => [...classCopyKeys.all, 'schools'] as const,
  classes: (schoolId: number) => [...classCopyKeys.all, 'classes', schoolId] as const,
}

/** Every school of the institution the user may reach (GET /api/all_schools/). */
export function copySchoolsQuery() {
  return queryOptions({
    queryKey: classCopyKeys.schools(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<SchoolOption>>({ path: api.allSchools, signal })).results,
    staleTime: 5 * 60_000,
  })
}

export function schoolClassesQuery(schoolId: number) {
  return queryOptions({
    queryKey: classCopyKeys.classes(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<ClassOption>>({ path: api.allClasses(schoolId), signal })).results,
  })
}
