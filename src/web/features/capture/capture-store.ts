// Where captured sittings live on the device (ADR 0090): Dexie `captures` (one row per sitting, per owner) and
// `audioChunks` (the recording as the recorder hands it over, a second at a time). Every change is written at
// once, so closing the tab, a reload or a sleeping tablet loses at most the last second of audio. Other tabs
// and screens hear of changes through a BroadcastChannel.
import type { Table } from 'dexie'
import type { AudioChunk, MiscueDb } from '../../lib/db/db'
import type { CaptureRecord } from './capture-record'

/** Synced sittings stay listed (with a link to their report) this long, then leave the device. */
export const SYNCED_KEPT_MS = 30 * 24 * 60 * 60_000

const table = (db: MiscueDb) => db.captures as unknown as Table<CaptureRecord, string>

type Listener = () => void
const listeners = new Set<Listener>()
let channel: BroadcastChannel | null = null

function announce(): void {
  for (const listener of listeners) listener()
  channel?.postMessage('changed')
}

/** Calls `listener` whenever a capture changes in this tab or another. */
export function onCapturesChanged(listener: Listener): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('miscue-captures')
    channel.onmessage = () => { for (const l of listeners) l() }
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export async function putCapture(db: MiscueDb, record: CaptureRecord): Promise<void> {
  await table(db).put(record)
  announce()
}

/** Applies a change to the stored record (a missing or foreign record is left alone) and returns it. */
export async function updateCapture(db: MiscueDb, id: string, owner: string, patch: Partial<CaptureRecord>, now = Date.now()): Promise<CaptureRecord | undefined> {
  const updated = await db.transaction('rw', db.captures, async () => {
    const current = await table(db).get(id)
    if (!current || current.owner !== owner) return undefined
    const next = { ...current, ...patch, updatedAt: now }
    await table(db).put(next)
    return next
  })
  if (updated) announce()
  return updated
}

/** One capture of this owner (another user's is never read). */
export async function getCapture(db: MiscueDb, id: string, owner: string): Promise<CaptureRecord | undefined> {
  const record = await table(db).get(id)
  return record?.owner === owner ? record : undefined
}

/** This owner's captures, newest first. */
export async function listCaptures(db: MiscueDb, owner: string): Promise<CaptureRecord[]> {
  const rows = await table(db).where('owner').equals(owner).toArray()
  return rows.sort((a, b) => b.createdAt - a.createdAt)
}

/** Sittings started but not yet saved: unsynced work that signing out must not silently leave. */
export async function countInProgress(db: MiscueDb, owner: string): Promise<number> {
  return table(db).where('owner').equals(owner).filter((r) => r.phase !== 'saved').count()
}

/** Removes a capture and its recording (a discarded draft, or a synced sitting past its time). */
export async function deleteCapture(db: MiscueDb, id: string, owner: string): Promise<void> {
  await db.transaction('rw', db.captures, db.audioChunks, async () => {
    const current = await table(db).get(id)
    if (!current || current.owner !== owner) return
    await db.audioChunks.where('captureId').equals(id).delete()
    await table(db).delete(id)
  })
  announce()
}

/** Drops synced sittings older than SYNCED_KEPT_MS. */
export async function pruneSynced(db: MiscueDb, owner: string, now = Date.now()): Promise<number> {
  const old = (await listCaptures(db, owner)).filter((r) => r.syncedAt !== undefined && now - r.syncedAt > SYNCED_KEPT_MS)
  for (const r of old) await deleteCapture(db, r.id, owner)
  return old.length
}

// ---- The recording ----

/** Appends one piece of the recording; the record's audio size is kept up to date with it. */
export async function appendChunk(db: MiscueDb, chunk: Omit<AudioChunk, 'seq'>): Promise<void> {
  await db.transaction('rw', db.audioChunks, db.captures, async () => {
    await db.audioChunks.add(chunk)
    const record = await table(db).get(chunk.captureId)
    if (record && record.owner === chunk.owner) {
      await table(db).put({
        ...record,
        audio: { segments: Math.max(record.audio.segments, chunk.segment + 1), bytes: record.audio.bytes + chunk.data.byteLength, type: record.audio.type ?? chunk.type },
      })
    }
  })
  announce()
}

/** The recording's segments, each a playable file of its own (in recording order). */
export async function audioSegments(db: MiscueDb, captureId: string, owner: string): Promise<Blob[]> {
  const chunks = (await db.audioChunks.where('captureId').equals(captureId).sortBy('seq')).filter((c) => c.owner === owner)
  const segments = new Map<number, AudioChunk[]>()
  for (const c of chunks) segments.set(c.segment, [...(segments.get(c.segment) ?? []), c])
  return [...segments.entries()].sort(([a], [b]) => a - b).map(([, parts]) => new Blob(parts.map((p) => p.data), { type: parts[0]!.type }))
}

/** Forgets the recording (the teacher records again, or the sitting was saved with its final file). */
export async function clearAudio(db: MiscueDb, captureId: string, owner: string): Promise<void> {
  await db.audioChunks.where('captureId').equals(captureId).filter((c) => c.owner === owner).delete()
  await updateCapture(db, captureId, owner, { audio: { segments: 0, bytes: 0, type: null } })
}
