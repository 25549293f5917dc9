import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { api, listSearchParams } from '../../../../shared/api'
import type { AcademicYear } from '../../../../shared/schemas/academic-year'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { Badge } from '../../../components/ui/badge'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { academicYearWrites } from '../mutations'
import { useRefreshReferenceWhenSynced } from '../../../lib/query/refresh-reference'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { academicYearListQuery, academicYearWorkflowQuery } from '../queries'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (year: AcademicYear) => void
}

export function AcademicYearList({ query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(academicYearListQuery(listQuery))
  const workflow = useQuery(academicYearWorkflowQuery())
  const pending = academicYearWrites.usePendingRows()
  const deleteYear = academicYearWrites.useDelete()
  const outcome = useWriteOutcome()
  useRefreshReferenceWhenSynced(academicYearWrites, 'years')

  const columns: ListColumn<AcademicYear>[] = [
    { key: 'display_name', header: t`Academic year`, sortable: true, searchable: true, render: (year) => <span dir="ltr">{year.display_name}</span> },
    {
      key: 'is_active', header: t`Status`, sortable: true,
      render: (year) => year.is_active
        ? <Badge tone="success"><Trans context="record status">Active</Trans></Badge>
        : <Badge><Trans context="record status">Inactive</Trans></Badge>,
    },
  ]

  const onDelete = async (year: AcademicYear) => {
    const result = await deleteYear(year)
    const name = year.display_name
    await outcome.deleted(result, { name, accepted: t`Academic year “${name}” was deleted.` })
  }

  const onDownload = async () => {
    if (!online) {
      showToast('info', t`You are offline. Downloads need a connection.`)
      return
    }
    try {
      await downloadFile({ path: api.academicYearsDownload, query: listSearchParams({ ordering: listQuery.ordering, filters: listQuery.filters }) })
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }

  return (
    <ListTable
      title={t`Academic years`}
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
      onDownload={() => void onDownload()}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(year) => year.is_deletable}
      describeRow={(year) => year.display_name}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
