import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { AcademicYear } from '../../../shared/schemas/academic-year'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'

export const academicYearKeys = {
  all: ['academic-years'] as const,
  lists: () => [...academicYearKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...academicYearKeys.lists(), query] as const,
  detail: (id: number) => [...academicYearKeys.all, 'detail', id] as const,
  workflow: () => [...academicYearKeys.all, 'workflow'] as const,
}

export function academicYearListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: academicYearKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<AcademicYear>>({ path: api.academicYears, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
export function academicYearDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: academicYearKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AcademicYear>({ path: api.academicYear(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<AcademicYear>>({ queryKey: academicYearKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function academicYearWorkflowQuery() {
  return queryOptions({
    queryKey: academicYearKeys.workflow(),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.academicYearWorkflow, signal }),
  })
}
