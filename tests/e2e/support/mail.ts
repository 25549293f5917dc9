// Mail the real server wrote under DATA_DIR/mail (no SMTP in the browser tests). Mail goes out through the
// background mail job, a moment after the call that asked for it: readers wait for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { E2E } from '../../../playwright.config'

const mailDir = () => join(E2E.dataDir, 'mail')

/** The .eml files whose name holds `to` (the recipient, with characters unsafe in file names as _), oldest first. */
function mailFilesTo(to: string): string[] {
  const dir = mailDir()
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(to)).sort() : []
}

/** The newest mail to `to`, waiting for the mail job to write it. */
export async function newestMailTo(to: string): Promise<string> {
  await expect.poll(() => mailFilesTo(to).length, { message: `a mail to ${to} in ${mailDir()}`, timeout: 20_000 }).toBeGreaterThan(0)
  return readFileSync(join(mailDir(), mailFilesTo(to).at(-1)!), 'utf8')
}

/** The set-password link of the newest mail to `to`, decoded from quoted-printable or base64. */
export async function invitationLink(to: string): Promise<string> {
  const raw = await newestMailTo(to)
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  const blocks = raw.split(/\r?\n\r?\n/).map((b) => Buffer.from(b.replace(/\s+/g, ''), 'base64').toString('utf8')).join('\n')
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(`${decoded}\n${blocks}`)
  expect(link, `a /reset-password/<key> link in the mail to ${to}`).not.toBeNull()
  return link![0]
}
