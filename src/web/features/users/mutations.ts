// User writes through the outbox kit (lib/sync/entity-writes). The school mapping travels in the user's
// own POST/PUT body (`schools`): the server saves the user and the mapping in one transaction, so one
// queued write cannot leave a user saved without its schools.
import { api } from '../../../shared/api'
import type { UserInput, UserRow } from '../../../shared/schemas/user'
import type { OutboxItem } from '../../lib/db/db'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { userKeys } from './queries'

function displayName(values: { first_name?: string; last_name?: string }): string {
  return `${values.first_name ?? ''} ${values.last_name ?? ''}`.trim()
}

export const userWrites = defineEntityWrites<UserRow, UserInput>({
  entity: 'user',
  paths: { create: () => api.users, record: (_, id) => api.user(id) },
  keys: () => userKeys.all,
  scope: () => ({}),
  label: displayName,
  pendingValues,
})

/** A new row is shown as plain text per column: its name column (first_name) carries the full name. */
function pendingValues(item: OutboxItem): Partial<UserRow> {
  const body = (item.body ?? {}) as Partial<UserInput>
  return item.operation === 'create'
    ? { first_name: displayName(body), email: body.email }
    : { first_name: body.first_name, last_name: body.last_name, email: body.email, is_active: body.is_active }
}
