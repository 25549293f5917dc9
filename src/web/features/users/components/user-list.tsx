import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { UserRow } from '../../../../shared/schemas/user'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { Badge } from '../../../components/ui/badge'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { userWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { userListQuery, userWorkflowQuery } from '../queries'
import { roleName, roleSearchValue } from '../role-names'
import { useListDownload } from '../../../components/list/use-list-download'
import { api } from '../../../../shared/api'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (user: UserRow) => void
}

export function UserList({ query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const searchText = query.field === 'role' && query.q ? roleSearchValue(i18n, query.q) : query.q
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && searchText ? { [query.field]: searchText } : undefined }
  const download = useListDownload()
  const list = useQuery(userListQuery(listQuery))
  const workflow = useQuery(userWorkflowQuery())
  const pending = userWrites.usePendingRows()
  const deleteUser = userWrites.useDelete()
  const outcome = useWriteOutcome()

  // The list shows a combined name (spec §2); it sorts by first name and searches by first or last name.
  const columns: ListColumn<UserRow>[] = [
    { key: 'first_name', header: t`Name`, sortable: true, searchable: true, render: (user) => `${user.first_name} ${user.last_name}` },
    { key: 'email', header: t`Email`, sortable: true, searchable: true, render: (user) => <span dir="ltr">{user.email}</span> },
    { key: 'role', header: t`Role`, sortable: true, render: (user) => roleName(i18n, user.role) },
    {
      key: 'is_active', header: t({ message: 'Active', context: 'record status' }), sortable: true,
      render: (user) => user.is_active
        ? <Badge tone="success"><Trans context="record status">Active</Trans></Badge>
        : <Badge><Trans context="record status">Inactive</Trans></Badge>,
    },
    { key: 'schools', header: t`Schools`, render: (user) => user.school_names?.join(', ') ?? '' },
  ]

  const onDelete = async (user: UserRow) => {
    const result = await deleteUser(user)
    const name = `${user.first_name} ${user.last_name}`
    await outcome.deleted(result, { name, accepted: t`User “${name}” was deleted.` })
  }

  return (
    <ListTable
      title={t`Users`}
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
      onDownload={() => void download(api.usersDownload, listQuery)}
      extraSearchFields={[{ key: 'last_name', header: t`Last name` }, { key: 'role', header: t`Role` }]}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(user) => user.is_deletable}
      describeRow={(user) => `${user.first_name} ${user.last_name}`}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
