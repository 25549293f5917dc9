// IndexedDB through Dexie. What is stored where, for how long (ADR 0036): every row that holds a user's
// data carries its owner (`host|userId`), and nothing is shown to or sent for anyone else.
//
// | what                         | where                               | key                 | kept until                                   |
// | ---------------------------- | ----------------------------------- | ------------------- | -------------------------------------------- |
// | queued writes (outbox)       | Dexie `outbox`                      | item id, owner      | accepted, or discarded by its owner          |
// | files of queued uploads      | Dexie `outboxFiles`                 | item id             | their write is accepted or discarded         |
// | answers of accepted writes   | Dexie `answers`                     | item id, owner      | 30 days (offline references resolve by them) |
// | reports, large reference data| Dexie `deviceCache` (device-cache.ts)| [owner+key]        | evicted oldest first over the size budget;   |
// |                              |                                     |                     | the owner's rows go at sign-out / 401        |
// | small lookup lists           | Dexie `reference`                   | key                 | replaced on the next fetch                   |
// | sittings being captured      | Dexie `captures` (features/capture) | id, owner           | discarded by their owner; synced ones 30 days|
// | their audio while recording  | Dexie `audioChunks`                 | ++seq, capture, owner| the sitting is saved or discarded           |
// | screen lists, profile        | Dexie `deviceCache`, key `queries`  | [owner+key]         | sign-out, 401, another user signing in,      |
// | (the persisted query cache)  | (saved-queries.ts)                  |                     | 7 days, a new shape (buster), or evicted     |
// | access token                 | cookie `auth_info`                  | —                   | its expiry or sign-out                       |
// | selected school and year     | sessionStorage                      | —                   | the tab closes                               |
// | app shell, fonts, images     | service-worker caches (sw/)         | URL                 | the next build (shell), expiry (fonts/images)|
import { Dexie } from 'dexie'
import type { EntityTable, Table } from 'dexie'
import { DEVICE_DB_NAME } from './device-cache-of'

export type OutboxStatus = 'pending' | 'rejected'
export type OutboxOperation = 'create' | 'update' | 'delete'

/** Why a queued write is not being sent (computed by the outbox; never stored). */
export type HoldReason =
  /** An earlier write to the same record was refused: the user decides first. */
  | { kind: 'after-rejected'; by: string }
  /** It refers to a record created offline whose write was refused. */
  | { kind: 'reference-rejected'; by: string }
  /** It refers to a record created offline whose write was discarded: it can never be sent as it is. */
  | { kind: 'reference-discarded'; by: string }
  /** Older than the server keeps idempotency keys: sending it blindly could apply it twice. */
  | { kind: 'too-old' }

export type OutboxItem = {
  /** Client id; also the Idempotency-Key unless `key` is set. References to this write use it. */
  id: string
  /**
   * Idempotency-Key when it differs from `id`: a write sent again with another body (the user fixed it
   * or chose "keep mine") needs a fresh key, since the server refuses a key reused with another body.
   */
  key?: string
  /** Order of creation; replay is in this order, per record. */
  seq: number
  entity: string
  operation: OutboxOperation
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** May contain `{$ref:<item id>.<field>}` placeholders (see lib/sync/references.ts). */
  path: string
  /** May contain `{ $ref, field }` placeholders (see lib/sync/references.ts). */
  body?: unknown
  /** A file sent as multipart/form-data in place of a JSON body (a bulk upload; ADR 0081). */
  file?: OutboxFile
  /** Query key prefix to invalidate once the server accepts the write. */
  invalidates: readonly unknown[]
  /** Scope the write belongs to (for example the school), so lists can show it as pending. */
  scope: Record<string, string | number>
  /** Server id of the record for updates and deletes. */
  recordId?: number
  /** `host|userId` of the user who made the write; it is only shown to and sent for that user. */
  owner?: string | null
  /** Short text that identifies the item in the sync panel (for example a grade name). */
  label: string
  status: OutboxStatus
  attempts: number
  nextAttemptAt: number
  createdAt: number
  /** The user chose to send a write older than the server's key retention anyway. */
  sendOld?: boolean
  /** The server's answer when it rejected the write (4xx). */
  rejection?: {
    status: number
    errors: string[]
    fieldErrors: Record<string, string[]>
    codes?: Record<string, string>
    /** With a 409 `conflict` for a stale edit: the record as it is now on the server. */
    current?: unknown
  }
  /** Set on the outbox's snapshot only: why this pending write waits. */
  held?: HoldReason
}

/** One piece of a recording, written as the recorder hands it over so a reload loses at most a second. */
export type AudioChunk = {
  seq?: number
  captureId: string
  owner: string
  /** A new segment starts each time recording starts again (after a reload); each is a playable file of its own. */
  segment: number
  type: string
  data: ArrayBuffer
  createdAt: number
}

/**
 * A file sent with its write (multipart): its name, type and the form's other fields. The bytes are kept in
 * their own table (`outboxFiles`, never rewritten when the item's attempts are counted) until the write is
 * accepted or discarded.
 */
export type OutboxFile = { field: string; name: string; type: string; size: number; fields?: Record<string, string> }

export type OutboxFileBytes = { id: string; bytes: ArrayBuffer }

/** The server's answer to an accepted write, kept so later writes can refer to what it created. */
export type AcceptedAnswer = { id: string; owner: string | null; payload: unknown; acceptedAt: number }

export type ReferenceEntry = { key: string; value: unknown; updatedAt: number }

/** One cached answer (a report, a large reference list) of one user; see device-cache.ts. */
export type DeviceCacheEntry = { owner: string; key: string; value: unknown; fetchedAt: number; size: number }

export class MiscueDb extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>
  reference!: EntityTable<ReferenceEntry, 'key'>
  answers!: EntityTable<AcceptedAnswer, 'id'>
  deviceCache!: Table<DeviceCacheEntry, [string, string]>
  outboxFiles!: EntityTable<OutboxFileBytes, 'id'>
  /** Sittings captured on this device (the feature owns the row's shape: features/capture/capture-store.ts). */
  captures!: Table<{ id: string; owner: string; updatedAt: number }, string>
  audioChunks!: EntityTable<AudioChunk, 'seq'>

  constructor(name = DEVICE_DB_NAME) {
    super(name)
    this.version(1).stores({
      outbox: 'id, seq, status, entity',
      reference: 'key',
    })
    this.version(2).stores({
      outbox: 'id, seq, status, entity, owner',
      reference: 'key',
      answers: 'id, owner, acceptedAt',
      deviceCache: '[owner+key], owner, fetchedAt',
    })
    this.version(3).stores({ outboxFiles: 'id' })
    this.version(4).stores({
      captures: 'id, owner',
      audioChunks: '++seq, [captureId+segment], captureId, owner',
    })
    // ETags live in the queries now (ADR 0134): the rows the device cache kept them in go.
    this.version(5).stores({}).upgrade((tx) => tx.table<DeviceCacheEntry>('deviceCache').filter((row) => row.key.startsWith('etag:')).delete())
  }
}

let pageDb: MiscueDb | null = null

/** The page's one connection to the device database, shared by the outbox and the kept answers: a first visit
 * opens it once, not once for each (ADR 0133). */
export function deviceDb(): MiscueDb {
  return (pageDb ??= new MiscueDb())
}
