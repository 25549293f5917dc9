import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { can } from '../../../../shared/permissions'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { ReportsScreen } from '../../../features/reports/components/reports-screen'
import type { ReportSearch } from '../../../features/reports/components/report-selectors'
import { accuracyListQuery, classAssessmentsQuery, commonReportQuery, reportTypesQuery } from '../../../features/reports/queries'
import { reportViewOf } from '../../../features/reports/report-view'
import { classOptionsQuery } from '../../../features/students/queries'
import { preload } from '../../../lib/query/load-cached'

type Search = Partial<ReportSearch>

function validateSearch(search: Record<string, unknown>): Search {
  const n = (value: unknown) => {
    const number = Number(value)
    return Number.isInteger(number) && number > 0 ? number : undefined
  }
  return { type: n(search.type), class: n(search.class), assessment: n(search.assessment), year: n(search.year) }
}

export const Route = createFileRoute('/_app/report/')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    preload(context.queryClient, reportTypesQuery())
    if (context.schoolId !== null) preload(context.queryClient, classOptionsQuery(context.schoolId))
    // A class report opened by its address: its answers are asked for now, with the screen's code, not
    // once the screen has rendered (ADR 0108).
    const kind = reportViewOf(deps.type ?? 0, []).kind
    const year = deps.year ?? context.yearId
    if (context.schoolId === null || !deps.class || !year || (kind !== 'common' && kind !== 'accurate')) return
    preload(context.queryClient, classAssessmentsQuery(deps.class, year))
    preload(context.queryClient, accuracyListQuery(context.schoolId, deps.class, year))
    if (kind === 'common') preload(context.queryClient, commonReportQuery(context.schoolId, deps.class, year, deps.assessment ?? 0))
  },
  component: ReportsPage,
})

function ReportsPage() {
  const { schoolId, yearId, years, profile } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const classes = useQuery({ ...classOptionsQuery(schoolId ?? 0), enabled: schoolId !== null })
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const current: ReportSearch = { type: search.type ?? 0, class: search.class ?? 0, assessment: search.assessment ?? 0, year: search.year ?? yearId }
  return (
    <div className="space-y-4">
      {can(profile.profile.role, 'second-scoring', 'read') && (
        <p className="flex justify-end">
          <Link to="/report/second-scoring" className="text-sm font-medium text-brand-700 underline hover:text-brand-800"><Trans>Second scorings: readings to score and agreement</Trans></Link>
        </p>
      )}
      <ReportsScreen schoolId={schoolId} search={current} canExport={can(profile.profile.role, 'data-export', 'read')}
        classes={classes.data ?? []} classesLoading={classes.isPending}
        years={years.length > 1 ? years.map((y) => ({ id: y.id, name: y.display_name })) : null}
        onSearchChange={(next) => void navigate({ to: '/report', search: validateSearch(next), replace: true })} />
    </div>
  )
}
