// IndexedDB through Dexie. What lives here:
// - outbox: writes not yet accepted by the server (survive reloads and closed tabs)
// - reference: small lookup lists kept for offline use, keyed by name
// Server data for screens is kept by the persisted query cache (localStorage), not here.
import { Dexie } from 'dexie'
import type { EntityTable } from 'dexie'

export type OutboxStatus = 'pending' | 'rejected'
export type OutboxOperation = 'create' | 'update' | 'delete'

export type OutboxItem = {
  /** Client id, also sent as the Idempotency-Key: a replay never creates a second record. */
  id: string
  /** Order of creation; replay is strictly in this order. */
  seq: number
  entity: string
  operation: OutboxOperation
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  /** Query key prefix to invalidate once the server accepts the write. */
  invalidates: readonly unknown[]
  /** Scope the write belongs to (for example the school), so lists can show it as pending. */
  scope: Record<string, string | number>
  /** Server id of the record for updates and deletes. */
  recordId?: number
  /** `host|userId` of the user who made the write; it is only sent while that user is signed in here. */
  owner?: string | null
  /** Short text that identifies the item in the sync panel (for example a grade name). */
  label: string
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  createdAt: number
  /** The server's answer when it rejected the write (4xx). */
  rejection?: {
    status: number
    errors: string[]
    fieldErrors: Record<string, string[]>
    codes?: Record<string, string>
    /** With a 409 for a stale edit: the record as it is now on the server. */
    current?: unknown
  }
}

export type ReferenceEntry = { key: string; value: unknown; updatedAt: number }

export class MiscueDb extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>
  reference!: EntityTable<ReferenceEntry, 'key'>

  constructor(name = 'miscue') {
    super(name)
    this.version(1).stores({
      outbox: 'id, seq, status, entity',
      reference: 'key',
    })
  }
}
