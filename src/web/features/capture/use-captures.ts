// The captures of the signed-in user with the state each is in (ADR 0090), kept current as they change here, in
// another tab, or in the outbox: in progress (not saved yet), saved on this device, sending, synced (with the
// sitting's id on the server) or needs attention (refused by the server, held, or dropped from the sync queue).
import { useEffect, useMemo, useState } from 'react'
import type { MiscueDb, OutboxItem } from '../../lib/db/db'
import { useOutbox, useOutboxItems, useSendingId } from '../../lib/sync/outbox-context'
import type { CaptureRecord, CaptureState } from './capture-record'
import { listCaptures, onCapturesChanged, pruneSynced, updateCapture } from './capture-store'

export type CaptureRow = { record: CaptureRecord; state: CaptureState; item?: OutboxItem }

/**
 * `lost`: saved, out of the outbox, and with no accepted answer either: the write was discarded before it
 * reached the server. Until that is known a saved sitting whose write just left the outbox still reads "saved".
 */
export function captureState(record: CaptureRecord, item: OutboxItem | undefined, sendingId: string | null, lost = false): CaptureState {
  if (item) {
    if (item.status === 'rejected' || item.held) return 'attention'
    return sendingId === item.id ? 'sending' : 'saved'
  }
  if (record.phase !== 'saved') return 'in-progress'
  if (record.serverId !== undefined) return 'synced'
  return lost ? 'attention' : 'saved'
}

type Loaded = { records: CaptureRecord[]; lost: ReadonlySet<string> }

/**
 * This owner's captures. A saved one whose write has left the outbox takes its id on the server from the write's
 * accepted answer (kept 30 days, ADR 0037), written on the record so the link to its report outlives the answer.
 * `answerOf` is the outbox's: a write leaves the queue the moment it is accepted, a little before its answer is
 * stored, and a read in between must wait for the answer rather than call the sitting lost.
 */
export async function loadCaptures(
  db: MiscueDb, owner: string, queued: ReadonlySet<string>, answerOf: (id: string) => Promise<unknown>,
): Promise<Loaded> {
  const lost = new Set<string>()
  const records = await Promise.all((await listCaptures(db, owner)).map(async (r) => {
    if (r.serverId !== undefined || queued.has(r.id)) return r
    const answer = await answerOf(r.id) as { id?: number } | undefined
    if (!answer?.id) {
      if (r.phase === 'saved') lost.add(r.id)
      return r
    }
    // Also a capture still "in progress" whose write was accepted: the page was closed after the sitting went
    // to the outbox and before it was marked saved; it is on the server, so it is saved and synced.
    const synced = { phase: 'saved' as const, savedAt: r.savedAt ?? Date.now(), serverId: answer.id, syncedAt: Date.now() }
    void updateCapture(db, r.id, owner, synced)
    return { ...r, ...synced }
  }))
  return { records, lost }
}

function useLoaded(db: MiscueDb, owner: string | null): { loaded: Loaded | undefined; items: readonly OutboxItem[]; sendingId: string | null } {
  const outbox = useOutbox()
  const items = useOutboxItems()
  const sendingId = useSendingId()
  const queuedKey = items.map((i) => i.id).sort().join(',')
  const [loaded, setLoaded] = useState<Loaded>()
  useEffect(() => {
    if (!owner) return
    let live = true
    const queued = new Set(queuedKey.split(',').filter(Boolean))
    const read = () => void loadCaptures(db, owner, queued, (id) => outbox.acceptedAnswer(id)).then((v) => { if (live) setLoaded(v) })
    read()
    const stop = onCapturesChanged(read)
    return () => {
      live = false
      stop()
    }
  }, [db, outbox, owner, queuedKey])
  useEffect(() => {
    if (owner) void pruneSynced(db, owner)
  }, [db, owner])
  return { loaded: owner ? loaded : { records: [], lost: new Set() }, items, sendingId }
}

function rowOf(record: CaptureRecord, loaded: Loaded, items: readonly OutboxItem[], sendingId: string | null): CaptureRow {
  const item = items.find((i) => i.id === record.id)
  return { record, item, state: captureState(record, item, sendingId, loaded.lost.has(record.id)) }
}

export function useCaptures(db: MiscueDb, owner: string | null): CaptureRow[] | undefined {
  const { loaded, items, sendingId } = useLoaded(db, owner)
  return useMemo(() => loaded?.records.map((r) => rowOf(r, loaded, items, sendingId)), [loaded, items, sendingId])
}

/** One capture of the signed-in user (null: not on this device), kept current like the list. */
export function useCaptureRow(db: MiscueDb, owner: string | null, id: string): CaptureRow | null | undefined {
  const { loaded, items, sendingId } = useLoaded(db, owner)
  return useMemo(() => {
    if (!loaded) return undefined
    const record = loaded.records.find((r) => r.id === id)
    return record ? rowOf(record, loaded, items, sendingId) : null
  }, [loaded, items, sendingId, id])
}
