import { Trans, useLingui } from '@lingui/react/macro'
import { describeError } from '../../lib/api/error-messages'
import { Button } from '../ui/button'
import { Spinner } from '../ui/spinner'

/** What an edit form shows until its record is loaded, or why it could not be. */
export function FormLoadState({ error, onRetry, onBack }: { error: unknown; onRetry: () => void; onBack: () => void }) {
  const { i18n } = useLingui()
  if (!error) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
        <Spinner /><Trans>Loading…</Trans>
      </div>
    )
  }
  return (
    <div role="alert" className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
      <p>{describeError(i18n, error).join(' ')}</p>
      <div className="flex justify-center gap-3">
        <Button variant="secondary" onClick={onBack}><Trans>Back to the list</Trans></Button>
        <Button onClick={onRetry}><Trans>Try again</Trans></Button>
      </div>
    </div>
  )
}
