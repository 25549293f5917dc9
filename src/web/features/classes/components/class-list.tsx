import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SchoolClass } from '../../../../shared/schemas/class'
import { api, listSearchParams } from '../../../../shared/api'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { useDeleteClass, usePendingClasses } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
import { classListQuery, classWorkflowQuery, toListQuery } from '../queries'
import { ClassConflictBanner } from './class-conflict'

type Props = {
  schoolId: number
  yearId: number
  /** Whether the user's role may change classes (the server refuses otherwise). */
  canWrite: boolean
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (schoolClass: SchoolClass) => void
}

export function ClassList({ schoolId, yearId, canWrite, query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = toListQuery(query)
  const list = useQuery(classListQuery(schoolId, yearId, listQuery))
  const workflow = useQuery(classWorkflowQuery(schoolId))
  const pending = usePendingClasses(schoolId)
  const deleteClass = useDeleteClass(schoolId)
  const discard = useDiscardWrite()

  const columns: ListColumn<SchoolClass>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`Class name`, sortable: true, searchable: true },
    { key: 'grade_name', header: t`Grade` },
    { key: 'section_name', header: t`Section`, render: (row) => row.section_name ?? '' },
  ]

  const onDelete = async (schoolClass: SchoolClass) => {
    const result = await deleteClass(schoolClass)
    const name = schoolClass.display_name
    if (result.state === 'accepted') showToast('success', t`Class “${name}” was deleted.`)
    else if (result.state === 'rejected') {
      await discard(result.item.id)
      showToast('error', [...(result.item.rejection?.errors ?? [])].join(' ') || t`The class could not be deleted.`)
    } else if (online) showToast('error', t`Delete failed! Something went wrong. It will be retried automatically.`)
    else showToast('info', t`You are offline. “${name}” will be deleted when you reconnect.`)
  }

  const onDownload = async () => {
    if (!online) {
      showToast('info', t`Downloads need a connection. Try again when you are online.`)
      return
    }
    try {
      await downloadFile({ path: api.classesDownload(schoolId), query: listSearchParams({ ordering: listQuery.ordering, filters: listQuery.filters }) })
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }

  return (
    <>
      <ClassConflictBanner schoolId={schoolId} />
      <ListTable
        title={t`Classes`}
        rowLink="/student?field=class_name&q={{display_name}}"
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
        onEdit={canWrite ? onEdit : undefined}
        onDelete={canWrite ? onDelete : undefined}
        canDelete={(schoolClass) => schoolClass.is_deletable}
        describeRow={(schoolClass) => schoolClass.display_name}
        addDisabledMessage={workflow.data?.message ?? null}
        pendingRows={pending}
      />
    </>
  )
}
