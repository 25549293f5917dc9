import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { can } from '../../../../../../../../shared/permissions'
import { ReportLoadState } from '../../../../../../../features/reports/components/report-load-state'
import { ComparisonScreen } from '../../../../../../../features/second-scoring/components/comparison-screen'
import { SettlePanel } from '../../../../../../../features/second-scoring/components/settle-panel'
import { comparisonQuery, markingTypesQuery } from '../../../../../../../features/second-scoring/queries'
import { allowSecondScoring, placeOf } from '../../../-second-scoring-route'

export const Route = createFileRoute('/_app/report/second-scoring/$schoolId/$classId/$sittingId/compare')({
  beforeLoad: allowSecondScoring,
  component: CompareRoute,
})

function CompareRoute() {
  const params = Route.useParams()
  const { profile } = Route.useRouteContext()
  const place = placeOf(params)
  const comparison = useQuery(comparisonQuery(place))
  const types = useQuery(markingTypesQuery())
  if (!comparison.data) return <ReportLoadState error={comparison.error} onRetry={() => void comparison.refetch()} />
  if (!types.data) return <ReportLoadState error={types.error} onRetry={() => void types.refetch()} />
  const data = comparison.data
  const first = data.first_scored_by
  const role = profile.profile.role
  // Settling corrects the sitting: those who may correct it (ADR 0123), not a teacher who only scored it second.
  const canSettle = can(role, 'sitting-correction', 'write') && (role !== 'teacher' || data.teacher === profile.profile.id)
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link to="/report/$studentId/student/$id" params={{ studentId: String(data.student), id: params.sittingId }} className="text-brand-700 hover:underline">
            {data.student_name}
          </Link>
        </h2>
        <p className="text-sm text-slate-600"><span dir="auto">{data.assessment_name}</span> · <Trans>First scored by {first}</Trans></p>
      </header>
      <ComparisonScreen comparison={comparison} types={types.data}>
        {canSettle ? (second) => <SettlePanel key={`${second.id}:${data.sitting_version}`} comparison={data} second={second} types={types.data} place={place} /> : undefined}
      </ComparisonScreen>
    </div>
  )
}
