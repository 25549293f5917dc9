import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Assessment } from '../../../shared/schemas/assessment'
import type { CountryOption, Institution, InstitutionListRow } from '../../../shared/schemas/institution'
import type { Licence } from '../../../shared/schemas/licence'
import { apiRequest } from '../../lib/api/api-client'

// Institutions, their licences and their assessments (platform host). Licences sit under their
// institution's key so saving an institution or a licence refreshes the licence status column too.
export const institutionKeys = {
  all: ['institutions'] as const,
  lists: () => [...institutionKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...institutionKeys.lists(), query] as const,
  details: () => [...institutionKeys.all, 'detail'] as const,
  detail: (id: number) => [...institutionKeys.details(), id] as const,
  assessments: (id: number) => [...institutionKeys.all, 'assessments', id] as const,
  licences: (institutionId: number) => [...institutionKeys.all, 'licences', institutionId] as const,
  licenceLists: (institutionId: number) => [...institutionKeys.licences(institutionId), 'list'] as const,
  licenceList: (institutionId: number, query: ListQuery) => [...institutionKeys.licenceLists(institutionId), query] as const,
  licence: (institutionId: number, id: number) => [...institutionKeys.licences(institutionId), 'detail', id] as const,
  countries: () => [...institutionKeys.all, 'countries'] as const,
}

export function institutionListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: institutionKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<InstitutionListRow>>({ path: api.institutions, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

export function institutionDetailQuery(id: number) {
  return queryOptions({
    queryKey: institutionKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Institution>({ path: api.institution(id), signal }),
    // The edit form is filled once from this record: always fetch it again when a screen opens.
    staleTime: 0,
  })
}

/** Assessments assigned to the institution; the form lists them only when there is at least one. */
export function institutionAssessmentsQuery(id: number) {
  return queryOptions({
    queryKey: institutionKeys.assessments(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<ListPayload<Assessment>>({ path: api.institutionAssessments(id), signal })).results,
  })
}

/** Countries for the address select (English and Arabic names); they hardly ever change. */
export function countriesQuery() {
  return queryOptions({
    queryKey: institutionKeys.countries(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<CountryOption>>({ path: api.countries, signal })).results,
    staleTime: 24 * 60 * 60_000,
    gcTime: 7 * 24 * 60 * 60_000,
  })
}

export function licenceListQuery(institutionId: number, query: ListQuery) {
  return queryOptions({
    queryKey: institutionKeys.licenceList(institutionId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<Licence>>({ path: api.licences(institutionId), query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached licence list as a stand-in, so the edit form opens offline. */
export function licenceDetailQuery(queryClient: QueryClient, institutionId: number, id: number) {
  return queryOptions({
    queryKey: institutionKeys.licence(institutionId, id),
    queryFn: ({ signal }) => apiRequest<Licence>({ path: api.licence(institutionId, id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<Licence>>({ queryKey: institutionKeys.licenceLists(institutionId) })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
    staleTime: 0,
  })
}
