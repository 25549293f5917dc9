// The administrator dashboard (spec §2): new, active and inactive institutions (schools on an institution
// host) as circle charts with percentage and count / total; four statistic cards (0 when unknown); and the
// acquisition pie (created per quarter). Every chart has its figures as text beside it.
import { Trans, useLingui } from '@lingui/react/macro'
import { CircleChart } from '../../../components/charts/circle-chart'
import { PieChart, SAFE_COLORS } from '../../../components/charts/pie-chart'
import type { Dashboard, DashboardStatistics } from '../../../../shared/schemas/report'

export function DashboardFigures({ dashboard, statistics }: { dashboard: Dashboard | null; statistics: DashboardStatistics | null }) {
  const { t, i18n } = useLingui()
  const stats = [
    { key: 'totalSittings', label: t`Total sittings`, value: statistics?.total_sittings ?? 0 },
    { key: 'totalQuestionsAnswered', label: t`Total questions answered`, value: statistics?.total_questions_answered ?? 0 },
    { key: 'totalAssessments', label: t`Total assessments`, value: statistics?.total_assessments ?? 0 },
    { key: 'totalStudents', label: t`Total students`, value: statistics?.total_students ?? 0 },
  ]
  const schools = dashboard?.unit === 'school'
  const total = dashboard?.total_instituitions.count ?? 0
  return (
    <div className="space-y-6">
      {dashboard && (
        <section aria-labelledby="dashboard-groups" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="dashboard-groups" className="mb-4 text-base font-semibold text-slate-900">
            {schools ? <Trans>Schools</Trans> : <Trans>Institutions</Trans>}
            <span className="ms-2 text-sm font-normal text-slate-500"><Trans>Total: {total}</Trans></span>
          </h2>
          <div className="grid gap-6 sm:grid-cols-3">
            <CircleChart label={<Trans>New</Trans>} count={dashboard.new_instituitions.count} total={dashboard.total_instituitions.count} color="#0072B2" />
            <CircleChart label={<Trans>Active</Trans>} count={dashboard.active_instituitions.count} total={dashboard.total_instituitions.count} color="#009E73" />
            <CircleChart label={<Trans>Inactive</Trans>} count={dashboard.inactive_instituitions.count} total={dashboard.total_instituitions.count} color="#D55E00" />
          </div>
        </section>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Statistics`}>
        {stats.map((stat) => (
          <li key={stat.key} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={stat.key}>
            <span className="block text-2xl font-semibold tabular-nums text-slate-900">{i18n.number(stat.value)}</span>
            <span className="block text-sm text-slate-500">{stat.label}</span>
          </li>
        ))}
      </ul>
      {dashboard && dashboard.acquisition.length > 0 && (
        <section aria-labelledby="dashboard-acquisition" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="dashboard-acquisition" className="mb-4 text-base font-semibold text-slate-900"><Trans>Acquisition</Trans></h2>
          <PieChart caption={schools ? t`Schools added per quarter` : t`Institutions added per quarter`} valueHeader={t`Added`} shareHeader={t`Share`}
            slices={dashboard.acquisition.map((quarter, index) => ({
              key: quarter.label, label: quarter.label, value: quarter.count, color: SAFE_COLORS[index % SAFE_COLORS.length]!,
            }))} />
        </section>
      )}
    </div>
  )
}
