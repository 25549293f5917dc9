// Imports a large bulk upload in the background (ADR 0080): the upload call stored the file and queued this
// job with the upload's id; the screen follows it through GET /api/bulk-upload/{id}/. Tracked: progress is
// rows handled / rows in the file. A run that is cut off resumes after the last committed chunk of rows.
import * as v from 'valibot'
import { abandonQueuedUpload, runQueuedUpload } from '../domain/bulk-import/run-queued-upload'
import type { Mail, Mailer } from '../mail/mailer'
import { importerFor } from '../importers'
import { defineJob } from './define-job'
import type { JobQueue } from './job-queue'
import { sendMailJob } from './send-mail.job'

const Payload = v.object({ upload_id: v.pipe(v.string(), v.uuid()) })
export type BulkImportPayload = v.InferOutput<typeof Payload>

/** Queues the import of a stored upload (the upload calls' QueueImport). */
export function queueBulkImport(jobs: JobQueue, uploadId: string, userId: number): Promise<string> {
  return jobs.send(bulkImportJob, { upload_id: uploadId }, { requestedBy: userId })
}

export const bulkImportJob = defineJob<BulkImportPayload>({
  name: 'bulk-import',
  payload: Payload,
  tracked: true,
  retries: 3,
  retryDelaySeconds: 10,
  timeLimitSeconds: 60 * 60,
  async handle({ upload_id }, ctx) {
    // Mail a finished chunk sends (teacher invitations) is queued after the chunk committed.
    const mailer: Mailer = {
      async send({ attachments: _attachments, ...mail }: Mail) {
        await ctx.send(sendMailJob, mail)
        return {}
      },
    }
    return runQueuedUpload(upload_id, { db: ctx.db, env: ctx.env, mailer, importerFor, progress: ctx.progress, signal: ctx.signal })
  },
  async cleanUp({ upload_id }, { db, env }) {
    await abandonQueuedUpload(db, env, upload_id)
  },
})
