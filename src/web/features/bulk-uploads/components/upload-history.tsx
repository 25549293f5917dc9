import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { api } from '../../../../shared/api'
import type { UploadKind } from '../../../../shared/bulk/upload-kinds'
import type { UploadSummary } from '../../../../shared/schemas/bulk-upload'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ChevronDownIcon, DownloadIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { cx } from '../../../components/ui/cx'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { withLoader } from '../../../lib/notify/loader'
import { showToast } from '../../../lib/notify/toasts'
import { resultLabel, resultLines } from '../file-problems'
import { historyQuery, uploadStatusQuery } from '../queries'

/** The user's earlier uploads of this kind: their outcome stays available here after the screen is left. */
export function UploadHistory({ kind, online }: { kind: UploadKind; online: boolean }) {
  const { i18n } = useLingui()
  const history = useQuery(historyQuery(kind))
  return (
    <section aria-labelledby={`${kind}-history-title`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h3 id={`${kind}-history-title`} className="border-b border-slate-100 px-6 py-3 text-sm font-semibold text-slate-900"><Trans>Earlier uploads</Trans></h3>
      {history.isPending && (
        <p className="flex items-center gap-2 px-6 py-6 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading earlier uploads…</Trans></p>
      )}
      {history.isError && !history.data && (
        <div role="alert" className="flex flex-wrap items-center gap-3 px-6 py-6 text-sm text-rose-800">
          {online ? describeError(i18n, history.error).join(' ') : <Trans>Earlier uploads show when you are online.</Trans>}
          {online && <Button size="sm" variant="secondary" onClick={() => void history.refetch()}><Trans>Try again</Trans></Button>}
        </div>
      )}
      {history.data?.length === 0 && <p className="px-6 py-6 text-sm text-slate-500"><Trans>No uploads yet.</Trans></p>}
      {history.data && history.data.length > 0 && (
        <ul className="divide-y divide-slate-100">{history.data.map((u) => <HistoryEntry key={u.id} upload={u} online={online} />)}</ul>
      )}
    </section>
  )
}

function StateBadge({ upload }: { upload: UploadSummary }) {
  switch (upload.state) {
    case 'SUCCESS':
      return <Badge tone={upload.error_count ? 'pending' : 'success'}><Trans>Done</Trans></Badge>
    case 'FAILURE':
      return <Badge tone="danger"><Trans>Stopped</Trans></Badge>
    default:
      return <Badge tone="pending"><Trans>Importing</Trans></Badge>
  }
}

function HistoryEntry({ upload, online }: { upload: UploadSummary; online: boolean }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(upload.created_at))
  const success = upload.success_count
  const refused = upload.error_count
  const total = upload.total
  const downloadRefused = async () => {
    try {
      await withLoader(() => downloadFile({ path: api.bulkUploadRefused(upload.id) }))
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }
  return (
    <li className="px-6 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900"><bdi>{upload.file_name}</bdi></p>
          <p className="text-xs text-slate-500">{when} · <Plural value={total} one={`${success} of # row uploaded, ${refused} refused`} other={`${success} of # rows uploaded, ${refused} refused`} /></p>
        </div>
        <StateBadge upload={upload} />
        {refused > 0 && online && (
          <Button size="sm" variant="secondary" icon={<DownloadIcon className="size-4" />} onClick={() => void downloadRefused()}><Trans>Refused rows</Trans></Button>
        )}
        {(refused > 0 || upload.error) && (
          <button type="button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            {open ? t`Hide details` : t`Show details`}
            <ChevronDownIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />
          </button>
        )}
      </div>
      {open && <div id={detailsId} className="mt-2"><HistoryDetails upload={upload} /></div>}
    </li>
  )
}

function HistoryDetails({ upload }: { upload: UploadSummary }) {
  const { i18n } = useLingui()
  const status = useQuery(uploadStatusQuery(upload.id))
  if (upload.error) return <p className="text-rose-800">{upload.error}</p>
  if (status.isPending) return <p className="flex items-center gap-2 text-slate-500"><Spinner className="size-4" /><Trans>Loading…</Trans></p>
  if (status.isError) return <p role="alert" className="text-rose-800">{describeError(i18n, status.error).join(' ')}</p>
  return (
    <ul className="max-h-64 space-y-1 overflow-y-auto rounded-lg bg-rose-50 px-3 py-2 text-rose-900 ring-1 ring-rose-200">
      {status.data.results.map((r) => {
        const row = r.row
        const label = resultLabel(r)
        return <li key={row}><span className="font-medium"><Trans>Row {row}</Trans></span>{label && <>: <bdi>{label}</bdi></>} — {resultLines(r).join('; ')}</li>
      })}
      {status.data.more_results && <li><Trans>More rows are in the refused rows file.</Trans></li>}
    </ul>
  )
}
