import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Assessment } from '../../../shared/schemas/assessment'
import { apiRequest } from '../../lib/api/api-client'
import type { AssessmentDependencies } from './assessment-rules'

export type ParentOption = { id: number; title: string }
export type InstitutionOption = { id: number; organization_name: string; subdomain_name: string }

export const assessmentKeys = {
  all: ['assessments'] as const,
  lists: () => [...assessmentKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...assessmentKeys.lists(), query] as const,
  detail: (id: number) => [...assessmentKeys.all, 'detail', id] as const,
  parents: (typeId: number) => [...assessmentKeys.all, 'of-type', typeId] as const,
  clients: (id: number) => [...assessmentKeys.all, 'clients', id] as const,
  dependencies: () => ['assessment-dependencies'] as const,
  institutions: () => ['assessment-institution-options'] as const,
}

export function assessmentListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: assessmentKeys.list(query),
    queryFn: ({ signal }) => apiRequest<ListPayload<Assessment>>({ path: api.assessments, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so the edit form opens offline. */
export function assessmentDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Assessment>({ path: api.assessment(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<Assessment>>({ queryKey: assessmentKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

/** Subjects, skills, types, display types and levels: reference data that hardly changes. */
export function assessmentDependenciesQuery() {
  return queryOptions({
    queryKey: assessmentKeys.dependencies(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ results: AssessmentDependencies }>({ path: api.assessmentDependency, signal })).results,
    staleTime: 60 * 60_000,
  })
}

/** Assessments of the parent type, for the parent select. */
export function parentOptionsQuery(typeId: number) {
  return queryOptions({
    queryKey: assessmentKeys.parents(typeId),
    queryFn: async ({ signal }) =>
      (await apiRequest<ListPayload<ParentOption>>({ path: api.assessmentsOfType(typeId), signal })).results,
  })
}

/** Ids of the institutions that have the assessment. */
export function assessmentClientsQuery(id: number) {
  return queryOptions({
    queryKey: assessmentKeys.clients(id),
    queryFn: async ({ signal }) => (await apiRequest<{ clients: number[] }>({ path: api.assessmentClients(id), signal })).clients,
  })
}

/** Active institutions, the choices of the assignment section. */
export function institutionOptionsQuery() {
  return queryOptions({
    queryKey: assessmentKeys.institutions(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ListPayload<InstitutionOption>>({ path: api.institutionOptions, signal })).results,
    staleTime: 5 * 60_000,
  })
}
