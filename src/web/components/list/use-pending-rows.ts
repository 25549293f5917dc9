// Writes of one entity still in the outbox, as the list's "Pending sync" rows.
import { useMemo } from 'react'
import type { OutboxItem } from '../../lib/db/db'
import { useOutboxItems } from '../../lib/sync/outbox-context'
import type { PendingRow } from './list-types'

/** By default a pending row shows the values that were sent; pass `toValues` to map them onto list columns. */
function sentValues<R>(item: OutboxItem): Partial<R> {
  return (item.body ?? {}) as Partial<R>
}

/**
 * Outbox items of `entity` whose scope has every key/value of `scope` (for example the school), newest last.
 * Pass a module-level `toValues` so the rows are only rebuilt when the outbox changes.
 */
export function usePendingRows<R>(
  entity: string,
  scope: Record<string, string | number> = {},
  toValues: (item: OutboxItem) => Partial<R> = sentValues,
): PendingRow<R>[] {
  const items = useOutboxItems()
  const scopeKey = JSON.stringify(scope)
  return useMemo(() => {
    const wanted = Object.entries(JSON.parse(scopeKey) as Record<string, string | number>)
    return items
      .filter((item) => item.entity === entity && wanted.every(([k, v]) => item.scope[k] === v))
      .map((item) => ({
        key: item.id,
        kind: item.operation,
        rowId: item.recordId,
        values: toValues(item),
        rejected: item.status === 'rejected',
      }))
  }, [items, entity, scopeKey, toValues])
}
