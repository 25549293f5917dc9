import type { OutboxItem } from '../db/db'

/** Every message the server gave when it refused a write: general ones first, then the field ones. */
export function rejectionMessages(item: Pick<OutboxItem, 'rejection'>): string[] {
  return [...(item.rejection?.errors ?? []), ...Object.values(item.rejection?.fieldErrors ?? {}).flat()]
}
