// An upload as the request brings it: the file is read again on the server (never trusting the browser's
// preview), refused as a whole when it cannot be imported (unreadable, no rows, too many, a required column
// missing), then imported while the request waits (up to env.bulkSyncRows rows: the answer is the spec's
// array of result rows) or stored and queued for the bulk-import job (202 with the upload's id to follow).
import { eq } from 'drizzle-orm'
import { bulkUploads } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import { storeFile } from '../../lib/files'
import type { Lang } from '../../lib/messages'
import { readSheet, type SheetRead } from '../../../shared/bulk/read-sheet'
import { rowChecker } from '../../../shared/bulk/row-checks'
import { BULK_LIMITS } from '../../../shared/bulk/upload-kinds'
import type { UploadQueued, UploadResultRow } from '../../../shared/schemas/bulk-upload'
import { importRows, type RowOutcome } from './import-rows'
import type { Importer, ImportScope } from './importer'
import { chunkRecorder, createUpload, finishUpload, resultRow } from './upload-records'
import { UPLOAD_MESSAGES as M } from './upload-messages'

export type ReceivedUpload = { status: 200; payload: UploadResultRow[] } | { status: 202; payload: UploadQueued }

/** The 4xx for a file that cannot be imported at all. */
export function fileProblem(read: Exclude<SheetRead, { ok: true }>, lang: Lang, field: string): HttpError {
  switch (read.problem) {
    case 'unreadable':
      return HttpError.say(400, M.unreadable, lang, field, 'invalid_choice')
    case 'no_sheet':
    case 'no_rows':
      return HttpError.say(400, M.noRows, lang, field, 'required')
    case 'too_many_rows':
      return HttpError.say(413, M.tooManyRows, lang, field, 'too_large')
    case 'missing_columns':
      return HttpError.say(400, M.missingColumns(read.missing), lang, field, 'required')
  }
}

export async function receiveUpload(
  s: ImportScope,
  importer: Importer,
  file: { name: string; bytes: Uint8Array; type: 'xlsx' | 'xls'; field: string },
  queue: (uploadId: string) => Promise<string>,
): Promise<ReceivedUpload> {
  const kind = importer.kind
  const read = readSheet(file.bytes, kind, { maxRows: BULK_LIMITS.maxRows })
  if (!read.ok) throw fileProblem(read, s.lang, file.field)
  await importer.begin(s)
  const total = read.rows.length
  if (total <= s.deps.env.bulkSyncRows) {
    const check = rowChecker(kind, read.map, await importer.references(s), s.ctx)
    const uploadId = await createUpload(s, kind, { name: file.name, headers: read.headers, total, state: 'PROGRESS' })
    const outcomes: RowOutcome[] = []
    const record = chunkRecorder(uploadId)
    await importRows(s, importer, read.rows, check, {
      record: async (db, chunk, processed) => {
        await record(db, chunk, processed)
        outcomes.push(...chunk)
      },
    })
    await finishUpload(s.db, uploadId, { state: 'SUCCESS' })
    return { status: 200, payload: outcomes.map((o) => resultRow(kind, o)) }
  }
  const storedFile = await storeFile(s.deps.env, 'bulk-uploads', file.bytes, file.type)
  const uploadId = await createUpload(s, kind, { name: file.name, headers: read.headers, total, storedFile, state: 'PENDING' })
  const jobId = await queue(uploadId)
  await s.db.update(bulkUploads).set({ job_id: jobId }).where(eq(bulkUploads.id, uploadId))
  return { status: 202, payload: { upload_id: uploadId, state: 'PENDING', total } }
}
