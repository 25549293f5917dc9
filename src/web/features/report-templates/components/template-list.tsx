import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { SVGProps } from 'react'
import { api } from '../../../../shared/api'
import type { ReportTemplate } from '../../../../shared/schemas/report-template'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState, RowAction } from '../../../components/list/list-types'
import { DownloadIcon } from '../../../components/ui/icons'
import { apiRequest } from '../../../lib/api/api-client'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { withLoader } from '../../../lib/notify/loader'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { templateWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { libraryOptionsQuery, templateKeys, templateListQuery } from '../queries'
import { reportTypeLabel, scopeLabel } from '../report-labels'
import { EmailDialog } from './email-dialog'

function MailIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" />
    </svg>
  )
}

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (template: ReportTemplate) => void
  /** Opens the upload screen (report-template/upload); absent for users who may not upload. */
  onUpload?: () => void
  /** The signed-in user's address, offered for the per-row email. */
  userEmail: string
}

export function TemplateList({ query, onQueryChange, onAdd, onEdit, onUpload, userEmail }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const queryClient = useQueryClient()
  const list = useQuery(templateListQuery({
    page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined,
  }))
  const libraries = useQuery(libraryOptionsQuery()).data
  const libraryNames = new Map((libraries ?? []).map((l) => [l.id, l.display_name]))
  const pending = templateWrites.usePendingRows()
  const deleteTemplate = templateWrites.useDelete()
  const outcome = useWriteOutcome()
  const [emailing, setEmailing] = useState<ReportTemplate | null>(null)

  const needOnline = (): boolean => {
    if (online) return true
    showToast('info', t`This needs a connection. Try again when you are online.`)
    return false
  }

  const download = async (path: string, refresh = false) => {
    if (!needOnline()) return
    try {
      await withLoader(() => downloadFile({ path }))
      if (refresh) void queryClient.invalidateQueries({ queryKey: templateKeys.lists() })
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }

  const columns: ListColumn<ReportTemplate>[] = [
    { key: 'name', header: t`Name`, sortable: true, searchable: true },
    { key: 'assessmentLibrary_name', header: t`Assessment library`, render: (row) => row.assessmentLibrary_name ?? libraryNames.get(row.assessmentLibrary) ?? '' },
    { key: 'reportType', header: t`Report type`, sortable: true, render: (row) => reportTypeLabel(i18n, row.reportType, libraryNames) },
    { key: 'reportScope', header: t`Report scope`, sortable: true, render: (row) => scopeLabel(i18n, row.reportScope) },
    {
      key: 'savedFileName', header: t`Saved file`,
      render: (row) => row.savedFileName && row.saved_file_url ? (
        <button type="button" onClick={() => void download(row.saved_file_url!)}
          className="inline-flex items-center gap-1 rounded text-start font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          <DownloadIcon className="size-4 shrink-0" /><span dir="auto">{row.savedFileName}</span>
        </button>
      ) : <span className="text-slate-400"><Trans>None yet</Trans></span>,
    },
  ]

  const actions: RowAction<ReportTemplate>[] = [
    { label: t`Download`, icon: <DownloadIcon className="size-4" />, onClick: (row) => void download(api.reportTemplateDownload(row.id), true) },
    { label: t`Email`, icon: <MailIcon className="size-4" />, onClick: (row) => { if (needOnline()) setEmailing(row) } },
  ]

  const sendEmail = async (template: ReportTemplate, email: string): Promise<string[]> => {
    try {
      const payload = await apiRequest<{ message?: string }>({
        path: api.reportTemplateEmail(template.id), query: new URLSearchParams({ email }),
      })
      showToast('success', payload?.message ?? t`The report template was sent to ${email}.`)
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() })
      return []
    } catch (error) {
      return describeError(i18n, error)
    }
  }

  const onDelete = async (template: ReportTemplate) => {
    const result = await deleteTemplate(template)
    const name = template.name
    await outcome.deleted(result, { name, accepted: t`Template “${name}” was deleted.` })
  }

  return (
    <>
      <ListTable
        title={t`Report templates`}
        columns={columns}
        rows={list.data?.results}
        count={list.data?.count ?? 0}
        status={list.data ? 'success' : list.status}
        errorMessage={list.error ? describeError(i18n, list.error).join(' ') : undefined}
        isOffline={!online}
        query={query}
        onQueryChange={onQueryChange}
        onRetry={() => void list.refetch()}
        onAdd={onAdd}
        onExport={() => void download(api.reportTemplatesExport)}
        onDownload={() => void download(api.reportTemplatesDownload)}
        onUpload={onUpload}
        onEdit={onEdit}
        onDelete={onDelete}
        canDelete={(row) => row.is_deletable !== false}
        customActions={actions}
        describeRow={(row) => row.name}
        pendingRows={pending}
      />
      <EmailDialog
        open={emailing !== null}
        templateName={emailing?.name ?? ''}
        defaultEmail={userEmail}
        onClose={() => setEmailing(null)}
        onSend={(email) => (emailing ? sendEmail(emailing, email) : Promise.resolve([]))}
      />
    </>
  )
}
