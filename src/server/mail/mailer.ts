// Mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file
// under DATA_DIR/mail (its path logged) so a fresh install can still complete password resets.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { JobQueue } from '../jobs/job-queue'

export type MailAttachment = { filename: string; content: Buffer; contentType: string }
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] }
export type Mailer = {
  send: (mail: Mail) => Promise<{ file?: string }>
  /** The same mailer queueing through `queue` (a keyed write's after-commit queue); absent for direct transports. */
  withJobs?: (queue: JobQueue) => Mailer
}

export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string; log?: (line: string) => void }): Mailer {
  const log = opts.log ?? ((line) => console.log(line))
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
        return {}
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail })
      mkdirSync(opts.mailDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`)
      writeFileSync(file, info.message as Buffer)
      log(`[mail] to ${mail.to}: "${mail.subject}" written to ${file}`)
      return { file }
    },
  }
}
