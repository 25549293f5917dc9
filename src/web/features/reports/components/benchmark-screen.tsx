// The class benchmark view (issue 26, ADR 0124): the distribution of risk levels this season (a bar with its table),
// the bands and percentiles, the median words correct per minute against the beginning of the year, and the
// students who need attention first, each opening the student. Numbers follow the institution's digits in Arabic.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { DistributionBar } from '../../../components/charts/distribution-bar'
import { KeptTime } from '../../../components/offline/kept-time'
import type { Kept } from '../../../components/offline/kept-time'
import { SEASON_CODES, type SeasonCode } from '../../../../shared/benchmarks/seasons'
import type { AttentionRow, BenchmarkReport } from '../../../../shared/schemas/benchmark'

type NamedOption = { id: number; name: string }

const RISK_COLORS = { well_below: '#D55E00', below: '#E69F00', at: '#009E73', above: '#0072B2', no_benchmark: '#6B7280', not_assessed: '#9CA3AF' } as const

export function BenchmarkScreen({ classes, classId, season, report, onClassChange, onSeasonChange }: {
  classes: readonly NamedOption[]
  classId: number
  season: SeasonCode | null
  report: Kept<BenchmarkReport> | null
  onClassChange: (classId: number) => void
  onSeasonChange: (season: SeasonCode) => void
}) {
  const { t } = useLingui()
  const classSelect = useId()
  const seasonSelect = useId()
  const seasonNames: Record<SeasonCode, string> = { boy: t`Beginning of year`, moy: t`Middle of year`, eoy: t`End of year` }
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900"><Trans>Benchmarks</Trans></h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={classSelect} className="block text-sm font-medium text-slate-700"><Trans>Class</Trans></label>
          <select id={classSelect} value={classId || ''} onChange={(e) => onClassChange(Number(e.target.value) || 0)}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-9 text-sm text-slate-900">
            <option value="">{t`Choose a class`}</option>
            {classes.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={seasonSelect} className="block text-sm font-medium text-slate-700"><Trans>Season</Trans></label>
          <select id={seasonSelect} value={season ?? report?.data.season ?? ''} onChange={(e) => onSeasonChange(e.target.value as SeasonCode)}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-9 text-sm text-slate-900">
            {SEASON_CODES.map((s) => <option key={s} value={s}>{seasonNames[s]}</option>)}
          </select>
        </div>
      </div>
      {report && <BenchmarkReportView report={report} seasonName={seasonNames[report.data.season]} />}
    </div>
  )
}

