// Files sent with a queued write (ADR 0090): kept in the Dexie `blobs` table, per owner, beside the outbox item
// that names them, and put into its JSON body as data URLs when it is sent. The encoding is deterministic, so a
// replay sends the very same body and the server's Idempotency-Key check (which hashes the body) still matches.
import type { MiscueDb, OutboxItem, StoredBlob } from '../db/db'

/** Base64 of bytes, in slices (String.fromCharCode on a whole recording would overflow the call stack). */
export function toBase64(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function dataUrl(blob: Pick<StoredBlob, 'type' | 'data'>): string {
  return `data:${blob.type || 'application/octet-stream'};base64,${toBase64(blob.data)}`
}

/** Stores a file for a write about to be queued; the write's `attachments` name it by `id`. */
export async function storeBlob(db: MiscueDb, blob: Omit<StoredBlob, 'size' | 'createdAt'>, now = Date.now()): Promise<void> {
  await db.blobs.put({ ...blob, size: blob.data.byteLength, createdAt: now })
}

/** The body with each attachment's file in its field, and how many bytes they add. A missing file is left out. */
export async function withAttachments(db: MiscueDb, body: unknown, attachments: NonNullable<OutboxItem['attachments']>): Promise<{ body: unknown; bytes: number }> {
  const blobs = await db.blobs.bulkGet(attachments.map((a) => a.blobId))
  const fields: Record<string, string> = {}
  let bytes = 0
  attachments.forEach((a, i) => {
    const blob = blobs[i]
    if (!blob) return
    fields[a.field] = dataUrl(blob)
    bytes += blob.size
  })
  return { body: { ...(body as Record<string, unknown> | undefined), ...fields }, bytes }
}
