// User writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
// The school mapping travels in the user's own POST/PUT body (`schools`): the server saves the user and
// the mapping in one transaction, so one queued write cannot leave a user saved without its schools.
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { UserInput, UserRow } from '../../../shared/schemas/user'
import type { PendingRow } from '../../components/list/list-types'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { userKeys } from './queries'

const ENTITY = 'user'

function displayName(values: { first_name: string; last_name: string }): string {
  return `${values.first_name} ${values.last_name}`.trim()
}

export function useSaveUser() {
  const outbox = useOutbox()
  return (values: UserInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.users : api.user(id),
      body: values,
      invalidates: userKeys.all,
      scope: {},
      recordId: id,
      label: displayName(values),
    })
}

export function useDeleteUser() {
  const outbox = useOutbox()
  return (user: UserRow): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.user(user.id),
      invalidates: userKeys.all,
      scope: {},
      recordId: user.id,
      label: displayName(user),
    })
}

/** User writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingUsers(): PendingRow<UserRow>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === ENTITY)
        .map((item) => {
          const body = (item.body ?? {}) as Partial<UserInput>
          // A new row is shown as plain text per column: its name column (first_name) carries the full name.
          const values: Partial<UserRow> = item.operation === 'create'
            ? { first_name: displayName({ first_name: body.first_name ?? '', last_name: body.last_name ?? '' }), email: body.email }
            : { first_name: body.first_name, last_name: body.last_name, email: body.email, is_active: body.is_active }
          return { key: item.id, kind: item.operation, rowId: item.recordId, values, rejected: item.status === 'rejected' }
        }),
    [items],
  )
}

