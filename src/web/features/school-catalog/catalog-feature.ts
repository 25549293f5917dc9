// A school's grades and its sections are one kind of record (identifier and name) under two names; the server
// builds both from one factory (routes/school-catalog). One definition gives each its query keys, its list,
// detail and workflow queries, and its writes through the outbox.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Grade, GradeInput } from '../../../shared/schemas/grade'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import { apiRequest } from '../../lib/api/api-client'
import { defineEntityWrites } from '../../lib/sync/entity-writes'

/** A grade or a section: the shared schemas give both the same shape. */
export type CatalogEntry = Grade

type SchoolPath = (schoolId: number) => string

export type CatalogPaths = {
  list: SchoolPath
  record: (schoolId: number, id: number) => string
  workflow: SchoolPath
  download: SchoolPath
}

export function defineCatalogFeature(resource: 'grade' | 'section', paths: CatalogPaths) {
  const keys = {
    all: (schoolId: number) => [`${resource}s`, schoolId] as const,
    lists: (schoolId: number) => [...keys.all(schoolId), 'list'] as const,
    list: (schoolId: number, query: ListQuery) => [...keys.lists(schoolId), query] as const,
    detail: (schoolId: number, id: number) => [...keys.all(schoolId), 'detail', id] as const,
    workflow: (schoolId: number) => [...keys.all(schoolId), 'workflow'] as const,
  }

  return {
    paths,
    keys,

    listQuery: (schoolId: number, query: ListQuery) => queryOptions({
      queryKey: keys.list(schoolId, query),
      queryFn: ({ signal }) =>
        apiRequest<ListPayload<CatalogEntry>>({ path: paths.list(schoolId), query: listSearchParams(query), signal }),
      placeholderData: keepPreviousData,
    }),

    /** Uses a row from a cached list as a stand-in, so an edit form opens offline. */
    detailQuery: (queryClient: QueryClient, schoolId: number, id: number) => queryOptions({
      queryKey: keys.detail(schoolId, id),
      queryFn: ({ signal }) => apiRequest<CatalogEntry>({ path: paths.record(schoolId, id), signal }),
      initialData: () => {
        for (const [, data] of queryClient.getQueriesData<ListPayload<CatalogEntry>>({ queryKey: keys.lists(schoolId) })) {
          const row = data?.results.find((r) => r.id === id)
          if (row) return row
        }
        return undefined
      },
      initialDataUpdatedAt: 0,
    }),

    workflowQuery: (schoolId: number) => queryOptions({
      queryKey: keys.workflow(schoolId),
      queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: paths.workflow(schoolId), signal }),
    }),

    /** Save, delete, pending rows and conflicts through the outbox kit (lib/sync/entity-writes). */
    writes: defineEntityWrites<CatalogEntry, GradeInput, { schoolId: number }>({
      entity: resource,
      paths: { create: ({ schoolId }) => paths.list(schoolId), record: ({ schoolId }, id) => paths.record(schoolId, id) },
      keys: ({ schoolId }) => keys.all(schoolId),
      scope: ({ schoolId }) => ({ schoolId }),
      label: (entry) => entry.display_name,
    }),
  }
}

export type CatalogFeature = ReturnType<typeof defineCatalogFeature>
