// The readings the signed-in user was asked to score blind (issue 27): who asked and when, the student, class and
// passage, never the first marks; each opens the blind scoring screen. Kept on this device, so it reads offline.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { KeptTime } from '../../../components/offline/kept-time'
import { Spinner } from '../../../components/ui/spinner'
import { isNetworkError } from '../../../lib/api/api-error'
import { waitingQuery } from '../queries'

export function ReadingsToScore() {
  const { i18n } = useLingui()
  const waiting = useQuery(waitingQuery())
  return (
    <section aria-labelledby="readings-to-score" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="readings-to-score" className="text-base font-semibold text-slate-900"><Trans>Readings to score</Trans></h2>
      {!waiting.data && !waiting.isError && <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading…</Trans></p>}
      {!waiting.data && waiting.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {isNetworkError(waiting.error) ? <Trans>You are offline and this list was not saved on this device.</Trans> : <Trans>The list could not be loaded.</Trans>}
          {' '}<button type="button" className="font-medium underline" onClick={() => void waiting.refetch()}><Trans>Try again</Trans></button>
        </p>
      )}
      {waiting.data && waiting.data.length === 0 && (
        <p className="text-sm text-slate-700" data-testid="nothing-to-score"><Trans>Nobody has asked you to score a reading.</Trans></p>
      )}
      {waiting.data && waiting.data.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="waiting-scorings">
          {waiting.data.map((w) => {
            const who = w.asked_by_name
            const when = i18n.date(new Date(w.asked_at), { dateStyle: 'medium' })
            return (
              <li key={w.request_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{w.student_name} · <span className="text-slate-700">{w.class_name}</span></p>
                  <p className="text-sm text-slate-600"><span dir="auto">{w.assessment_name}</span> · <Trans>asked by {who} on {when}</Trans></p>
                </div>
                <Link to="/report/second-scoring/$schoolId/$classId/$sittingId/score"
                  params={{ schoolId: String(w.school_id), classId: String(w.class_id), sittingId: String(w.sitting_id) }}
                  className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                  <Trans>Score it blind</Trans>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      {waiting.data && <KeptTime at={waiting.dataUpdatedAt} />}
    </section>
  )
}
