// The institution's miscue taxonomy: every type with its English and Arabic names, its colour (swatch, name and
// code), whether it counts as an error, the passages it is offered on and whether it is active. Administrators add
// and edit types; every other role reads the same table.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { localListPage } from '../../../components/list/local-list'
import { Badge } from '../../../components/ui/badge'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { miscueTypeWrites } from '../mutations'
import { miscueTypesQuery } from '../queries'
import { CLASS_CHOICES, LANGUAGE_CHOICES, SOURCE_LABELS, typeSource } from '../type-labels'
import { ColourSwatch } from './colour-swatch'

type Props = {
  canWrite: boolean
  onAdd: () => void
  onEdit: (type: MiscueType) => void
}

export function MiscueTypeList({ canWrite, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const list = useQuery(miscueTypesQuery())
  const pending = miscueTypeWrites.usePendingRows({})
  const [query, setQuery] = useState<ListQueryState>({ page: 1 })
  const page = localListPage(list.data?.results ?? [], query, i18n.locale)

  const yesNo = (on: boolean) => (
    <span className="whitespace-nowrap">{on ? <Badge tone="danger"><Trans>An error</Trans></Badge> : <Badge><Trans>Not an error</Trans></Badge>}</span>
  )
  const columns: ListColumn<MiscueType>[] = [
    { key: 'display_name', header: t`English name`, sortable: true, searchable: true, renderPending: true,
      render: (row) => <span lang="en" dir="ltr">{row.display_name}</span> },
    { key: 'arabic_display_name', header: t`Arabic name`, sortable: true, searchable: true, renderPending: true,
      render: (row) => <span lang="ar" dir="rtl">{row.arabic_display_name}</span> },
    { key: 'color_code', header: t`Colour`, renderPending: true, render: (row) => <ColourSwatch hex={row.color_code} /> },
    { key: 'counts_as_error', header: t`Counts as`, sortable: true, renderPending: true, render: (row) => yesNo(row.counts_as_error) },
    { key: 'language', header: t`Offered on`, renderPending: true, render: (row) => {
      const treatment = row.scoring_class ? i18n._(CLASS_CHOICES[row.scoring_class]) : null
      return (
        <span className="flex flex-col">
          <span>{i18n._(LANGUAGE_CHOICES[row.language ?? 'all'])}</span>
          {treatment && <span className="text-xs text-slate-500">{t`Profiles treat it as: ${treatment}`}</span>}
        </span>
      )
    } },
    { key: 'active', header: t`Status`, sortable: true, renderPending: true,
      render: (row) => (row.active === false ? <Badge><Trans>Switched off</Trans></Badge> : <Badge tone="success"><Trans>Active</Trans></Badge>) },
    { key: 'own', header: t`Source`, render: (row) => <span className="text-xs text-slate-600">{i18n._(SOURCE_LABELS[typeSource(row)])}</span> },
  ]

  return (
    <ListTable
      title={t`Miscue types`}
      columns={columns}
      rows={page.rows}
      count={page.count}
      status={list.data ? 'success' : list.status}
      errorMessage={list.error ? describeError(i18n, list.error).join(' ') : undefined}
      isOffline={!online}
      savedAt={list.dataUpdatedAt || undefined}
      query={query}
      onQueryChange={setQuery}
      onRetry={() => void list.refetch()}
      onAdd={canWrite ? onAdd : undefined}
      onEdit={canWrite ? onEdit : undefined}
      describeRow={(row) => (i18n.locale === 'ar' ? row.arabic_display_name : row.display_name)}
      pendingRows={pending}
    />
  )
}
