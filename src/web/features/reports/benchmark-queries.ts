// The class and school benchmark views (ADR 0124), kept on this device like the other class reports, so they stay
// readable offline with the time they were fetched.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { SeasonCode } from '../../../shared/benchmarks/seasons'
import type { BenchmarkReport } from '../../../shared/schemas/benchmark'
import { apiRequest } from '../../lib/api/api-client'
import { keptReport } from './device-fetch'
import { reportKeys } from './queries'

/** `season` null: the season today falls in (the server decides). */
export function classBenchmarkQuery(classId: number, yearId: number, season: SeasonCode | null) {
  const path = `${api.classBenchmark(classId, yearId)}${season ? `?season=${season}` : ''}`
  return queryOptions({
    queryKey: reportKeys.classBenchmark(classId, yearId, season ?? 'now'),
    queryFn: (context) => apiRequest<BenchmarkReport>({ path, signal: context.signal }),
    persister: keptReport(`benchmark:class:${classId}:${yearId}:${season ?? 'now'}`),
    enabled: classId > 0 && yearId > 0,
  })
}
