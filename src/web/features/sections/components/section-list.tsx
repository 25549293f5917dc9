import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Section } from '../../../../shared/schemas/section'
import { ListTable } from '../../../components/list/list-table'
import { useListDownload } from '../../../components/list/use-list-download'
import { api } from '../../../../shared/api'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { sectionWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { sectionListQuery, sectionWorkflowQuery } from '../queries'

type Props = {
  schoolId: number
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (section: Section) => void
}

export function SectionList({ schoolId, query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(sectionListQuery(schoolId, listQuery))
  const workflow = useQuery(sectionWorkflowQuery(schoolId))
  const pending = sectionWrites.usePendingRows({ schoolId })
  const deleteSection = sectionWrites.useDelete({ schoolId })
  const outcome = useWriteOutcome()
  const download = useListDownload()

  const columns: ListColumn<Section>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`Section name`, sortable: true, searchable: true },
  ]

  const onDelete = async (section: Section) => {
    const result = await deleteSection(section)
    const name = section.display_name
    await outcome.deleted(result, { name, accepted: t`Section “${name}” was deleted.` })
  }

  return (
    <ListTable
      title={t`Sections`}
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
      onDownload={() => void download(api.sectionsDownload(schoolId), listQuery)}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(section) => section.is_deletable}
      describeRow={(section) => section.display_name}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
