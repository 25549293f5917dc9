// The sittings on this device and where each stands (ADR 0090): in progress (continue), saved on this device,
// sending, synced (open its report) or needs attention (open it: the server's reason is shown there).
import { Trans, useLingui } from '@lingui/react/macro'
import { getLanguage } from '../../../lib/i18n/language'
import type { CaptureRow } from '../use-captures'
import { captureFigures, captureKind, comprehensionScored } from '../sitting-body'
import { CaptureStateBadge } from './capture-state-badge'

export function CaptureList({ rows, onOpen, onReport }: {
  rows: readonly CaptureRow[] | undefined
  onOpen: (id: string) => void
  onReport: (studentId: number, sittingId: number) => void
}) {
  const { t, i18n } = useLingui()
  const arabic = getLanguage() === 'ar'
  return (
    <section aria-labelledby="captures-title" className="space-y-3">
      <h2 id="captures-title" className="text-base font-semibold text-slate-900"><Trans>Sittings on this device</Trans></h2>
      {rows === undefined ? null : rows.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200"><Trans>No sittings on this device yet. Choose a class, a student and a passage to start one.</Trans></p>
      ) : (
        // relative: the hidden "Actions" heading (absolutely placed) stays in the scroll box instead of widening a phone's page.
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full text-sm" aria-labelledby="captures-title">
            <thead className="bg-slate-50 text-start text-xs font-medium uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3 text-start"><Trans>Student</Trans></th>
                <th scope="col" className="px-4 py-3 text-start"><Trans>Passage</Trans></th>
                <th scope="col" className="px-4 py-3 text-start"><Trans>Started</Trans></th>
                <th scope="col" className="px-4 py-3 text-start"><Trans>Accuracy</Trans></th>
                <th scope="col" className="px-4 py-3 text-start"><Trans>Status</Trans></th>
                <th scope="col" className="px-4 py-3 text-start"><span className="sr-only"><Trans>Actions</Trans></span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map(({ record, state }) => {
                const name = arabic && record.studentArabicName ? record.studentArabicName : record.studentName
                const started = record.startedAt ? i18n.date(new Date(record.startedAt), { dateStyle: 'medium', timeStyle: 'short' }) : '—'
                // A question set's score is its answers' points: none until every question has them.
                const scored = (record.phase === 'finished' || record.phase === 'saved') && (captureKind(record) !== 'question_set' || comprehensionScored(record))
                return (
                  <tr key={record.id} data-testid="capture-row">
                    <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">{name}<span className="block text-xs font-normal text-slate-500">{record.className}</span></th>
                    <td className="px-4 py-3" dir="auto">{record.assessment.title}</td>
                    <td className="px-4 py-3">{started}</td>
                    <td className="px-4 py-3 tabular-nums">{scored ? `${captureFigures(record).score}%` : '—'}</td>
                    <td className="px-4 py-3"><CaptureStateBadge state={state} /></td>
                    <td className="px-4 py-3 text-end">
                      {state === 'synced' && record.serverId !== undefined ? (
                        <button type="button" className="font-medium text-brand-700 underline" onClick={() => onReport(record.studentId, record.serverId!)}
                          aria-label={t`View the report of ${name}`}>
                          <Trans>View the report</Trans>
                        </button>
                      ) : (
                        <button type="button" className="font-medium text-brand-700 underline" onClick={() => onOpen(record.id)}
                          aria-label={state === 'in-progress' ? t`Continue the sitting of ${name}` : t`Open the sitting of ${name}`}>
                          {state === 'in-progress' ? <Trans>Continue</Trans> : <Trans>Open</Trans>}
                        </button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
