import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams, PAGE_SIZE } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { Student, StudentWorkflow } from '../../../shared/schemas/student'
import type { ListQueryState } from '../../components/list/list-types'
import { apiRequest } from '../../lib/api/api-client'

/** A class of the school as the class pickers list it (GET all_classes/). */
export type ClassOption = { id: number; name: string; grade_id: number }

export const studentKeys = {
  all: (schoolId: number) => ['students', schoolId] as const,
  lists: (schoolId: number) => [...studentKeys.all(schoolId), 'list'] as const,
  yearLists: (schoolId: number, yearId: number) => [...studentKeys.lists(schoolId), yearId] as const,
  list: (schoolId: number, yearId: number, query: ListQuery) => [...studentKeys.yearLists(schoolId, yearId), query] as const,
  details: (schoolId: number) => [...studentKeys.all(schoolId), 'detail'] as const,
  detail: (schoolId: number, yearId: number, id: number) => [...studentKeys.details(schoolId), yearId, id] as const,
  workflow: (schoolId: number) => [...studentKeys.all(schoolId), 'workflow'] as const,
  classes: (schoolId: number) => [...studentKeys.all(schoolId), 'classes'] as const,
  classStudents: (schoolId: number, classId: number, yearId: number) =>
    [...studentKeys.all(schoolId), 'class-students', classId, yearId] as const,
}

/** The list call's parameters for what the list keeps in its URL. */
export function toListQuery(query: ListQueryState): ListQuery {
  return { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
}

export function studentListQuery(schoolId: number, yearId: number, query: ListQuery) {
  return queryOptions({
    queryKey: studentKeys.list(schoolId, yearId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<Student>>({ path: api.students(schoolId, yearId), query: listSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  })
}

/** Uses a row from a cached list of the same year as a stand-in, so an edit form opens offline. */
export function studentDetailQuery(queryClient: QueryClient, schoolId: number, yearId: number, id: number) {
  return queryOptions({
    queryKey: studentKeys.detail(schoolId, yearId, id),
    queryFn: ({ signal }) => apiRequest<Student>({ path: api.student(schoolId, yearId, id), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<Student>>({ queryKey: studentKeys.yearLists(schoolId, yearId) })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

/** Whether Add is available (message) and the institution's student-ID rule for the form. */
export function studentWorkflowQuery(schoolId: number) {
  return queryOptions({
    queryKey: studentKeys.workflow(schoolId),
    queryFn: ({ signal }) => apiRequest<StudentWorkflow>({ path: api.studentWorkflow(schoolId), signal }),
  })
}

export function classOptionsQuery(schoolId: number) {
  return queryOptions({
    queryKey: studentKeys.classes(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<ClassOption>>({ path: api.allClasses(schoolId), signal })).results,
  })
}

/** Pages read at most for one class (15 students a page): enough for any real class. */
const MAX_CLASS_PAGES = 40

/** Every student of a class in a year (the list call is paged; this reads all pages). */
export function classStudentsQuery(schoolId: number, classId: number, yearId: number) {
  return queryOptions({
    queryKey: studentKeys.classStudents(schoolId, classId, yearId),
    queryFn: async ({ signal }) => {
      const path = api.classStudents(schoolId, classId, yearId)
      const first = await apiRequest<ListPayload<Student>>({ path, signal })
      const pages = Math.min(MAX_CLASS_PAGES, Math.ceil(first.count / PAGE_SIZE))
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
          apiRequest<ListPayload<Student>>({ path, query: listSearchParams({ page: i + 2 }), signal })),
      )
      return [first, ...rest].flatMap((page) => page.results)
    },
    staleTime: 0,
  })
}
