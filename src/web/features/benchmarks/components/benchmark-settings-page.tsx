// "Benchmarks" (issue 26, ADR 0124): the table each passage language is judged by, when each season starts, and
// which digits Arabic reports use; and an own table loaded from a spreadsheet. Institution administrators change
// them online; offline, or for other roles, the screen shows the last settings seen, read-only, and says why.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { Button } from '../../../components/ui/button'
import { InfoIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { benchmarkSettingsQuery } from '../queries'
import { SettingsForm } from './settings-form'
import { TableUpload } from './table-upload'

export function BenchmarkSettingsPage({ canWrite }: { canWrite: boolean }) {
  const settings = useQuery(benchmarkSettingsQuery())
  const online = useOnline()
  if (!settings.data) return <LoadState error={settings.error} onRetry={() => void settings.refetch()} />
  const editable = canWrite && online
  return (
    <div className="space-y-10">
      {!canWrite && <Note><Trans>These are your institution's benchmark settings. Only institution administrators can change them.</Trans></Note>}
      {canWrite && !online && <Note><Trans>You are offline. These are the settings last seen on this device; they can be changed when the connection is back.</Trans></Note>}
      <SettingsForm settings={settings.data} editable={editable} />
      {canWrite && <TableUpload editable={editable} />}
    </div>
  )
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
      <InfoIcon className="size-5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  )
}

function LoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui()
  if (!error) {
    return <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500"><Spinner /><Trans>Loading…</Trans></div>
  }
  return (
    <div role="alert" className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
      <p>{describeError(i18n, error).join(' ')}</p>
      <Button onClick={onRetry}><Trans>Try again</Trans></Button>
    </div>
  )
}
