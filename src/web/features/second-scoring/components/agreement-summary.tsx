// Agreement per teacher or per school over a period (issue 27, ADR 0128), so coaches see where to train: sittings
// double-scored, second scorings, mean percent agreement, pooled Cohen's kappa and the miscue types most often
// disagreed on. The server decides the rows each role sees (a teacher: their own row, per teacher only).
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { KeptTime } from '../../../components/offline/kept-time'
import { Spinner } from '../../../components/ui/spinner'
import { isApiError, isNetworkError } from '../../../lib/api/api-error'
import { getLanguage } from '../../../lib/i18n/language'
import { summaryQuery, type SummaryBy } from '../queries'

const apiMessages = (error: unknown) => (isApiError(error) ? error.allMessages.join(' ') : null)

export function AgreementSummaryTable({ bySchoolAllowed, initialFrom, initialTo, dateField }: {
  /** School staff see the per-school summary too. */
  bySchoolAllowed: boolean
  initialFrom: string
  initialTo: string
  /** The date input (the reports' own), given by the route. */
  dateField: (label: ReactNode, value: string, onChange: (value: string) => void) => ReactNode
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const arabic = getLanguage() === 'ar'
  const [by, setBy] = useState<SummaryBy>('teacher')
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState(initialTo)
  const summary = useQuery(summaryQuery(by, from, to))
  const number = (n: number | null, digits: number) => (n === null ? '—' : i18n.number(n, { maximumFractionDigits: digits }))
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>Agreement between scorers</Trans></h2>
      <div className="flex flex-wrap items-end gap-3">
        {bySchoolAllowed && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-by`} className="block text-sm font-medium text-slate-700"><Trans>Per</Trans></label>
            <select id={`${id}-by`} value={by} onChange={(e) => setBy(e.target.value as SummaryBy)} className="block min-h-11 rounded-md border border-slate-300 px-3 text-sm">
              <option value="teacher">{t`Teacher`}</option>
              <option value="school">{t`School`}</option>
            </select>
          </div>
        )}
        {dateField(<Trans>From</Trans>, from, setFrom)}
        {dateField(<Trans>To</Trans>, to, setTo)}
      </div>
      {!summary.data && !summary.isError && <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading…</Trans></p>}
      {!summary.data && summary.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {isNetworkError(summary.error) ? <Trans>You are offline and this summary was not saved on this device.</Trans>
            : apiMessages(summary.error) ?? <Trans>The summary could not be loaded.</Trans>}
        </p>
      )}
      {summary.data && summary.data.rows.length === 0 && (
        <p className="text-sm text-slate-700" data-testid="summary-empty"><Trans>No reading of this period was scored a second time.</Trans></p>
      )}
      {summary.data && summary.data.rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="agreement-summary">
            <caption className="sr-only"><Trans>Agreement between scorers over the period</Trans></caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pe-3 text-start font-medium">{by === 'teacher' ? <Trans>Teacher</Trans> : <Trans>School</Trans>}</th>
                <th scope="col" className="py-2 pe-3 text-start font-medium"><Trans>Sittings scored twice</Trans></th>
                <th scope="col" className="py-2 pe-3 text-start font-medium"><Trans>Second scorings</Trans></th>
                <th scope="col" className="py-2 pe-3 text-start font-medium"><Trans>Mean agreement</Trans></th>
                <th scope="col" className="py-2 pe-3 text-start font-medium"><Trans>Cohen's kappa</Trans></th>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Most disagreed on</Trans></th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {summary.data.rows.map((row) => (
                <tr key={`${row.id ?? 'none'}:${row.name}`} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pe-3 text-start font-medium">{arabic && by === 'school' ? row.arabic_name : row.name}</th>
                  <td className="py-2 pe-3">{row.sittings}</td>
                  <td className="py-2 pe-3">{row.scorings}</td>
                  <td className="py-2 pe-3">{row.mean_percent === null ? '—' : `${number(row.mean_percent, 2)}%`}</td>
                  <td className="py-2 pe-3">{number(row.kappa, 3)}</td>
                  <td className="py-2">{row.disagreed_types.slice(0, 3).map((d) => `${arabic ? d.arabic_name : d.name} (${i18n.number(d.count)})`).join(arabic ? '، ' : ', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary.data && <KeptTime at={summary.dataUpdatedAt} />}
    </section>
  )
}
