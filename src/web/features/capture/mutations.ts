// Saving a captured sitting (ADR 0090): through the outbox like every write, with the capture's id as the outbox
// item id and so as its Idempotency-Key (a sitting saved twice, or replayed after its answer was lost, lands once).
// With a recording it goes as multipart: the sitting as JSON in the part `sitting` beside the file (ADR 0081, 0131).
import { api } from '../../../shared/api'
import type { Sitting, SittingInput } from '../../../shared/schemas/sitting'
import type { MiscueDb } from '../../lib/db/db'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import type { OutboxApi as Outbox } from '../../lib/sync/deferred-outbox'
import { joinSegments, AUDIO_MAX_BYTES } from './audio-merge'
import type { CaptureRecord } from './capture-record'
import { audioSegments, clearAudio, updateCapture } from './capture-store'
import { sittingBody, sittingFormFields } from './sitting-body'

type Ctx = { schoolId: number; yearId: number }

export const sittingWrites = defineEntityWrites<Sitting, SittingInput, Ctx>({
  entity: 'sitting',
  paths: { create: () => api.sittings, record: () => api.sittings },
  // An accepted sitting changes the class reports.
  keys: () => ['reports'],
  scope: ({ schoolId, yearId }) => ({ schoolId, yearId }),
  label: (body) => `#${body.student}`,
})

export function sittingLabel(record: Pick<CaptureRecord, 'studentName' | 'assessment'>): string {
  return `${record.studentName} · ${record.assessment.title}`
}

/** The recording is larger than the server takes, even as one file. */
export class AudioTooLargeError extends Error {}

/** The recording as one file (joined when it was made in several goes), or null without one. */
export async function recordingOf(db: MiscueDb, record: CaptureRecord): Promise<Blob | null> {
  if (record.phase === 'saved') {
    // Saved: the file waits with its write in the outbox until the server has it.
    const [item, stored] = await Promise.all([db.outbox.get(record.id), db.outboxFiles.get(record.id)])
    return item?.file && stored ? new Blob([stored.bytes], { type: item.file.type }) : null
  }
  const segments = await audioSegments(db, record.id, record.owner)
  return segments.length ? joinSegments(segments) : null
}

const EXTENSIONS: Record<string, string> = { 'audio/wav': 'wav', 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' }

/**
 * Hands the sitting to the outbox (it is sent at once when online, or later) and marks it saved, storing the
 * record as given (marks a full device could not store before included). `withAudio` false deletes the recording
 * first, which frees its space on a full device. A sitting already queued under this id is not queued twice.
 */
export async function saveCapture(db: MiscueDb, outbox: Outbox, record: CaptureRecord, options: { withAudio: boolean }): Promise<void> {
  if (!options.withAudio && record.audio.segments > 0) await clearAudio(db, record.id, record.owner)
  const audio = options.withAudio ? await recordingOf(db, record) : null
  if (audio && audio.size > AUDIO_MAX_BYTES) throw new AudioTooLargeError()
  const body = sittingBody(record)
  const queued = await db.outbox.get(record.id)
  if (queued?.status === 'rejected') {
    // Fixed after the server refused it: the same write again with the new values (and a new Idempotency-Key).
    await outbox.retry(record.id, queued.file ? sittingFormFields(body) : body)
  } else if (!queued) {
    const type = audio?.type.split(';')[0] ?? ''
    const file = audio
      ? { field: 'audio', name: `sitting.${EXTENSIONS[type] ?? 'webm'}`, type: audio.type, size: audio.size, bytes: await audio.arrayBuffer(), fields: sittingFormFields(body) }
      : undefined
    const result = await sittingWrites.send(outbox, { schoolId: record.schoolId, yearId: record.yearId }, body, undefined, sittingLabel(record), { id: record.id, file, wait: false })
    // Not kept on the device (full): the sitting stays as it is, recording included, and the screen says why.
    if (result.state === 'not-stored') throw result.error
  }
  const { marks, lastWord, notes, elapsedMs, startedAt } = record
  await updateCapture(db, record.id, record.owner, { marks, lastWord, notes, elapsedMs, startedAt, phase: 'saved', savedAt: Date.now() })
  if (options.withAudio && record.audio.segments > 0) await clearAudio(db, record.id, record.owner)
}
