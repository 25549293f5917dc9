// The entries of a library on its edit page (spec §2): a table with add, edit and delete; the delete label
// of an entry is its title. Add and edit open the entry pages (assessment-library-entry/add, {id}/edit).
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { AssessmentLibraryEntry } from '../../../../shared/schemas/assessment-library'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { Badge } from '../../../components/ui/badge'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { entryWrites } from '../mutations'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { entryListQuery } from '../queries'

export function EntryList({ libraryId, onAdd, onEdit }: {
  libraryId: number
  onAdd: () => void
  onEdit: (entry: AssessmentLibraryEntry) => void
}) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const headingId = useId()
  const [query, setQuery] = useState<ListQueryState>({ page: 1 })
  const list = useQuery(entryListQuery(libraryId, {
    page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined,
  }))
  const pending = entryWrites.usePendingRows({ libraryId })
  const deleteEntry = entryWrites.useDelete({ libraryId })
  const outcome = useWriteOutcome()

  const columns: ListColumn<AssessmentLibraryEntry>[] = [
    { key: 'display_name', header: t`Entry name`, sortable: true, searchable: true },
    { key: 'description', header: t`Description`, searchable: true, render: (row) => <span className="line-clamp-2">{row.description}</span> },
    {
      key: 'inParentReport', header: t`In the parent report`, sortable: true,
      render: (row) => (row.inParentReport ? <Badge tone="success"><Trans>Yes</Trans></Badge> : <Badge><Trans>No</Trans></Badge>),
    },
    { key: 'assessments', header: t`Assessments`, render: (row) => <span className="tabular-nums">{row.assessments?.length ?? 0}</span> },
  ]

  const onDelete = async (entry: AssessmentLibraryEntry) => {
    const result = await deleteEntry(entry)
    const name = entry.title || entry.display_name
    await outcome.deleted(result, { name, accepted: t`Entry “${name}” was deleted.` })
  }

  return (
    <section aria-labelledby={headingId} className="mx-auto mt-6 w-full max-w-4xl space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900"><Trans>Entries of this library</Trans></h2>
      <ListTable
        title={t`Entries of this library`}
        columns={columns}
        rows={list.data?.results}
        count={list.data?.count ?? 0}
        status={list.data ? 'success' : list.status}
        errorMessage={list.error ? describeError(i18n, list.error).join(' ') : undefined}
        isOffline={!online}
        query={query}
        onQueryChange={setQuery}
        onRetry={() => void list.refetch()}
        onAdd={onAdd}
        onEdit={onEdit}
        onDelete={onDelete}
        describeRow={(entry) => entry.title || entry.display_name}
        pendingRows={pending}
      />
    </section>
  )
}
