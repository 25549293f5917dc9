import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { PAGE_SIZE, api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { AssessmentLibrary, AssessmentLibraryEntry } from '../../../shared/schemas/assessment-library'
import type { ReportTemplate } from '../../../shared/schemas/report-template'
import { apiRequest } from '../../lib/api/api-client'

export type LibraryEntryOption = Pick<AssessmentLibraryEntry, 'id' | 'display_name'>

export const templateKeys = {
  all: ['report-templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...templateKeys.lists(), query] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
  libraries: () => ['report-template-library-options'] as const,
  libraryEntries: (libraryId: number) => [...templateKeys.libraries(), 'entries', libraryId] as const,
}

export function templateListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => apiRequest<ListPayload<ReportTemplate>>({ path: api.reportTemplates, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so the edit form opens offline. */
export function templateDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<ReportTemplate>({ path: api.reportTemplate(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<ReportTemplate>>({ queryKey: templateKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

/** Every library (the assessmentLibrary choices); those with isReport are also custom report types. */
export function libraryOptionsQuery() {
  return queryOptions({
    queryKey: templateKeys.libraries(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ListPayload<AssessmentLibrary>>({ path: api.assessmentLibrariesOfType('all'), signal })).results,
  })
}

/** Every entry of one library (all pages), the choices of a template entry. */
export function libraryEntryOptionsQuery(libraryId: number) {
  return queryOptions({
    queryKey: templateKeys.libraryEntries(libraryId),
    queryFn: async ({ signal }): Promise<LibraryEntryOption[]> => {
      const page = (n: number) =>
        apiRequest<ListPayload<AssessmentLibraryEntry>>({ path: api.assessmentLibraryEntryList(libraryId), query: listSearchParams({ page: n }), signal })
      const first = await page(1)
      const pages = Math.min(Math.ceil(first.count / PAGE_SIZE), 100)
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)))
      return [first, ...rest].flatMap((p) => p.results).map(({ id, display_name }) => ({ id, display_name }))
    },
  })
}
