import type { ReactNode } from 'react'

/** What a list screen keeps in its URL: page, ordering (`field` or `-field`) and one field search. */
export type ListQueryState = { page: number; ordering?: string; field?: string; q?: string }

export type ListColumn<Row> = {
  key: string
  header: string
  sortable?: boolean
  searchable?: boolean
  render?: (row: Row) => ReactNode
  /** Also render a create still waiting in the outbox (its values are the body as sent), not only its text. */
  renderPending?: boolean
}

export type { PendingRow } from '../../lib/sync/pending-row'

export type RowAction<Row> = {
  label: string
  icon?: ReactNode
  onClick: (row: Row) => void
}

export type ListStatus = 'pending' | 'error' | 'success'
