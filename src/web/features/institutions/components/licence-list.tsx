import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Institution } from '../../../../shared/schemas/institution'
import type { Licence } from '../../../../shared/schemas/licence'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { Badge } from '../../../components/ui/badge'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { LICENCE_STATUS_LABELS, LICENCE_STATUS_SHORT, LICENCE_STATUS_TONE, licenceRowStatus } from '../licence-status'
import { licenceWrites } from '../mutations'
import { licenceListQuery } from '../queries'

type Props = {
  institutionId: number
  /** Shown above the list once loaded; the list itself does not wait for it. */
  institution: Institution | undefined
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (licence: Licence) => void
}

export function LicenceList({ institutionId, institution, query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const list = useQuery(licenceListQuery(institutionId, { page: query.page, ordering: query.ordering }))
  const pending = licenceWrites.usePendingRows({ institutionId })
  const rows = list.data?.results ?? []

  const columns: ListColumn<Licence>[] = [
    { key: 'from_date', header: t`From`, sortable: true, render: (row) => <span dir="ltr">{row.from_date}</span> },
    { key: 'to_date', header: t`To`, sortable: true, render: (row) => <span dir="ltr">{row.to_date}</span> },
    { key: 'purchase_quantity', header: t`Purchased places`, sortable: true, render: (row) => <span className="tabular-nums">{row.purchase_quantity}</span> },
    { key: 'used_quantity', header: t`Used places`, render: (row) => <span className="tabular-nums">{row.used_quantity}</span> },
    {
      key: 'status',
      header: t`Status`,
      render: (row) => {
        if (!row.from_date || !row.to_date) return null
        const status = licenceRowStatus(row, rows)
        return (
          <span title={i18n._(LICENCE_STATUS_LABELS[status])}>
            <Badge tone={LICENCE_STATUS_TONE[status]}>{i18n._(LICENCE_STATUS_SHORT[status])}</Badge>
          </span>
        )
      },
    },
  ]

  const name = institution?.organization_name
  const subdomain = institution?.subdomain_name
  return (
    <div className="space-y-4">
      {name && (
        <p className="text-sm text-slate-600">
          <Trans>Licences of <span className="font-medium text-slate-900">{name}</span> (<span dir="ltr">{subdomain}</span>). Places used are the institution's active students now.</Trans>
        </p>
      )}
      <ListTable
        title={name ? t`Licences of ${name}` : t`Licences`}
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
        onEdit={onEdit}
        describeRow={(row) => `${row.from_date} – ${row.to_date}`}
        pendingRows={pending}
      />
    </div>
  )
}
