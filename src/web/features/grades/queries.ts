import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Grade } from '../../../shared/schemas/grade'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'

export const gradeKeys = {
  all: (schoolId: number) => ['grades', schoolId] as const,
  lists: (schoolId: number) => [...gradeKeys.all(schoolId), 'list'] as const,
  list: (schoolId: number, query: ListQuery) => [...gradeKeys.lists(schoolId), query] as const,
  detail: (schoolId: number, id: number) => [...gradeKeys.all(schoolId), 'detail', id] as const,
  workflow: (schoolId: number) => [...gradeKeys.all(schoolId), 'workflow'] as const,
}

export function gradeListQuery(schoolId: number, query: ListQuery) {
  return queryOptions({
    queryKey: gradeKeys.list(schoolId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<Grade>>({ path: api.grades(schoolId), query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
export function gradeDetailQuery(queryClient: QueryClient, schoolId: number, id: number) {
  return queryOptions({
    queryKey: gradeKeys.detail(schoolId, id),
    queryFn: ({ signal }) => apiRequest<Grade>({ path: api.grade(schoolId, id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<Grade>>({ queryKey: gradeKeys.lists(schoolId) })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function gradeWorkflowQuery(schoolId: number) {
  return queryOptions({
    queryKey: gradeKeys.workflow(schoolId),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.gradeWorkflow(schoolId), signal }),
  })
}
