import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../shared/api'
import type { ListPayload, ListQuery } from '../../../shared/api'
import type { SchoolClass } from '../../../shared/schemas/class'
import type { WorkflowPayload } from '../../../shared/schemas/reference'
import type { ListQueryState } from '../../components/list/list-types'
import { apiRequest } from '../../lib/api/api-client'

/** Option lists of the class form (GET all-grades/, all-sections/, teacher/, subject/). */
export type NamedOption = { id: number; name: string }
export type TeacherOption = { id: number; name: string; email: string }
export type SubjectOption = { id: number; code: string; display_name: string; arabic_display_name: string; directions_code: string }

export const classKeys = {
  all: (schoolId: number) => ['classes', schoolId] as const,
  lists: (schoolId: number) => [...classKeys.all(schoolId), 'list'] as const,
  yearLists: (schoolId: number, yearId: number) => [...classKeys.lists(schoolId), yearId] as const,
  list: (schoolId: number, yearId: number, query: ListQuery) => [...classKeys.yearLists(schoolId, yearId), query] as const,
  /** Teachers of a class are mapped per academic year, so the record depends on the year. */
  details: (schoolId: number) => [...classKeys.all(schoolId), 'detail'] as const,
  detail: (schoolId: number, yearId: number, id: number) => [...classKeys.details(schoolId), yearId, id] as const,
  workflow: (schoolId: number) => [...classKeys.all(schoolId), 'workflow'] as const,
  grades: (schoolId: number) => [...classKeys.all(schoolId), 'grades'] as const,
  sections: (schoolId: number) => [...classKeys.all(schoolId), 'sections'] as const,
  teachers: (schoolId: number) => [...classKeys.all(schoolId), 'teachers'] as const,
  subjects: () => ['classes', 'subjects'] as const,
}

/** The list call's parameters for what the list keeps in its URL. */
export function toListQuery(query: ListQueryState): ListQuery {
  return { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
}

function yearParam(yearId: number, params = new URLSearchParams()) {
  params.set('year', String(yearId))
  return params
}

/** One page of classes; with the year, each row carries its teachers for that year (so it can open the form offline). */
export function classListQuery(schoolId: number, yearId: number, query: ListQuery) {
  return queryOptions({
    queryKey: classKeys.list(schoolId, yearId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListPayload<SchoolClass>>({ path: api.classes(schoolId), query: yearParam(yearId, listSearchParams(query)), signal }),
    placeholderData: keepPreviousData,
  })
}

/** The class with its teachers for the selected year; a row from a cached list of that year stands in offline. */
export function classDetailQuery(queryClient: QueryClient, schoolId: number, yearId: number, id: number) {
  return queryOptions({
    queryKey: classKeys.detail(schoolId, yearId, id),
    queryFn: ({ signal }) => apiRequest<SchoolClass>({ path: api.class(schoolId, id), query: yearParam(yearId), signal }),
    initialData: () => {
      for (const [, data] of queryClient.getQueriesData<ListPayload<SchoolClass>>({ queryKey: classKeys.yearLists(schoolId, yearId) })) {
        const row = data?.results.find((r) => r.id === id)
        if (row) return row
      }
      return undefined
    },
    initialDataUpdatedAt: 0,
  })
}

export function classWorkflowQuery(schoolId: number) {
  return queryOptions({
    queryKey: classKeys.workflow(schoolId),
    queryFn: ({ signal }) => apiRequest<WorkflowPayload>({ path: api.classWorkflow(schoolId), signal }),
  })
}

export function gradeOptionsQuery(schoolId: number) {
  return queryOptions({
    queryKey: classKeys.grades(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<NamedOption>>({ path: api.allGrades(schoolId), signal })).results,
  })
}

export function sectionOptionsQuery(schoolId: number) {
  return queryOptions({
    queryKey: classKeys.sections(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<NamedOption>>({ path: api.allSections(schoolId), signal })).results,
  })
}

export function teacherOptionsQuery(schoolId: number) {
  return queryOptions({
    queryKey: classKeys.teachers(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<TeacherOption>>({ path: api.schoolTeachers(schoolId), signal })).results,
  })
}

export function subjectOptionsQuery() {
  return queryOptions({
    queryKey: classKeys.subjects(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<SubjectOption>>({ path: api.subjects, signal })).results,
    staleTime: 60 * 60_000,
  })
}
