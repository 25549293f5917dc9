// The shared list (spec §2 "Shared table"): search, sortable headers, pagination, toolbar buttons,
// row actions, delete confirmation, the work-flow "Add disabled" modal, and rows waiting in the outbox.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { ConfirmDialog, MessageDialog } from '../ui/dialog'
import { cx } from '../ui/cx'
import {
  AlertIcon, CloudOffIcon, DownloadIcon, ExportIcon, PencilIcon, PlusIcon, RefreshIcon, SortDownIcon, SortIcon,
  SortUpIcon, TrashIcon, UploadIcon,
} from '../ui/icons'
import { SavedOnDevice } from '../saved-on-device'
import { ListPagination } from './list-pagination'
import { ListSearch } from './list-search'
import { fillRowLink } from './row-link'
import type { ListColumn, ListQueryState, ListStatus, PendingRow, RowAction } from './list-types'

type Row = { id: number }

export type ListTableProps<R extends Row> = {
  title: ReactNode
  columns: ListColumn<R>[]
  rows: readonly R[] | undefined
  count: number
  status: ListStatus
  errorMessage?: string
  isOffline: boolean
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onRetry?: () => void
  onAdd?: () => void
  onDownload?: () => void
  onExport?: () => void
  onUpload?: () => void
  onEdit?: (row: R) => void
  /** Resolves once the delete is sent or queued; the caller shows the toast. */
  onDelete?: (row: R) => Promise<void>
  canDelete?: (row: R) => boolean
  /** Rows that cannot be edited (for example built-in records) keep a disabled edit button. */
  canEdit?: (row: R) => boolean
  describeRow?: (row: R) => string
  customActions?: RowAction<R>[]
  /** Message from the work-flow call: disables Add and is shown once in a modal. */
  addDisabledMessage?: string | null
  pendingRows?: readonly PendingRow<R>[]
  /** When the rows were fetched (the query's dataUpdatedAt); the oldest data on screen by default. */
  savedAt?: number
  /** Row-click redirect with {{field}} placeholders (spec §2); the first cell also becomes a link for keyboards. */
  rowLink?: string
  /** Search fields that are not columns of their own (e.g. last name behind a combined name); added after the searchable columns. */
  extraSearchFields?: readonly { key: string; header: string }[]
}

