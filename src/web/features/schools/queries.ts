import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { CountryOption } from '../../../shared/schemas/institution'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import type { School } from '../../../shared/schemas/school'
import { apiRequest } from '../../lib/api/api-client'

export const schoolKeys = {
  all: ['schools'] as const,
  lists: () => [...schoolKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...schoolKeys.lists(), query] as const,
  detail: (id: number) => [...schoolKeys.all, 'detail', id] as const,
  workflow: () => [...schoolKeys.all, 'workflow'] as const,
  /** Outside `all`: reference data that a school write does not change. */
  countries: () => ['schools-reference', 'countries'] as const,
}

export function schoolListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: schoolKeys.list(query),
    queryFn: ({ signal }) => apiRequest<ListPayload<School>>({ path: api.schools, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
export function schoolDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: schoolKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<School>({ path: api.school(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<School>>({ queryKey: schoolKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function schoolWorkflowQuery() {
  return queryOptions({
    queryKey: schoolKeys.workflow(),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.schoolWorkflow, signal }),
  })
}

/** ISO countries with English and Arabic names; they hardly ever change. */
export function countriesQuery() {
  return queryOptions({
    queryKey: schoolKeys.countries(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<CountryOption>>({ path: api.countries, signal })).results,
    staleTime: 24 * 60 * 60_000,
  })
}
