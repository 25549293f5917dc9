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
import { createJobQueue } from '../../src/server/jobs/job-queue'
import { defineJob } from '../../src/server/jobs/define-job'
import * as v from 'valibot'

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

describe('several copies on PostgreSQL', () => {
  // A run's heartbeat tells the other copies it is alive: only a run whose heartbeat went stale (its copy was
  // killed) is taken over. On PGlite there is one process, so nothing else can look at its runs.
  it('leaves a long run that keeps its heartbeat to its copy, and takes over one whose copy died', { timeout: 90_000 }, async (ctx) => {
    if (!h.onPostgres) ctx.skip()
    const waiting: (() => void)[] = []
    const release = () => waiting.splice(0).forEach((r) => r())
    const slowJob = defineJob({
      name: 'test-slow-run',
      payload: v.object({}),
      tracked: true,
      retries: 1,
      retryDelaySeconds: 0,
      timeLimitSeconds: 60,
      handle: (_p, { signal }) => new Promise<string>((resolve, reject) => {
        // A copy stopped between writing PROGRESS and starting the handler has aborted already.
        if (signal.aborted) return reject(signal.reason)
        waiting.push(() => resolve('finished'))
        signal.addEventListener('abort', () => reject(signal.reason))
      }),
    })
    const log: string[] = []
    const copy = (name: string) => createJobQueue({
      db: h.db, env: h.env, transport: h.transport, connection: h.jobConnection, jobs: [slowJob], workers: false,
      staleAfterMs: h.staleAfterMs, log: (l) => log.push(`${name} ${l}`),
    })
    const a = copy('a')
    const b = copy('b')
    await a.start()
    await b.start()
    const id = await a.send(slowJob, {})
    const running = a.runQueued()
    await expect.poll(async () => (await a.status(id))?.state).toBe('PROGRESS')
    await expect.poll(() => waiting.length).toBeGreaterThan(0)
    // Three heartbeat windows later, copy b still sees the run as a's, in progress.
    await new Promise((r) => setTimeout(r, h.staleAfterMs * 3))
    expect((await b.status(id))?.state).toBe('PROGRESS')
    expect(log.filter((l) => l.includes('interrupted'))).toEqual([])
    release()
    await running
    expect((await b.status(id))?.state).toBe('SUCCESS')

    // Now a copy is killed in the middle of a run: once its heartbeat is stale, b re-queues the run and
    // finishes it.
    const second = await a.send(slowJob, {})
    const cut = a.runQueued()
    await expect.poll(async () => (await a.status(second))?.state).toBe('PROGRESS')
    // Killed while its handler runs (PROGRESS is written just before the handler starts).
    await expect.poll(() => waiting.length).toBeGreaterThan(0)
    await a.stop()
    await cut
    waiting.splice(0) // the handler a's copy ran died with it
    await new Promise((r) => setTimeout(r, h.staleAfterMs * 1.5))
    expect((await b.status(second))?.state).toBe('PENDING')
    expect(log.some((l) => l.startsWith('b ') && l.includes(second) && l.includes('interrupted'))).toBe(true)
    const resumed = b.runQueued({ includeDelayed: true })
    await expect.poll(async () => (await b.status(second))?.state).toBe('PROGRESS')
    // PROGRESS is written just before the handler starts: release it once it is running.
    await expect.poll(() => waiting.length).toBeGreaterThan(0)
    release()
    await resumed
    expect((await b.status(second))?.state).toBe('SUCCESS')
    await b.stop()
  })
})
