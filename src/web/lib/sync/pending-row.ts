/** A write waiting in the outbox, shown in a list with a "Pending sync" badge (rejected ones marked). */
export type PendingRow<Row> = {
  key: string
  kind: 'create' | 'update' | 'delete'
  rowId?: number
  values: Partial<Row>
  rejected: boolean
}