export function ListTable<R extends Row>(props: ListTableProps<R>) {
  const { t } = useLingui()
  const router = useRouter()
  const { columns, query, onQueryChange, addDisabledMessage, pendingRows = [] } = props
  const [dismissedMessage, setDismissedMessage] = useState<string | null>(null)
  const workflowOpen = Boolean(addDisabledMessage) && dismissedMessage !== addDisabledMessage
  const [toDelete, setToDelete] = useState<R | null>(null)
  const [deleting, setDeleting] = useState(false)

  const hasRowActions = Boolean(props.onEdit || props.onDelete || props.customActions?.length)
  const searchable = [...columns.filter((c) => c.searchable).map((c) => ({ key: c.key, header: c.header })), ...(props.extraSearchFields ?? [])]
  const created = pendingRows.filter((p) => p.kind === 'create')
  const pendingById = new Map(pendingRows.filter((p) => p.rowId !== undefined).map((p) => [p.rowId, p]))
  const rows = props.rows ?? []
  const deleteName = toDelete && props.describeRow ? props.describeRow(toDelete) : null
  const colSpan = columns.length + (hasRowActions ? 1 : 0)

  const sortState = (key: string): 'ascending' | 'descending' | 'none' =>
    query.ordering === key ? 'ascending' : query.ordering === `-${key}` ? 'descending' : 'none'
  const toggleSort = (key: string) => {
    const state = sortState(key)
    onQueryChange({ ...query, page: 1, ordering: state === 'ascending' ? `-${key}` : key })
  }

  const confirmDelete = async () => {
    if (!toDelete || !props.onDelete) return
    setDeleting(true)
    try {
      await props.onDelete(toDelete)
    } finally {
      setDeleting(false)
      setToDelete(null)
    }
  }

  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        {searchable.length > 0 && (
          <ListSearch
            key={`${query.field ?? ''}|${query.q ?? ''}`}
            fields={searchable}
            field={query.field}
            q={query.q}
            onSearch={(field, q) => onQueryChange({ ...query, page: 1, field, q })}
          />
        )}
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {props.onDownload && <Button variant="secondary" icon={<DownloadIcon className="size-4" />} onClick={props.onDownload}><Trans>Download</Trans></Button>}
          {props.onExport && <Button variant="secondary" icon={<ExportIcon className="size-4" />} onClick={props.onExport}><Trans>Export</Trans></Button>}
          {props.onUpload && <Button variant="secondary" icon={<UploadIcon className="size-4" />} onClick={props.onUpload}><Trans>Upload</Trans></Button>}
          {props.onAdd && (
            <Button icon={<PlusIcon className="size-4" />} onClick={props.onAdd} disabled={Boolean(addDisabledMessage)}
              title={addDisabledMessage ?? undefined}>
              <Trans>Add</Trans>
            </Button>
          )}
        </div>
      </div>

      {props.isOffline && props.status === 'success' && (
        <p className="flex items-center gap-2 border-b border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          <CloudOffIcon className="size-4" /><Trans>You are offline.</Trans> <SavedOnDevice fetchedAt={props.savedAt} />
        </p>
      )}

      {/* relative: the table's visually hidden labels (absolutely placed) stay in the scroll box instead of widening a phone's page. */}
      <div className="relative overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{props.title}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" aria-sort={column.sortable ? sortState(column.key) : undefined}
                  className="px-4 py-3 text-start">
                  {column.sortable ? (
                    <button type="button" onClick={() => toggleSort(column.key)}
                      className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-800">
                      {column.header}
                      <SortGlyph state={sortState(column.key)} />
                    </button>
                  ) : column.header}
                </th>
              ))}
              {hasRowActions && <th scope="col" className="px-4 py-3 text-end"><Trans>Actions</Trans></th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {created.map((pending) => (
              <tr key={pending.key} className="bg-amber-50/40">
                {columns.map((column, index) => (
                  <td key={column.key} className="px-4 py-3 text-slate-700">
                    <span className="inline-flex flex-wrap items-center gap-2">
                      {column.render && column.renderPending
                        ? column.render(pending.values as R)
                        : String((pending.values as Record<string, unknown>)[column.key] ?? '')}
                      {index === 0 && <PendingBadge rejected={pending.rejected} />}
                    </span>
                  </td>
                ))}
                {hasRowActions && <td />}
              </tr>
            ))}
            {props.status === 'success' && rows.map((row) => {
              const pending = pendingById.get(row.id)
              const shown = pending?.kind === 'update' ? { ...row, ...pending.values } : row
              const href = props.rowLink ? fillRowLink(props.rowLink, row as Record<string, unknown>) : undefined
              return (
                <tr key={row.id} className={cx('hover:bg-slate-50/70', href && 'cursor-pointer', pending?.kind === 'delete' && 'text-slate-400 line-through')}
                  onClick={href ? (e) => {
                    // Buttons and links inside the row keep their own meaning.
                    if ((e.target as HTMLElement).closest('a, button, input, select, label')) return
                    void router.navigate({ href })
                  } : undefined}>
                  {columns.map((column, index) => (
                    <td key={column.key} className="px-4 py-3 text-slate-700">
                      <span className="inline-flex flex-wrap items-center gap-2">
                        {href && index === 0
                          ? <a href={href} className="font-medium text-brand-800 hover:underline"
                              onClick={(e) => { e.preventDefault(); void router.navigate({ href }) }}>
                              {column.render ? column.render(shown) : String((shown as Record<string, unknown>)[column.key] ?? '')}
                            </a>
                          : column.render ? column.render(shown) : String((shown as Record<string, unknown>)[column.key] ?? '')}
                        {index === 0 && pending && <PendingBadge rejected={pending.rejected} />}
                      </span>
                    </td>
                  ))}
                  {hasRowActions && (
                    <td className="px-4 py-2 text-end whitespace-nowrap">
                      <RowActions row={row} props={props} disabled={Boolean(pending)} onDelete={() => setToDelete(row)} />
                    </td>
                  )}
                </tr>
              )
            })}
            {props.status === 'pending' && Array.from({ length: 5 }, (_, i) => (
              <tr key={`skeleton-${i}`} aria-hidden="true">
                {Array.from({ length: colSpan }, (_, j) => (
                  <td key={j} className="px-4 py-3"><div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" /></td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Below the table, not in a row of it: a wide table scrolls sideways on a phone and would cut them off. */}
      {props.status === 'success' && rows.length === 0 && created.length === 0 && (
        <p className="px-4 py-12 text-center text-slate-500">
          {query.q ? <Trans>No records match your search.</Trans> : <Trans>No records yet.</Trans>}
        </p>
      )}
      {props.status === 'error' && (
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center text-slate-600">
          {props.isOffline ? <CloudOffIcon className="size-8 text-slate-400" /> : <AlertIcon className="size-8 text-rose-500" />}
          <p>{props.isOffline
            ? <Trans>You are offline and this list has not been saved on this device yet.</Trans>
            : props.errorMessage ?? <Trans>The list could not be loaded.</Trans>}</p>
          {props.onRetry && <Button variant="secondary" size="sm" icon={<RefreshIcon className="size-4" />} onClick={props.onRetry}><Trans>Try again</Trans></Button>}
        </div>
      )}
      {props.status === 'success' && <ListPagination page={query.page} count={props.count} onPage={(page) => onQueryChange({ ...query, page })} />}

      <MessageDialog open={workflowOpen} title={t`Adding is not available`} onClose={() => setDismissedMessage(addDisabledMessage ?? null)}>
        {addDisabledMessage}
      </MessageDialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete this record?`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onClose={() => !deleting && setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        {toDelete && (deleteName
          ? <Trans>“{deleteName}” will be deleted. This cannot be undone.</Trans>
          : <Trans>This record will be deleted. This cannot be undone.</Trans>)}
      </ConfirmDialog>
    </section>
  )
}

function RowActions<R extends Row>({ row, props, disabled, onDelete }: {
  row: R; props: ListTableProps<R>; disabled: boolean; onDelete: () => void
}) {
  const { t } = useLingui()
  const name = props.describeRow?.(row) ?? String(row.id)
  const deletable = props.canDelete?.(row) ?? true
  const editable = props.canEdit?.(row) ?? true
  const iconButton = 'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent'
  return (
    <div className="inline-flex items-center gap-1">
      {props.customActions?.map((action) => (
        <button key={action.label} type="button" className={iconButton} disabled={disabled}
          aria-label={`${action.label}: ${name}`} title={action.label} onClick={() => action.onClick(row)}>
          {action.icon ?? action.label}
        </button>
      ))}
      {props.onEdit && (
        <button type="button" className={iconButton} disabled={disabled || !editable} aria-label={t`Edit ${name}`}
          title={editable ? t`Edit` : t`Cannot be edited`}
          onClick={() => props.onEdit?.(row)}>
          <PencilIcon className="size-4" />
        </button>
      )}
      {props.onDelete && (
        <button type="button" className={cx(iconButton, 'hover:text-rose-600')} disabled={disabled || !deletable}
          aria-label={t`Delete ${name}`} title={deletable ? t`Delete` : t`In use; cannot be deleted`} onClick={onDelete}>
          <TrashIcon className="size-4" />
        </button>
      )}
    </div>
  )
}

function PendingBadge({ rejected }: { rejected: boolean }) {
  return rejected
    ? <Badge tone="danger"><Trans>Sync failed</Trans></Badge>
    : <Badge tone="pending"><Trans>Pending sync</Trans></Badge>
}

function SortGlyph({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <SortUpIcon className="size-4 text-brand-700" />
  if (state === 'descending') return <SortDownIcon className="size-4 text-brand-700" />
  return <SortIcon className="size-4 text-slate-300" />
}
