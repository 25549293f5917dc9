// Loading, offline-without-a-copy and error states of the student report screens.
import { Trans } from '@lingui/react/macro'
import { AlertIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { isApiError, isNetworkError } from '../../../lib/api/api-error'

export function ReportLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) {
    return <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading…</Trans></p>
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
      <AlertIcon className="size-5" />
      {isNetworkError(error)
        ? <Trans>You are offline and this report was not saved on this device.</Trans>
        : isApiError(error) ? error.allMessages.join(' ') : <Trans>The report could not be loaded.</Trans>}
      {!isNetworkError(error) && <button type="button" className="font-medium underline" onClick={onRetry}><Trans>Try again</Trans></button>}
    </div>
  )
}
