// Asking someone to score a reading blind (issue 27, ADR 0128): the people who may be asked (the server's list:
// school staff of the sitting's school and its teachers but the one who recorded it), each with where their
// request stands. The request goes through the outbox; it shows in the person's "Readings to score".
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Badge } from '../../../components/ui/badge'
import { isNetworkError } from '../../../lib/api/api-error'
import { showToast } from '../../../lib/notify/toasts'
import { scorersQuery, type SittingPlace } from '../queries'
import { useAskToScore } from '../writes'

export function AskToScore({ place, label }: { place: SittingPlace; label: string }) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const scorers = useQuery(scorersQuery(place, open))
  const ask = useAskToScore(place)
  const [chosen, setChosen] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const asked = (scorers.data ?? []).filter((s) => s.request)

  async function send() {
    if (!chosen) {
      setErrors([t`Choose the person to ask.`])
      return
    }
    setBusy(true)
    setErrors([])
    try {
      const outcome = await ask({ scorer: Number(chosen) }, label)
      if (outcome.state === 'rejected') setErrors(outcome.messages)
      else if (outcome.state === 'not-stored') setErrors([t`This device has no space left to keep the request. Free some space and try again.`])
      else if (outcome.state === 'queued') showToast('info', t`You are offline. The request is saved on this device and will be sent when you are back online.`)
      else {
        showToast('success', t`Asked. The reading is in their list of readings to score.`)
        setChosen('')
      }
    } finally {
      setBusy(false)
    }
  }

  if (!open) {
    return <Button variant="secondary" className="min-h-11" aria-expanded={false} onClick={() => setOpen(true)}><Trans>Ask for a second scoring</Trans></Button>
  }
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      {scorers.isPending && <p role="status" className="text-sm text-slate-500"><Trans>Loading…</Trans></p>}
      {scorers.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {isNetworkError(scorers.error) ? <Trans>You are offline: connect to see who can be asked.</Trans> : <Trans>The list of people could not be loaded.</Trans>}
        </p>
      )}
      {scorers.data && scorers.data.length === 0 && <p className="text-sm text-slate-700"><Trans>Nobody else at this school may score this reading.</Trans></p>}
      {scorers.data && scorers.data.length > 0 && (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-scorer`} className="block text-sm font-medium text-slate-700"><Trans>Person to ask</Trans></label>
              <select id={`${id}-scorer`} value={chosen} onChange={(e) => setChosen(e.target.value)} aria-invalid={errors.length > 0 || undefined}
                aria-describedby={errors.length > 0 ? `${id}-error` : undefined} className="block min-h-11 rounded-md border border-slate-300 px-3 text-sm">
                <option value="">{t`Choose a person`}</option>
                {scorers.data.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
              </select>
            </div>
            <Button onClick={() => void send()} disabled={busy} className="min-h-11"><Trans>Ask to score it blind</Trans></Button>
          </div>
          {errors.length > 0 && <p id={`${id}-error`} role="alert" className="text-sm text-rose-700">{errors.join(' ')}</p>}
          {asked.length > 0 && (
            <ul className="space-y-1 text-sm" aria-label={t`People asked`} data-testid="asked-scorers">
              {asked.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-2">
                  {s.name} {s.request?.done_at ? <Badge tone="success"><Trans>Scored</Trans></Badge> : <Badge tone="pending"><Trans>Asked, not scored yet</Trans></Badge>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
