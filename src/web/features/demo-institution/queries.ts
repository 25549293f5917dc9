import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { InstitutionOption } from '../../../shared/schemas/institution'
import type { DemoTaskStatus } from '../../../shared/schemas/demo-institution'
import { apiRequest } from '../../lib/api/api-client'

export const demoKeys = {
  all: ['demo-institution'] as const,
  sources: () => [...demoKeys.all, 'sources'] as const,
}

/** Institutions a demo can be copied from (GET /api/institutions/). */
export function demoSourcesQuery() {
  return queryOptions({
    queryKey: demoKeys.sources(),
    queryFn: async ({ signal }) => (await apiRequest<ListPayload<InstitutionOption>>({ path: api.institutionOptions, signal })).results,
    staleTime: 60_000,
  })
}

/** One poll of the copy's task (POST /api/demo-institution/status/): a read, so never through the outbox. */
export function fetchDemoStatus(taskId: string, signal?: AbortSignal): Promise<DemoTaskStatus> {
  return apiRequest<DemoTaskStatus>({ method: 'POST', path: api.demoInstitutionStatus, json: { task_id: taskId }, signal })
}