function BenchmarkReportView({ report, seasonName }: { report: Kept<BenchmarkReport>; seasonName: string }) {
  const { t, i18n } = useLingui()
  const r = report.data
  const numbers = new Intl.NumberFormat(`${i18n.locale}-u-nu-${i18n.locale === 'ar' ? r.digits : 'latn'}`, { maximumFractionDigits: 1 })
  const n = (value: number | null) => (value === null ? '—' : numbers.format(value))
  const riskNames = {
    well_below: t`Well below benchmark`, below: t`Below benchmark`, at: t`At benchmark`, above: t`Above benchmark`,
    no_benchmark: t`No benchmark for this grade`, not_assessed: t`Not assessed this season`,
  }
  const parts = (Object.keys(riskNames) as (keyof typeof riskNames)[]).map((key) => ({ key, label: riskNames[key], value: r.risk[key], color: RISK_COLORS[key] }))
  const bandNames = { independent: t`Independent`, instructional: t`Instructional`, frustration: t`Frustration` }
  const change = r.median_change === null ? '—' : `${r.median_change > 0 ? '+' : ''}${n(r.median_change)}`
  return (
    <>
      <section aria-labelledby="distribution" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="distribution" className="text-base font-semibold text-slate-900"><Trans>Risk levels, {seasonName}</Trans></h2>
        <DistributionBar parts={parts} caption={t`Students by risk level`} valueHeader={t`Students`} shareHeader={t`Share`} formatValue={(v) => numbers.format(v)} />
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label={<Trans>Median words correct per minute</Trans>}>{n(r.median_wcpm)}</Figure>
          <Figure label={<Trans>Median at the beginning of the year</Trans>}>{n(r.median_wcpm_boy)}</Figure>
          <Figure label={<Trans>Change since the beginning of the year</Trans>}><span dir="ltr">{change}</span></Figure>
        </dl>
        <table className="text-sm">
          <caption className="pb-2 text-start font-medium text-slate-700"><Trans>Students by reading band</Trans></caption>
          <tbody>
            {(Object.keys(bandNames) as (keyof typeof bandNames)[]).map((b) => (
              <tr key={b}><th scope="row" className="py-1 pe-4 text-start font-normal text-slate-700">{bandNames[b]}</th><td className="py-1 text-end tabular-nums">{n(r.bands[b])}</td></tr>
            ))}
          </tbody>
        </table>
        {r.percentiles.length > 0 && (
          <table className="text-sm">
            <caption className="pb-2 text-start font-medium text-slate-700"><Trans>Students by percentile</Trans></caption>
            <tbody>
              {r.percentiles.map((p) => (
                <tr key={p.from}>
                  <th scope="row" className="py-1 pe-4 text-start font-normal text-slate-700">
                    <PercentileLabel from={p.from} format={n} />
                  </th>
                  <td className="py-1 text-end tabular-nums">{n(p.n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <TableSources report={r} />
        <KeptTime at={report.dataUpdatedAt} />
      </section>
      <AttentionList rows={r.attention} riskNames={riskNames} format={n} />
    </>
  )
}

function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{children}</dd>
    </div>
  )
}

function PercentileLabel({ from, format }: { from: number; format: (n: number) => string }) {
  const percentile = format(from)
  return from === 0 ? <Trans>Under the lowest percentile listed</Trans> : <Trans>From percentile {percentile}</Trans>
}

function TableSources({ report }: { report: BenchmarkReport }) {
  const en = report.tables.en
  const ar = report.tables.ar
  const enName = en?.name
  const enSource = en?.source
  const arName = ar?.name
  const arSource = ar?.source
  return (
    <div className="space-y-1 text-xs text-slate-600">
      {en
        ? <p><Trans>English passages: {enName} ({enSource})</Trans></p>
        : <p><Trans>English passages: no benchmark table chosen.</Trans></p>}
      {ar
        ? <p><Trans>Arabic passages: {arName} ({arSource})</Trans></p>
        : <p><Trans>Arabic passages: no published Arabic benchmark ships with Miscue. An institution administrator can load the ministry's table as a spreadsheet (columns grade, season, wcpm_below, wcpm_at, wcpm_above) and choose it for Arabic.</Trans></p>}
    </div>
  )
}

function AttentionList({ rows, riskNames, format }: { rows: AttentionRow[]; riskNames: Record<string, string>; format: (n: number | null) => string }) {
  const { t, i18n } = useLingui()
  const reasonNames: Record<AttentionRow['reasons'][number], string> = {
    well_below: riskNames.well_below!, below: riskNames.below!, frustration: t`Reading at frustration level`,
    not_assessed: riskNames.not_assessed!, below_aimline: t`Below the aimline`,
  }
  return (
    <section aria-labelledby="attention" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="attention" className="mb-3 text-base font-semibold text-slate-900"><Trans>Students who need attention first</Trans></h2>
      {rows.length === 0
        ? <p className="text-sm text-slate-600"><Trans>No student needs attention this season.</Trans></p>
        : (
          <table className="w-full text-sm">
            <thead className="text-slate-500"><tr>
              <th scope="col" className="py-2 text-start font-medium"><Trans>Student</Trans></th>
              <th scope="col" className="py-2 text-start font-medium"><Trans>Why</Trans></th>
              <th scope="col" className="py-2 text-end font-medium"><Trans>Words correct per minute</Trans></th>
              <th scope="col" className="py-2 text-end font-medium"><Trans>Text level</Trans></th>
            </tr></thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.student_id} className="border-t border-slate-100">
                  <th scope="row" className="py-2 text-start font-normal">
                    <Link to="/report/$studentId/student" params={{ studentId: String(row.student_id) }} className="text-sky-800 underline">
                      {i18n.locale === 'ar' ? row.arabic_name : row.student_name}
                    </Link>
                  </th>
                  <td className="py-2">{row.reasons.map((reason) => reasonNames[reason]).join(i18n.locale === 'ar' ? '، ' : ', ')}</td>
                  <td className="py-2 text-end tabular-nums">{format(row.wcpm)}</td>
                  <td className="py-2 text-end">
                    {row.text_level ?? '—'}{row.expected_level ? <span className="text-slate-500"> / {row.expected_level}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </section>
  )
}
