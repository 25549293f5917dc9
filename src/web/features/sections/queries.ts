import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Section } from '../../../shared/schemas/section'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'

export const sectionKeys = {
  all: (schoolId: number) => ['sections', schoolId] as const,
  lists: (schoolId: number) => [...sectionKeys.all(schoolId), 'list'] as const,
  list: (schoolId: number, query: ListQuery) => [...sectionKeys.lists(schoolId), query] as const,
  detail: (schoolId: number, id: number) => [...sectionKeys.all(schoolId), 'detail', id] as const,
  workflow: (schoolId: number) => [...sectionKeys.all(schoolId), 'workflow'] as const,
}

export function sectionListQuery(schoolId: number, query: ListQuery) {
  return queryOptions({
    queryKey: sectionKeys.list(schoolId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<Section>>({ path: api.sections(schoolId), query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
export function sectionDetailQuery(queryClient: QueryClient, schoolId: number, id: number) {
  return queryOptions({
    queryKey: sectionKeys.detail(schoolId, id),
    queryFn: ({ signal }) => apiRequest<Section>({ path: api.section(schoolId, id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<Section>>({ queryKey: sectionKeys.lists(schoolId) })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function sectionWorkflowQuery(schoolId: number) {
  return queryOptions({
    queryKey: sectionKeys.workflow(schoolId),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.sectionWorkflow(schoolId), signal }),
  })
}
