// The common miscue summary card (spec §2): total students, total tests and a pie of each miscue type's
// share of all miscues, and the cues the class's errors were coded with; an empty message when there is nothing to show.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PieChart } from '../../../components/charts/pie-chart'
import type { CommonReport } from '../../../../shared/schemas/report'
import { getLanguage } from '../../../lib/i18n/language'
import { CueSummaryTable } from './cue-summary'

/**
 * With no report yet the card is drawn at once with its heading and `pending` (loading, or why it could
 * not load) in about the room the figures will take: the screen does not jump when they arrive.
 */
export function CommonSummaryCard({ report, pending }: { report?: CommonReport; pending?: ReactNode }) {
  return (
    <section aria-labelledby="common-summary" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="common-summary" className="text-base font-semibold text-slate-900"><Trans>Common miscue summary</Trans></h2>
      {report ? <SummaryFigures report={report} /> : <div className="min-h-80">{pending}</div>}
    </section>
  )
}

function SummaryFigures({ report }: { report: CommonReport }) {
  const { t } = useLingui()
  const slices = report.miscues.map((share) => ({
    key: share.miscue_code || share.miscue, label: getLanguage() === 'ar' && share.arabic_miscue ? share.arabic_miscue : share.miscue, value: share.percentage, color: share.color_code || '#64748b',
  }))
  const empty = report.total_tests === 0 || slices.every((slice) => slice.value <= 0)
  return (
    <>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm text-slate-500"><Trans>Total students</Trans></dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{report.total_students}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm text-slate-500"><Trans>Total tests</Trans></dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{report.total_tests}</dd>
        </div>
      </dl>
      {empty
        ? <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600"><Trans>No miscue data for this class and assessment yet.</Trans></p>
        : <PieChart slices={slices} caption={t`Share of each miscue type`} valueHeader={t`Percentage`} shareHeader={t`Share`}
            formatValue={(value) => `${Math.round(value)}%`} />}
      <CueSummaryTable summary={report.cues} testId="class-cue-summary" />
    </>
  )
}
