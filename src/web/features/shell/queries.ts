import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { AcademicYearOption, SchoolOption } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'
import { isApiError } from '../../lib/api/api-error'

export type InstitutionOption = { id: number; name: string; subdomain: string }

export const shellKeys = {
  all: ['shell'] as const,
  schools: () => [...shellKeys.all, 'my-schools'] as const,
  years: () => [...shellKeys.all, 'academic-years'] as const,
  institutions: () => [...shellKeys.all, 'institutions'] as const,
}

export function mySchoolsQuery() {
  return queryOptions({
    queryKey: shellKeys.schools(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ results: SchoolOption[] }>({ path: api.mySchools, signal })).results,
    staleTime: 5 * 60_000,
  })
}

export function academicYearsQuery() {
  return queryOptions({
    queryKey: shellKeys.years(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ListPayload<AcademicYearOption>>({ path: api.academicYears, signal })).results,
    staleTime: 5 * 60_000,
  })
}

/** The institution list may not exist on every server version: a 404 means "no selector". */
export function institutionsQuery() {
  return queryOptions({
    queryKey: shellKeys.institutions(),
    queryFn: async ({ signal }): Promise<InstitutionOption[]> => {
      try {
        const payload = await apiRequest<ListPayload<Record<string, unknown>> | Record<string, unknown>[]>({
          path: api.institutionOptions, signal, redirectOn: [],
        })
        const rows = Array.isArray(payload) ? payload : payload.results
        return rows.map((row) => ({
          id: Number(row.id),
          name: String(row.organization_name ?? row.name ?? row.display_name ?? row.id),
          subdomain: String(row.subdomain_name ?? row.subdomain ?? ''),
        })).filter((row) => row.subdomain !== '')
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403)) return []
        throw error
      }
    },
    staleTime: 30 * 60_000,
  })
}
