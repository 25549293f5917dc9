import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../../shared/api'
import type { AssessmentLibrary } from '../../../../shared/schemas/assessment-library'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { Badge } from '../../../components/ui/badge'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { withLoader } from '../../../lib/notify/loader'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { libraryWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { libraryListQuery } from '../queries'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (library: AssessmentLibrary) => void
  /** Opens the upload screen (assessment-library/upload). */
  onUpload: () => void
}

export function LibraryList({ query, onQueryChange, onAdd, onEdit, onUpload }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const list = useQuery(libraryListQuery({
    page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined,
  }))
  const pending = libraryWrites.usePendingRows()
  const deleteLibrary = libraryWrites.useDelete()
  const outcome = useWriteOutcome()

  const yesNo = (on: boolean | undefined) => (on ? <Badge tone="success"><Trans>Yes</Trans></Badge> : <Badge><Trans>No</Trans></Badge>)
  const columns: ListColumn<AssessmentLibrary>[] = [
    { key: 'display_name', header: t`Name`, sortable: true, searchable: true },
    { key: 'isReport', header: t`Report`, sortable: true, render: (row) => yesNo(row.isReport) },
    { key: 'isGlobal', header: t`Global`, sortable: true, render: (row) => yesNo(row.isGlobal) },
    { key: 'switches', header: t`Switches`, sortable: true, searchable: true, render: (row) => <span dir="ltr">{row.switches}</span> },
    { key: 'entry_count', header: t`Entries`, render: (row) => <span className="tabular-nums">{row.entry_count ?? 0}</span> },
  ]

  const download = async (path: string) => {
    if (!online) {
      showToast('info', t`Downloads need a connection. Try again when you are online.`)
      return
    }
    try {
      await withLoader(() => downloadFile({ path }))
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }

  const onDelete = async (library: AssessmentLibrary) => {
    const result = await deleteLibrary(library)
    const name = library.display_name
    await outcome.deleted(result, { name, accepted: t`Library “${name}” was deleted.` })
  }

  return (
    <>
      <ListTable
        title={t`Assessment libraries`}
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
        onExport={() => void download(api.assessmentLibrariesExport)}
        onDownload={() => void download(api.assessmentLibrariesDownload)}
        onUpload={onUpload}
        onEdit={onEdit}
        onDelete={onDelete}
        describeRow={(row) => row.display_name}
        pendingRows={pending}
      />
    </>
  )
}
