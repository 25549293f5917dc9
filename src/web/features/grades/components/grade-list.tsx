import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Grade } from '../../../../shared/schemas/grade'
import { ListTable } from '../../../components/list/list-table'
import { useListDownload } from '../../../components/list/use-list-download'
import { api } from '../../../../shared/api'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { gradeWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { gradeListQuery, gradeWorkflowQuery } from '../queries'

type Props = {
  schoolId: number
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (grade: Grade) => void
}

export function GradeList({ schoolId, query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(gradeListQuery(schoolId, listQuery))
  const workflow = useQuery(gradeWorkflowQuery(schoolId))
  const pending = gradeWrites.usePendingRows({ schoolId })
  const deleteGrade = gradeWrites.useDelete({ schoolId })
  const outcome = useWriteOutcome()
  const download = useListDownload()

  const columns: ListColumn<Grade>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`Grade name`, sortable: true, searchable: true },
  ]

  const onDelete = async (grade: Grade) => {
    const result = await deleteGrade(grade)
    const name = grade.display_name
    await outcome.deleted(result, { name, accepted: t`Grade “${name}” was deleted.` })
  }

  return (
    <ListTable
      title={t`Grades`}
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
      onDownload={() => void download(api.gradesDownload(schoolId), listQuery)}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(grade) => grade.is_deletable}
      describeRow={(grade) => grade.display_name}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
