// The institution's benchmark settings (ADR 0124): seasons, digits, the table per passage language and the tables
// to choose from. Kept in the persisted query cache, so the screen opens offline with what was last seen.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { BenchmarkSettings } from '../../../shared/schemas/benchmark'
import { apiRequest } from '../../lib/api/api-client'

export const benchmarkSettingsKey = ['benchmark', 'settings'] as const

export function benchmarkSettingsQuery() {
  return queryOptions({
    queryKey: benchmarkSettingsKey,
    queryFn: ({ signal }) => apiRequest<BenchmarkSettings>({ path: api.benchmarkSettings, signal }),
  })
}
