// The administrator dashboard's figures (GET /api/admin_dashboard/ and /statistics/). A role the server
// does not show them to gets null, not the access-denied page: the dashboard is everyone's landing page.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { Dashboard, DashboardStatistics } from '../../../shared/schemas/report'
import { apiRequest } from '../../lib/api/api-client'
import { isApiError } from '../../lib/api/api-error'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  groups: () => [...dashboardKeys.all, 'groups'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
}

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return null
    throw error
  }
}

export function dashboardQuery() {
  return queryOptions({
    queryKey: dashboardKeys.groups(),
    queryFn: ({ signal }) => orNull(() => apiRequest<Dashboard>({ path: api.dashboard, signal, redirectOn: [401] })),
    staleTime: 60_000,
  })
}

export function dashboardStatisticsQuery() {
  return queryOptions({
    queryKey: dashboardKeys.statistics(),
    queryFn: ({ signal }) => orNull(() => apiRequest<DashboardStatistics>({ path: api.dashboardStatistics, signal, redirectOn: [401] })),
    staleTime: 60_000,
  })
}
