// The student-accuracy screen (spec §2): basic information, the class history (class and academic year)
// and the student's sittings, each opening its sitting report; `children` (the progress) goes after the basics.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { KeptTime } from '../../../components/offline/kept-time'
import type { Kept } from '../../../components/offline/kept-time'
import type { StudentAccuracy } from '../../../../shared/schemas/report'
import { BandLabel } from '../../../components/ui/band-label'
import { cueCountsText } from './cue-summary'
import { Detail, GenderText, fullName } from './student-card'

export function StudentAccuracyScreen({ accuracy, children }: { accuracy: Kept<StudentAccuracy>; children?: ReactNode }) {
  const { i18n } = useLingui()
  const s = accuracy.data.student
  const history = accuracy.data.class_history
  const sittings = accuracy.data.sittings
  const current = history.find((relation) => relation.is_active) ?? history[0]
  return (
    <div className="space-y-6">
      <section aria-labelledby="student-name" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="student-name" className="text-xl font-semibold text-slate-900">{fullName(s)}</h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label={<Trans>Enrollment code</Trans>}><span dir="ltr">{s.enrollment_code}</span></Detail>
          <Detail label={<Trans>Gender</Trans>}><GenderText gender={s.gender} /></Detail>
          <Detail label={<Trans>Class</Trans>}>{current?.class_name ?? '—'}</Detail>
        </dl>
        <KeptTime at={accuracy.dataUpdatedAt} />
      </section>
      {children}
      <section aria-labelledby="class-history" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="class-history" className="mb-3 text-base font-semibold text-slate-900"><Trans>Class history</Trans></h2>
        {history.length === 0
          ? <p className="text-sm text-slate-600"><Trans>No class history.</Trans></p>
          : (
            <table className="w-full text-sm">
              <thead className="text-slate-500"><tr>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Class</Trans></th>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Academic year</Trans></th>
              </tr></thead>
              <tbody>
                {history.map((relation) => (
                  <tr key={`${relation.class_name}-${relation.academic_year_name}`} className="border-t border-slate-100">
                    <td className="py-2">{relation.class_name}</td>
                    <td className="py-2" dir="ltr">{relation.academic_year_name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </section>
      <section aria-labelledby="sittings" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="sittings" className="mb-3 text-base font-semibold text-slate-900"><Trans>Sittings</Trans></h2>
        {sittings.length === 0 ? <p className="text-sm text-slate-600"><Trans>No sittings yet.</Trans></p>
          : (
            <table className="w-full text-sm">
              <thead className="text-slate-500"><tr>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Assessment</Trans></th>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Date</Trans></th>
                <th scope="col" className="py-2 text-end font-medium"><Trans>Score</Trans></th>
                <th scope="col" className="py-2 ps-3 text-start font-medium"><Trans>Level</Trans></th>
                <th scope="col" className="py-2 ps-3 text-start font-medium"><Trans>Cues used</Trans></th>
              </tr></thead>
              <tbody>
                {sittings.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="py-2">
                      <span className="block text-xs text-slate-500">{row.class_name} · <span dir="ltr">{row.academic_year_name}</span></span>
                      <Link to="/report/$studentId/student/$id" params={{ studentId: String(s.id), id: String(row.id) }}
                        className="font-medium text-brand-700 hover:underline">{row.assessment_name}</Link>
                    </td>
                    <td className="py-2">{row.created_in_device_at ? i18n.date(new Date(row.created_in_device_at), { dateStyle: 'medium' }) : '—'}</td>
                    {row.voided ? (
                      <td colSpan={3} className="py-2 ps-3 text-rose-800" data-testid="void-row">
                        <strong><Trans>Void</Trans></strong>: {row.voided.reason}
                      </td>
                    ) : (
                      <>
                        <td className="py-2 text-end tabular-nums">{Math.round(row.score)}%</td>
                        <td className="py-2 ps-3"><BandLabel band={row.band} /></td>
                        <td className="py-2 ps-3 text-slate-700">{cueCountsText(row.cue_summary)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </section>
    </div>
  )
}
