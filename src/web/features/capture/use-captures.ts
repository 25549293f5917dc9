// The captures of the signed-in user with the state each is in (ADR 0090), kept current as they change here, in
// another tab, or in the outbox: in progress (not saved yet), saved on this device, sending, synced (with the
// sitting's id on the server) or needs attention (refused by the server, held, or dropped from the sync queue).
import { useEffect, useMemo, useState } from 'react'
import type { MiscueDb, OutboxItem } from '../../lib/db/db'
import { useOutboxItems, useSendingId } from '../../lib/sync/outbox-context'
import type { CaptureRecord, CaptureState } from './capture-record'
import { getCapture, listCaptures, onCapturesChanged, pruneSynced, updateCapture } from './capture-store'

export type CaptureRow = { record: CaptureRecord; state: CaptureState; item?: OutboxItem }

export function captureState(record: CaptureRecord, item: OutboxItem | undefined, sendingId: string | null): CaptureState {
  if (item) {
    if (item.status === 'rejected' || item.held) return 'attention'
    return sendingId === item.id ? 'sending' : 'saved'
  }
  if (record.phase !== 'saved') return 'in-progress'
  return record.serverId !== undefined ? 'synced' : 'attention'
}

/** Reads `load` now and again whenever a capture changes (here or in another tab). */
function useCaptureReads<T>(load: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T>()
  useEffect(() => {
    let live = true
    const read = () => void load().then((v) => { if (live) setValue(v) })
    read()
    const stop = onCapturesChanged(read)
    return () => {
      live = false
      stop()
    }
    // `load` is rebuilt each render; `deps` say when it reads something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return value
}

/**
 * Once a saved sitting has left the outbox, its accepted answer (kept 30 days, ADR 0037) gives its id on the
 * server; it is written on the record so the link to its report outlives the answer.
 */
async function noteSynced(db: MiscueDb, records: readonly CaptureRecord[], queued: ReadonlySet<string>): Promise<void> {
  for (const r of records) {
    if (r.phase !== 'saved' || r.serverId !== undefined || queued.has(r.id)) continue
    const answer = (await db.answers.get(r.id))?.payload as { id?: number } | undefined
    if (answer?.id) await updateCapture(db, r.id, r.owner, { serverId: answer.id, syncedAt: Date.now() })
  }
}

export function useCaptures(db: MiscueDb, owner: string | null): CaptureRow[] | undefined {
  const records = useCaptureReads(() => (owner ? listCaptures(db, owner) : Promise.resolve([])), [db, owner])
  const items = useOutboxItems()
  const sendingId = useSendingId()
  const queued = useMemo(() => new Set(items.map((i) => i.id)), [items])
  useEffect(() => {
    if (records) void noteSynced(db, records, queued)
  }, [db, records, queued])
  useEffect(() => {
    if (owner) void pruneSynced(db, owner)
  }, [db, owner])
  return useMemo(() => records?.map((record) => {
    const item = items.find((i) => i.id === record.id)
    return { record, item, state: captureState(record, item, sendingId) }
  }), [records, items, sendingId])
}

/** One capture of the signed-in user (null: not on this device), kept current like the list. */
export function useCaptureRow(db: MiscueDb, owner: string | null, id: string): CaptureRow | null | undefined {
  const record = useCaptureReads(async () => (owner ? (await getCapture(db, id, owner)) ?? null : null), [db, owner, id])
  const items = useOutboxItems()
  const sendingId = useSendingId()
  useEffect(() => {
    if (record) void noteSynced(db, [record], new Set(items.map((i) => i.id)))
  }, [db, record, items])
  return useMemo(() => {
    if (record === undefined || record === null) return record
    const item = items.find((i) => i.id === record.id)
    return { record, item, state: captureState(record, item, sendingId) }
  }, [record, items, sendingId])
}
