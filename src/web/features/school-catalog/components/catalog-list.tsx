// The list screen of a school catalog (grades or sections); each feature supplies its own wording.
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ListTable } from '../../../components/list/list-table'
import { useListDownload } from '../../../components/list/use-list-download'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import type { CatalogEntry, CatalogFeature } from '../catalog-feature'

export type CatalogListProps = {
  schoolId: number
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (entry: CatalogEntry) => void
}

type Wording = {
  title: string
  nameHeader: string
  /** Toast once the server accepted the delete. */
  deleted: (name: string) => string
}

export function CatalogList({ catalog, wording, schoolId, query, onQueryChange, onAdd, onEdit }: CatalogListProps & {
  catalog: CatalogFeature
  wording: Wording
}) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(catalog.listQuery(schoolId, listQuery))
  const workflow = useQuery(catalog.workflowQuery(schoolId))
  const pending = catalog.writes.usePendingRows({ schoolId })
  const deleteEntry = catalog.writes.useDelete({ schoolId })
  const outcome = useWriteOutcome()
  const download = useListDownload()

  const columns: ListColumn<CatalogEntry>[] = [
    { key: 'identifier', header: t`Identifier`, sortable: true, searchable: true },
    { key: 'display_name', header: wording.nameHeader, sortable: true, searchable: true },
  ]

  const onDelete = async (entry: CatalogEntry) => {
    const result = await deleteEntry(entry)
    const name = entry.display_name
    await outcome.deleted(result, { name, accepted: wording.deleted(name) })
  }

  return (
    <ListTable
      title={wording.title}
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
      onDownload={() => void download(catalog.paths.download(schoolId), listQuery)}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={(entry) => entry.is_deletable}
      describeRow={(entry) => entry.display_name}
      addDisabledMessage={workflow.data?.message ?? null}
      pendingRows={pending}
    />
  )
}
