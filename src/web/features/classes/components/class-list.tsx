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
import { classWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { classListQuery, classWorkflowQuery, toListQuery } from '../queries'
import { RejectedWritesBanner } from '../../../components/form/conflict-dialog'
import { useClassConflictFields } from './class-conflict-fields'

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
  const pending = classWrites.usePendingRows({ schoolId })
  const deleteClass = classWrites.useDelete({ schoolId })
  const outcome = useWriteOutcome()
  const conflictFields = useClassConflictFields(schoolId)

  const columns: ListColumn<SchoolClass>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`Class name`, sortable: true, searchable: true },
    { key: 'grade_name', header: t`Grade` },
    { key: 'section_name', header: t`Section`, render: (row) => row.section_name ?? '' },
  ]

  const onDelete = async (schoolClass: SchoolClass) => {
    const result = await deleteClass(schoolClass)
    const name = schoolClass.display_name
    await outcome.deleted(result, { name, accepted: t`Class “${name}” was deleted.` })
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
      <RejectedWritesBanner writes={classWrites} ctx={{ schoolId }} fields={conflictFields} />
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
