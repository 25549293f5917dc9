import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Section } from '../../../../shared/schemas/section'
import { ListTable } from '../../../components/list/list-table'
import { useListDownload } from '../../../components/list/use-list-download'
import { api } from '../../../../shared/api'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { useDeleteSection, usePendingSections } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
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
  const pending = usePendingSections(schoolId)
  const deleteSection = useDeleteSection(schoolId)
  const discard = useDiscardWrite()
  const download = useListDownload()

  const columns: ListColumn<Section>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: t`Section name`, sortable: true, searchable: true },
  ]

  const onDelete = async (section: Section) => {
    const result = await deleteSection(section)
    const name = section.display_name
    if (result.state === 'accepted') showToast('success', t`Section “${name}” was deleted.`)
    else if (result.state === 'rejected') {
      await discard(result.item.id)
      showToast('error', [...(result.item.rejection?.errors ?? [])].join(' ') || t`The section could not be deleted.`)
    } else if (online) showToast('error', t`Delete failed! Something went wrong. It will be retried automatically.`)
    else showToast('info', t`You are offline. “${name}” will be deleted when you reconnect.`)
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
