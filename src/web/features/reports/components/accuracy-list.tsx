// The miscue accuracy list (spec §2): one row per sitting, newest first; no add, search or actions.
// A row (or its link, for the keyboard) opens report/{student_id}/student/{id}.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { AccuracyRow } from '../../../../shared/schemas/report'
import { BandLabel } from '../../../components/ui/band-label'

export function AccuracyList({ rows }: { rows: readonly AccuracyRow[] }) {
  const { i18n, t } = useLingui()
  const navigate = useNavigate()
  return (
    <section aria-labelledby="accuracy-list" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="accuracy-list" className="px-5 pt-5 text-base font-semibold text-slate-900"><Trans>Miscue accuracy</Trans></h2>
      {rows.length === 0 ? (
        <p className="p-5 text-sm text-slate-600"><Trans>No sittings recorded for this class in this year.</Trans></p>
      ) : (
        <div className="relative overflow-x-auto p-2">
          <table className="w-full text-sm">
            <thead className="text-start text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Student</Trans></th>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Assessment</Trans></th>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Date</Trans></th>
                <th scope="col" className="px-3 py-2 text-end font-medium"><Trans>Accuracy</Trans></th>
                <th scope="col" className="px-3 py-2 text-end font-medium"><abbr title={t`Words read correctly per minute`}><Trans>WCPM</Trans></abbr></th>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Level</Trans></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
                  onClick={() => void navigate({ to: '/report/$studentId/student/$id', params: { studentId: String(row.student_id), id: String(row.id) } })}>
                  <td className="px-3 py-2">
                    <Link to="/report/$studentId/student/$id" params={{ studentId: String(row.student_id), id: String(row.id) }}
                      className="font-medium text-brand-700 hover:underline" onClick={(event) => event.stopPropagation()}>
                      {row.student_name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{row.assessment_title}</td>
                  <td className="px-3 py-2 tabular-nums">{row.created_in_device_at ? i18n.date(new Date(row.created_in_device_at), { dateStyle: 'medium' }) : '—'}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{Math.round(row.accuracy)}%</td>
                  <td className="px-3 py-2 text-end tabular-nums">{row.wcpm === null ? '—' : Math.round(row.wcpm)}</td>
                  <td className="px-3 py-2"><BandLabel band={row.band} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
