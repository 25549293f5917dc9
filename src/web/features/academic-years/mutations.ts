// Academic-year writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
// A year saved or deleted also changes the shell's year selector (spec §4: "academic-year save also
// refreshes the year selector"), refreshed once the server accepts the write.
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import { api } from '../../../shared/api'
import type { AcademicYear, AcademicYearInput } from '../../../shared/schemas/academic-year'
import type { PendingRow } from '../../components/list/list-types'
import { refreshReference } from '../../lib/query/refresh-reference'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { academicYearKeys } from './queries'

const ENTITY = 'academic-year'

export function useSaveAcademicYear() {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  return async (values: AcademicYearInput, id?: number): Promise<EnqueueResult> => {
    const result = await outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.academicYears : api.academicYear(id),
      body: values,
      invalidates: academicYearKeys.all,
      scope: {},
      recordId: id,
      label: values.display_name,
    })
    if (result.state === 'accepted') await refreshReference(queryClient, 'years')
    return result
  }
}

export function useDeleteAcademicYear() {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  return async (year: AcademicYear): Promise<EnqueueResult> => {
    const result = await outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.academicYear(year.id),
      invalidates: academicYearKeys.all,
      scope: {},
      recordId: year.id,
      label: year.display_name,
    })
    if (result.state === 'accepted') await refreshReference(queryClient, 'years')
    return result
  }
}

/** Academic-year writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingAcademicYears(): PendingRow<AcademicYear>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === ENTITY)
        .map((item) => ({
          key: item.id,
          kind: item.operation,
          rowId: item.recordId,
          values: pendingValues(item.operation, item.body),
          rejected: item.status === 'rejected',
        })),
    [items],
  )
}

/** New rows in the list are shown as plain text: leave out the flag, which would read "true". */
function pendingValues(operation: string, body: unknown): Partial<AcademicYear> {
  const values = (body ?? {}) as Partial<AcademicYear>
  if (operation !== 'create') return values
  const { is_active: _flag, ...rest } = values
  return rest
}

/** Refreshes the year selector when a write queued offline leaves the outbox while this feature is open. */
export function useRefreshSelectorAfterSync(): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  const items = useOutboxItems()
  const ids = useMemo(() => items.filter((item) => item.entity === ENTITY && item.status === 'pending').map((item) => item.id), [items])
  const previous = useRef<readonly string[]>(ids)
  useEffect(() => {
    const gone = previous.current.some((id) => !ids.includes(id))
    previous.current = ids
    // The shell takes its lists from the route context: re-run the routes once the list is fetched.
    if (gone) void refreshReference(queryClient, 'years').then(() => router.invalidate())
  }, [ids, queryClient, router])
}

