import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { BenchmarkScreen } from '../../../features/reports/components/benchmark-screen'
import { ReportLoadState } from '../../../features/reports/components/report-load-state'
import { classBenchmarkQuery } from '../../../features/reports/benchmark-queries'
import { classOptionsQuery } from '../../../features/students/queries'
import { preload } from '../../../lib/query/load-cached'
import { SEASON_CODES, type SeasonCode } from '../../../../shared/benchmarks/seasons'

type Search = { class?: number; season?: SeasonCode }

function validateSearch(search: Record<string, unknown>): Search {
  const classId = Number(search.class)
  const season = SEASON_CODES.find((s) => s === search.season)
  return { class: Number.isInteger(classId) && classId > 0 ? classId : undefined, season }
}

export const Route = createFileRoute('/_app/report/benchmark')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (context.schoolId !== null) preload(context.queryClient, classOptionsQuery(context.schoolId))
    if (deps.class && context.yearId) preload(context.queryClient, classBenchmarkQuery(deps.class, context.yearId, deps.season ?? null))
  },
  component: BenchmarkPage,
})

function BenchmarkPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const classes = useQuery({ ...classOptionsQuery(schoolId ?? 0), enabled: schoolId !== null })
  const report = useQuery(classBenchmarkQuery(search.class ?? 0, yearId ?? 0, search.season ?? null))
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const go = (next: Search) => void navigate({ to: '/report/benchmark', search: next, replace: true })
  return (
    <>
      <BenchmarkScreen classes={classes.data ?? []} classId={search.class ?? 0} season={search.season ?? null} report={report.data ? report : null}
        onClassChange={(classId) => go({ class: classId || undefined, season: search.season })}
        onSeasonChange={(season) => go({ class: search.class, season })} />
      {search.class && !report.data && <ReportLoadState error={report.error} onRetry={() => void report.refetch()} />}
    </>
  )
}
