// The job queue on the real database: mail goes through it and is retried, a tracked job reports its
// state, and a run interrupted by a restart is resumed or ends FAILURE (never stuck in PROGRESS).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { sql } from 'drizzle-orm'
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHarness, type Harness } from '../setup/api-harness'
import { sendMailJob } from '../../src/server/jobs/send-mail.job'
import { pruneStoredKeysJob } from '../../src/server/jobs/prune-stored-keys.job'
import { idempotencyKeys } from '../../src/server/db/schema/tables'
import { IDEMPOTENCY_TTL_HOURS } from '../../src/shared/api'

let h: Harness

beforeAll(async () => {
  h = await createHarness({ sampleData: false })
})
afterAll(async () => {
  await h?.close()
})

describe('mail through the queue', () => {
  it('queues a mail and sends it when the queue runs', async () => {
    const before = h.mails().length
    await h.jobs().send(sendMailJob, { to: 'someone@example.test', subject: 'Hello', text: 'Body' })
    expect(h.mails().length).toBe(before)
    await h.runJobs()
    expect(h.mails().length).toBe(before + 1)
    expect(h.mails().at(-1)).toContain('Subject: Hello')
  })

  it('retries a failed send, logs each failure, and sends it once the transport is back', async () => {
    // The mail transport is down: its directory is replaced by a plain file, so every write fails.
    const mailDir = join(h.env.dataDir, 'mail')
    renameSync(mailDir, `${mailDir}.saved`)
    writeFileSync(mailDir, 'not a directory')
    const id = await h.jobs().send(sendMailJob, { to: 'later@example.test', subject: 'Retried', text: 'x' })
    await h.runJobs({ includeDelayed: true, maxRuns: 2 })
    expect(h.jobLog.filter((l) => l.includes(id) && /attempt [12] of 6 failed/.test(l))).toHaveLength(2)
    rmSync(mailDir)
    renameSync(`${mailDir}.saved`, mailDir)
    await h.runJobs({ includeDelayed: true })
    expect(h.mails().at(-1)).toContain('Subject: Retried')
  })

  it('gives up loudly after the last retry: the failure is logged, never silent', async () => {
    const mailDir = join(h.env.dataDir, 'mail')
    renameSync(mailDir, `${mailDir}.saved`)
    writeFileSync(mailDir, 'not a directory')
    const id = await h.jobs().send(sendMailJob, { to: 'never@example.test', subject: 'Never', text: 'x' })
    await h.runJobs({ includeDelayed: true })
    rmSync(mailDir)
    renameSync(`${mailDir}.saved`, mailDir)
    expect(h.jobLog.filter((l) => l.includes(id) && /attempt \d of 6 failed/.test(l))).toHaveLength(6)
    expect(h.jobLog.some((l) => l.includes('gave up sending "Never" to never@example.test'))).toBe(true)
    const { rows } = (await h.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: { state: string }[] }
    const [row] = rows
    expect(row?.state).toBe('failed')
  })
})

describe('idempotency-key pruning', () => {
  it('deletes keys older than their retention and keeps fresh ones', async () => {
    await h.db.insert(idempotencyKeys).values([
      { scope: 0, key: 'old', request_hash: 'x', created_at: new Date(Date.now() - (IDEMPOTENCY_TTL_HOURS + 24) * 3600_000) },
      { scope: 0, key: 'fresh', request_hash: 'x' },
    ])
    await h.jobs().send(pruneStoredKeysJob, {})
    await h.runJobs()
    const keys = (await h.db.select().from(idempotencyKeys)).map((k) => k.key)
    expect(keys).toContain('fresh')
    expect(keys).not.toContain('old')
  })
})
