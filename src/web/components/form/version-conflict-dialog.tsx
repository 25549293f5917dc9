// Shown when the server refused an edit because someone else changed the record first (HTTP 409):
// the user's values beside the server's current ones, field by field, with the two ways out.
// "Keep mine" sends the user's values again over the current version; "Use theirs" drops the user's
// change. Closing the dialog decides nothing: the change stays in the outbox, marked as rejected.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { cx } from '../ui/cx'
import { Spinner } from '../ui/spinner'

export type ConflictRow = { key: string; label: string; mine: string; theirs: string; dir?: 'ltr' | 'rtl' | 'auto' }

type Props = {
  open: boolean
  title: ReactNode
  /** Who or what the record is (a name), shown under the title. */
  subject?: ReactNode
  rows: readonly ConflictRow[] | undefined
  loading?: boolean
  /** Why the current values could not be loaded; the user can still decide later. */
  error?: ReactNode
  onRetry?: () => void
  busy?: boolean
  onKeepMine: () => void
  onUseTheirs: () => void
  onClose: () => void
}

export function VersionConflictDialog({
  open, title, subject, rows, loading, error, onRetry, busy, onKeepMine, onUseTheirs, onClose,
}: Props) {
  const { t } = useLingui()
  const changed = (rows ?? []).filter((row) => row.mine !== row.theirs).length
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-full w-full max-w-2xl flex-col rounded-xl bg-white shadow-xl ring-1 ring-slate-200">
          <div className="border-b border-slate-100 px-6 py-4">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <Description as="div" className="mt-1 space-y-1 text-sm text-slate-600">
              {subject && <p className="font-medium text-slate-800">{subject}</p>}
              <p><Trans>Someone else changed this record after you started editing it. Compare the two versions and choose which one to keep.</Trans></p>
            </Description>
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-6 py-4">
            {loading && (
              <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500"><Spinner /><Trans>Loading the current version…</Trans></p>
            )}
            {!loading && error && (
              <div role="alert" className="space-y-3 py-6 text-center text-sm text-slate-600">
                <p>{error}</p>
                {onRetry && <Button size="sm" variant="secondary" onClick={onRetry}><Trans>Try again</Trans></Button>}
              </div>
            )}
            {!loading && !error && rows && (
              <table className="min-w-full text-sm">
                <caption className="sr-only">{t`Your version and the current version, field by field`}</caption>
                <thead className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start"><Trans>Field</Trans></th>
                    <th scope="col" className="px-3 py-2 text-start"><Trans>Your version</Trans></th>
                    <th scope="col" className="px-3 py-2 text-start"><Trans>Current version</Trans></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((row) => {
                    const differs = row.mine !== row.theirs
                    return (
                      <tr key={row.key} className={cx(differs && 'bg-amber-50/70')}>
                        <th scope="row" className="px-3 py-2 text-start font-medium text-slate-700">
                          <span className="inline-flex flex-wrap items-center gap-2">
                            {row.label}
                            {differs && <Badge tone="pending"><Trans>Different</Trans></Badge>}
                          </span>
                        </th>
                        <td className="px-3 py-2 text-slate-900" dir={row.dir ?? 'auto'}>{row.mine || '—'}</td>
                        <td className="px-3 py-2 text-slate-900" dir={row.dir ?? 'auto'}>{row.theirs || '—'}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            )}
            {!loading && !error && rows && changed === 0 && (
              <p className="mt-3 text-sm text-slate-600"><Trans>The two versions hold the same values.</Trans></p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
            <Button variant="ghost" onClick={onClose} disabled={busy}><Trans>Decide later</Trans></Button>
            <Button variant="secondary" onClick={onUseTheirs} disabled={busy || loading || Boolean(error)}><Trans>Use theirs</Trans></Button>
            <Button onClick={onKeepMine} disabled={busy || loading || Boolean(error)} aria-busy={busy || undefined}>
              {busy && <Spinner className="size-4 border-white/40 border-t-white" />}
              <Trans>Keep mine</Trans>
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
