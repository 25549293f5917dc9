import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { SchoolOption, WorkflowPayload } from '../../../shared/schemas/reference'
import type { UserRow } from '../../../shared/schemas/user'
import { apiRequest } from '../../lib/api/api-client'

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  schools: (id: number) => [...userKeys.all, 'detail', id, 'schools'] as const,
  workflow: () => [...userKeys.all, 'workflow'] as const,
  schoolOptions: () => [...userKeys.all, 'school-options'] as const,
}

export function userListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => apiRequest<ListPayload<UserRow>>({ path: api.users, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
export function userDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<UserRow>({ path: api.user(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<UserRow>>({ queryKey: userKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

/** Ids of the schools a user is mapped to (GET /api/user/{id}/school/). */
export function userSchoolsQuery(id: number) {
  return queryOptions({
    queryKey: userKeys.schools(id),
    queryFn: async ({ signal }) => (await apiRequest<{ schools: number[] }>({ path: api.userSchools(id), signal })).schools,
  })
}

export function userWorkflowQuery() {
  return queryOptions({
    queryKey: userKeys.workflow(),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.userWorkflow, signal }),
  })
}

/** The schools the signed-in user may map users to. */
export function schoolOptionsQuery() {
  return queryOptions({
    queryKey: userKeys.schoolOptions(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<SchoolOption>>({ path: api.allSchools, signal })).results,
    staleTime: 5 * 60_000,
  })
}
