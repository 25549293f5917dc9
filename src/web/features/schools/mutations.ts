// School writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
// Creating, renaming or deleting a school also changes the shell's school selector, so once the server
// accepts such a write the selector's list is refreshed (lib/query/refresh-reference).
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import { api } from '../../../shared/api'
import type { School, SchoolInput } from '../../../shared/schemas/school'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { refreshReference } from '../../lib/query/refresh-reference'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { schoolKeys } from './queries'

const ENTITY = 'school'

export function useSaveSchool() {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  return async (values: SchoolInput, id?: number): Promise<EnqueueResult> => {
    const result = await outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.schools : api.school(id),
      body: values,
      invalidates: schoolKeys.all,
      scope: {},
      recordId: id,
      label: values.display_name,
    })
    if (result.state === 'accepted') await refreshReference(queryClient, 'schools')
    return result
  }
}

export function useDeleteSchool() {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  return async (school: School): Promise<EnqueueResult> => {
    const result = await outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.school(school.id),
      invalidates: schoolKeys.all,
      scope: {},
      recordId: school.id,
      label: school.display_name,
    })
    if (result.state === 'accepted') await refreshReference(queryClient, 'schools')
    return result
  }
}

/** School writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingSchools(): PendingRow<School>[] {
  return usePendingRows<School>(ENTITY)
}

/**
 * Writes queued offline are sent later by the outbox, which only invalidates the school queries; while
 * a screen of this feature is open, refresh the shell's selector when such a write leaves the outbox.
 */
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
    if (gone) void refreshReference(queryClient, 'schools').then(() => router.invalidate())
  }, [ids, queryClient, router])
}

