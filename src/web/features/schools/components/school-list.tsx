import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../../shared/api'
import type { School } from '../../../../shared/schemas/school'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { useListDownload } from '../../../components/list/use-list-download'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { schoolWrites } from '../mutations'
import { useRefreshReferenceWhenSynced } from '../../../lib/query/refresh-reference'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { schoolListQuery, schoolWorkflowQuery } from '../queries'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (school: School) => void
}

export function SchoolList({ query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(schoolListQuery(listQuery))
  const workflow = useQuery(schoolWorkflowQuery())
  const pending = schoolWrites.usePendingRows()
  const deleteSchool = schoolWrites.useDelete()
  const outcome = useWriteOutcome()
  const download = useListDownload()
  useRefreshReferenceWhenSynced(schoolWrites, 'schools')

  const columns: ListColumn<School>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`School name`, sortable: true, searchable: true },
    {
      key: 'arabic_display_name', header: t`Arabic school name`, sortable: true, searchable: true,
      render: (school) => <span dir="rtl" lang="ar">{school.arabic_display_name}</span>,
    },
    { key: 'phone_number', header: t`Phone number`, sortable: true, searchable: true, render: (school) => <span dir="ltr">{school.phone_number}</span> },
    { key: 'city', header: t`City`, sortable: true, searchable: true, render: (school) => school.school_address?.city ?? '' },
  ]

  const onDelete = async (school: School) => {
    const result = await deleteSchool(school)
    const name = school.display_name
    await outcome.deleted(result, { name, accepted: t`School “${name}” was deleted.` })
  }

  return (
    <ListTable
      title={t`Schools`}
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
      onDownload={() => void download(api.schoolsDownload, listQuery)}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(school) => school.is_deletable}
      describeRow={(school) => school.display_name}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
