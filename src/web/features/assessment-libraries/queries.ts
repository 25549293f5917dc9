import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { PAGE_SIZE, api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Assessment } from '../../../shared/schemas/assessment'
import type { AssessmentLibrary, AssessmentLibraryEntry } from '../../../shared/schemas/assessment-library'
import { apiRequest } from '../../lib/api/api-client'

export type AssessmentOption = Pick<Assessment, 'id' | 'title' | 'subject_name' | 'level_names'>

export const libraryKeys = {
  all: ['assessment-libraries'] as const,
  lists: () => [...libraryKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...libraryKeys.lists(), query] as const,
  detail: (id: number) => [...libraryKeys.all, 'detail', id] as const,
  entries: (libraryId: number) => [...libraryKeys.all, 'entries', libraryId] as const,
  entryList: (libraryId: number, query: ListQuery) => [...libraryKeys.entries(libraryId), query] as const,
  entryDetail: (id: number) => [...libraryKeys.all, 'entry', id] as const,
  assessmentOptions: () => ['assessment-library-assessment-options'] as const,
}

export function libraryListQuery(query: ListQuery) {
  return queryOptions({
    queryKey: libraryKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<AssessmentLibrary>>({ path: api.assessmentLibraries, query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list as a stand-in, so the edit form opens offline. */
export function libraryDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AssessmentLibrary>({ path: api.assessmentLibrary(id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<AssessmentLibrary>>({ queryKey: libraryKeys.lists() })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function entryListQuery(libraryId: number, query: ListQuery) {
  return queryOptions({
    queryKey: libraryKeys.entryList(libraryId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<AssessmentLibraryEntry>>({ path: api.assessmentLibraryEntryList(libraryId), query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Every assessment (all pages, by title), the choices of an entry's "assessments covered". */
export function assessmentOptionsQuery() {
  return queryOptions({
    queryKey: libraryKeys.assessmentOptions(),
    queryFn: async ({ signal }): Promise<AssessmentOption[]> => {
      const page = (n: number) =>
        apiRequest<ListPayload<Assessment>>({ path: api.assessments, query: listSearchParams({ page: n, ordering: 'title' }), signal })
      const first = await page(1)
      const pages = Math.min(Math.ceil(first.count / PAGE_SIZE), 100)
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)))
      return [first, ...rest].flatMap((p) => p.results).map(({ id, title, subject_name, level_names }) => ({ id, title, subject_name, level_names }))
    },
  })
}

/** One entry for its edit page; a row from a cached entry list stands in, so the page opens offline. */
export function entryDetailQuery(queryClient: QueryClient, id: number) {
  return queryOptions({
    queryKey: libraryKeys.entryDetail(id),
    queryFn: ({ signal }) => apiRequest<AssessmentLibraryEntry>({ path: api.assessmentLibraryEntry(id), signal }),
    initialData: () => {
      for (const [key, data] of queryClient.getQueriesData<ListPayload<AssessmentLibraryEntry>>({ queryKey: libraryKeys.all })) {
        if (key[1] !== 'entries') continue
        const row = data?.results?.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}
