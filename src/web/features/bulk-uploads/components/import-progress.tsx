import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { UploadResultRow } from '../../../../shared/schemas/bulk-upload'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { describeError } from '../../../lib/api/error-messages'
import { uploadStatusQuery } from '../queries'

/** A large upload imported in the background: its progress, polled until it ends. */
export function ImportProgress({ uploadId, total, onFinished }: {
  uploadId: string
  total: number
  onFinished: (outcome: { results: UploadResultRow[]; success: number; total: number } | { error: string }) => void
}) {
  const { t, i18n } = useLingui()
  const status = useQuery(uploadStatusQuery(uploadId))
  const data = status.data
  useEffect(() => {
    if (data?.state === 'SUCCESS') onFinished({ results: data.results, success: data.success_count, total: data.total })
    if (data?.state === 'FAILURE') onFinished({ error: data.error ?? t`The import stopped before the end.` })
  }, [data, onFinished, t])
  const done = (data?.processed ?? 0).toLocaleString(i18n.locale)
  const all = (data?.total ?? total).toLocaleString(i18n.locale)
  const percent = data && data.total ? (data.processed / data.total) * 100 : 2
  return (
    <section aria-live="polite" className="space-y-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ProgressBar percent={percent} label={data?.state === 'PENDING' || !data ? t({ message: plural(all, { one: 'Waiting to import # row…', other: 'Waiting to import # rows…' }) }) : t`Importing rows: ${done} of ${all}`} />
      <p className="text-xs text-slate-500">{t`You can leave this page: the import goes on, and its results stay under Earlier uploads.`}</p>
      {status.isError && <p role="alert" className="text-sm text-rose-700">{describeError(i18n, status.error).join(' ')}</p>}
    </section>
  )
}
