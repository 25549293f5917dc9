import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { InstitutionListRow } from '../../../../shared/schemas/institution'
import { api } from '../../../../shared/api'
import { ListTable } from '../../../components/list/list-table'
import { useListDownload } from '../../../components/list/use-list-download'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { cx } from '../../../components/ui/cx'
import { KeyIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { LICENCE_STATUS_LABELS, LICENCE_STATUS_TONE } from '../licence-status'
import { institutionWrites } from '../mutations'
import { institutionListQuery } from '../queries'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (institution: InstitutionListRow) => void
  onLicences: (institution: InstitutionListRow) => void
}

const TONE_CLASS = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  danger: 'bg-rose-50 text-rose-700 ring-rose-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const

/** Institutions on the platform host, with the Download of GET /api/client/download/; no delete (the server offers none). */
export function InstitutionList({ query, onQueryChange, onAdd, onEdit, onLicences }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const listQuery = { page: query.page, ordering: query.ordering, filters: query.field && query.q ? { [query.field]: query.q } : undefined }
  const list = useQuery(institutionListQuery(listQuery))
  const pending = institutionWrites.usePendingRows()
  const download = useListDownload()

  const columns: ListColumn<InstitutionListRow>[] = [
    { key: 'organization_name', header: t`Organization name`, sortable: true, searchable: true },
    { key: 'subdomain_name', header: t`Sub-domain`, sortable: true, searchable: true, render: (row) => <span dir="ltr">{row.subdomain_name}</span> },
    { key: 'acronym', header: t`Acronym`, sortable: true, searchable: true },
    {
      key: 'licence',
      header: t`Licence`,
      render: (row) => {
        if (!row.licence) return null
        const status = row.licence
        const text = status.toUpperCase()
        const description = i18n._(LICENCE_STATUS_LABELS[status] ?? LICENCE_STATUS_LABELS.NONE)
        const name = row.organization_name
        return (
          <Link to="/institution/$id/license" params={{ id: row.id }} title={description}
            aria-label={t`Licence ${text} of ${name}: ${description}`}
            className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
              TONE_CLASS[LICENCE_STATUS_TONE[status] ?? 'neutral'])}>
            {text}
          </Link>
        )
      },
    },
  ]

  return (
    <ListTable
      title={t`Institutions`}
      rowLink="/institution/{{id}}/license"
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
      onDownload={() => void download(api.institutionsDownload, listQuery)}
      onEdit={onEdit}
      customActions={[{ label: t`Licences`, icon: <KeyIcon className="size-4" />, onClick: onLicences }]}
      describeRow={(row) => row.organization_name}
      pendingRows={pending}
    />
  )
}
