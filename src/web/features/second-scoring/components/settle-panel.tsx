// Settling the two scorings (issue 27, ADR 0128): for each disagreement the coach takes the first or the second
// scorer's marks (the first by default), then settles. The sitting gets a corrected version with its trail, and
// every report follows it. Sent through the outbox like a correction; a sitting changed since the comparison is
// refused (409) with the server's sentence, and the comparison is read again.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { ScoringComparison } from '../../../../shared/schemas/second-scoring'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import type { SittingPlace } from '../queries'
import { pick, secondTaken, settleBody, takenOn, type Picks } from '../settle-picks'
import { useSettle } from '../writes'
import { MarksText } from './comparison-screen'

type Second = ScoringComparison['seconds'][number]

export function SettlePanel({ comparison, second, types, place }: {
  comparison: ScoringComparison
  second: Second
  types: readonly MiscueType[]
  place: SittingPlace
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const settle = useSettle(place)
  const [picks, setPicks] = useState<Picks>({})
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const disagreements = second.agreement.disagreements
  const taken = secondTaken(disagreements, picks)

  if (second.settled_version !== null) {
    const version = second.settled_version
    const when = second.settled_at ? i18n.date(new Date(second.settled_at), { dateStyle: 'medium', timeStyle: 'short' }) : ''
    return (
      <p className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200" data-testid="settled">
        <Trans>Settled {when}: the reading record is now version {version}, and every report follows it.</Trans>
      </p>
    )
  }
  if (disagreements.length === 0) return null

  async function send() {
    setBusy(true)
    setErrors([])
    try {
      const outcome = await settle(settleBody(second.id, comparison.sitting_version, disagreements, picks, reason), comparison.student_name)
      if (outcome.state === 'rejected') setErrors(outcome.messages)
      else if (outcome.state === 'not-stored') setErrors([t`This device has no space left to keep the settling. Free some space and try again.`])
      else if (outcome.state === 'queued') showToast('info', t`You are offline. The settling is saved on this device and will be sent when you are back online.`)
      else showToast('success', t`Settled. The reading record was corrected; its earlier version is kept in its history.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="settle-panel">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>Settle the disagreements</Trans></h2>
      <p className="text-sm text-slate-700">
        <Trans>For each word the two scorings disagree on, choose the mark that stands. A word you leave keeps the first scoring's mark.</Trans>
      </p>
      <ul className="space-y-3">
        {disagreements.map((d) => {
          const n = d.word_index + 1
          const word = comparison.words[d.word_index] ?? ''
          const name = `${id}-pick-${d.word_index}`
          return (
            <li key={d.word_index}>
              <fieldset className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" data-testid={`settle-word-${d.word_index}`}>
                <legend className="px-1 text-sm font-medium text-slate-800"><Trans>Word {n}: <span dir={comparison.direction}>{word}</span></Trans></legend>
                {(['first', 'second'] as const).map((take) => (
                  <label key={take} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50">
                    <input type="radio" name={name} value={take} className="size-5" checked={takenOn(picks, d.word_index) === take}
                      onChange={() => setPicks((p) => pick(p, d.word_index, take))} />
                    <span className="font-medium text-slate-800">{take === 'first' ? <Trans>First scoring</Trans> : <Trans>Second scoring</Trans>}:</span>
                    <MarksText marks={take === 'first' ? d.first_marks : d.second_marks} types={types} direction={comparison.direction} />
                  </label>
                ))}
              </fieldset>
            </li>
          )
        })}
      </ul>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700"><Trans>Reason (optional)</Trans></label>
        <textarea id={`${id}-reason`} value={reason} rows={2} maxLength={1000} onChange={(e) => setReason(e.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30" />
      </div>
      {errors.length > 0 && <p role="alert" className="text-sm text-rose-700">{errors.join(' ')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void send()} disabled={busy} className="min-h-11 px-6"><Trans>Settle</Trans></Button>
        <p className="text-sm text-slate-600" aria-live="polite"><Trans>Taking the second scoring's mark on {taken} of the words.</Trans></p>
      </div>
    </section>
  )
}
