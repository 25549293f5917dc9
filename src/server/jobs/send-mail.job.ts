// Every mail the app sends goes through this job: a save never fails because the mail server is down,
// and a failed send is retried with backoff (about 1, 2, 4, 8, 16 minutes), each failure logged; after the
// last one the mail is logged as given up (it stays in pg-boss's failed jobs for a redrive).
import * as v from 'valibot'
import type { Mail, Mailer } from '../mail/mailer'
import { defineJob, type JobContext } from './define-job'
import type { JobQueue } from './job-queue'

/** A mail as stored in the queue (JSON): attachments travel base64-encoded. */
const MailPayload = v.object({
  to: v.pipe(v.string(), v.email()),
  subject: v.string(),
  text: v.string(),
  html: v.optional(v.string()),
  attachments: v.optional(v.array(v.object({ filename: v.string(), contentType: v.string(), base64: v.string() }))),
})
type MailPayload = v.InferOutput<typeof MailPayload>

export const sendMailJob = defineJob<MailPayload>({
  name: 'send-mail',
  payload: MailPayload,
  retries: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  timeLimitSeconds: 60,
  async handle({ attachments, ...mail }, { transport }) {
    const files = attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') }))
    const { file } = await transport.send({ ...mail, ...(files ? { attachments: files } : {}) })
    return file ? { file } : null
  },
  async cleanUp(mail, { log }) {
    log(`[mail] gave up sending "${mail.subject}" to ${mail.to} after every retry failed`)
  },
})

/** The Mailer the app uses: `send` queues the mail and answers at once. */
export function queuedMailer(jobs: JobQueue): Mailer {
  return {
    async send({ attachments, ...mail }: Mail) {
      const stored = attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') }))
      await jobs.send(sendMailJob, { ...mail, ...(stored ? { attachments: stored } : {}) })
      return {}
    },
    withJobs: (queue) => queuedMailer(queue),
  }
}

/** The Mailer a job uses: its mails go through this queue too, so a mail server outage is retried there. */
export function jobMailer(send: JobContext['send']): Mailer {
  return queuedMailer({ send } as Pick<JobQueue, 'send'> as JobQueue)
}
