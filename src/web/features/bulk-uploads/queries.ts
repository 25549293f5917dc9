import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { BulkReferences } from '../../../shared/bulk/row-checks'
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import type { TemplateUrls, UploadStatus, UploadSummary } from '../../../shared/schemas/bulk-upload'
import { apiRequest } from '../../lib/api/api-client'

export const bulkKeys = {
  all: ['bulk-upload'] as const,
  templateUrls: () => [...bulkKeys.all, 'template-urls'] as const,
  references: (kind: UploadKind, schoolId: number | null, yearId: number | null) => [...bulkKeys.all, 'references', kind, schoolId, yearId] as const,
  history: (kind: UploadKind) => [...bulkKeys.all, 'history', kind] as const,
  upload: (id: string) => [...bulkKeys.all, 'upload', id] as const,
  classes: (schoolId: number) => [...bulkKeys.all, 'classes', schoolId] as const,
}

/** The spec's template-URL call: each upload's template (null where the user may not use it). */
export function templateUrlsQuery() {
  return queryOptions({
    queryKey: bulkKeys.templateUrls(),
    queryFn: ({ signal }) => apiRequest<TemplateUrls>({ path: api.bulkTemplateUrls, signal }),
    staleTime: 30 * 60_000,
  })
}

/**
 * What rows are checked against before sending (schools, grades, subjects, teachers, libraries, the
 * student-ID rule, keys taken). Persisted with the other queries, so the preview works offline too.
 */
export function referencesQuery(kind: UploadKind, schoolId: number | null, yearId: number | null) {
  const query = new URLSearchParams()
  if (schoolId !== null) query.set('school', String(schoolId))
  if (yearId !== null) query.set('year', String(yearId))
  return queryOptions({
    queryKey: bulkKeys.references(kind, schoolId, yearId),
    queryFn: ({ signal }) => apiRequest<BulkReferences>({ path: api.bulkReferences(kind), query, signal }),
    staleTime: 60_000,
  })
}

/** The user's latest uploads of a kind, with their counts. */
export function historyQuery(kind: UploadKind) {
  return queryOptions({
    queryKey: bulkKeys.history(kind),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<UploadSummary>>({ path: api.bulkUploads, query: new URLSearchParams({ kind }), signal })).results,
  })
}

/** One upload: polled every 2 s while it is being imported in the background. */
export function uploadStatusQuery(id: string) {
  return queryOptions({
    queryKey: bulkKeys.upload(id),
    queryFn: ({ signal }) => apiRequest<UploadStatus>({ path: api.bulkUpload(id), signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'SUCCESS' || query.state.data.state === 'FAILURE') ? false : 2000),
    staleTime: 0,
  })
}

export type ClassChoice = { id: number; name: string }

/** The school's classes: the student upload asks which one the students join. */
export function classChoicesQuery(schoolId: number) {
  return queryOptions({
    queryKey: bulkKeys.classes(schoolId),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<ClassChoice>>({ path: api.allClasses(schoolId), signal })).results,
  })
}
