// The six upload calls share one handling (ADR 0080): read the file safely, build the import scope from the
// request (who, where, the screen's choices), import or queue, and answer the spec's shapes — 200 with the
// array of result rows, or 202 with the queued upload to follow.
import type { Context } from 'hono'
import type { AppEnv, Deps } from '../context'
import type { Importer, ImportScope } from '../domain/bulk-import/importer'
import { receiveUpload } from '../domain/bulk-import/receive-upload'
import type { BulkContext } from '../../shared/bulk/row-checks'
import { UPLOAD_FIELD } from '../../shared/bulk/upload-kinds'
import { requestScope } from './request-scope'
import { uploadedSpreadsheet } from './uploaded-spreadsheet'

/** Queues the background import of an upload; answers the job's id (the bulk-import job provides it). */
export type QueueImport = (jobs: Deps['jobs'], uploadId: string, userId: number) => Promise<string>

/** What every upload call answers, for its summary in the API document. */
export const UPLOAD_ANSWERS = 'answers 200 with one result row per data row {row, status, error, errors, email|enrollment_code|identifier|name, id}, or 202 {upload_id, state, total} when the file has more rows than BULK_SYNC_ROWS (imported by a job: follow GET /api/bulk-upload/{uploadId}/). Refused as a whole: not a spreadsheet (400), over 10 MB, a zip bomb or over 50,000 rows (413), a required column missing (400)'

export function importScope(c: Context<AppEnv>, ctx: BulkContext): ImportScope {
  const deps = c.get('deps')
  return { ...requestScope(c), ctx, host: c.req.header('host') ?? 'localhost', deps }
}

/**
 * Handles an upload call. `context` reads the screen's choices once the form fields are known (the student
 * upload's class is a form field beside the file).
 */
export async function bulkUpload(
  c: Context<AppEnv>,
  importer: Importer,
  queue: QueueImport,
  context: (fields: Record<string, string>) => BulkContext | Promise<BulkContext> = () => ({}),
): Promise<Response> {
  const field = UPLOAD_FIELD[importer.kind]
  const file = await uploadedSpreadsheet(c, field)
  const s = importScope(c, await context(file.fields))
  const answer = await receiveUpload(s, importer, { ...file, field }, (uploadId) => queue(c.get('deps').jobs, uploadId, s.user.id))
  return c.json({ payload: answer.payload }, answer.status)
}
