// A real app on a real database for API tests: in-memory PGlite by default, or a fresh throwaway
// database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite on both).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/server/app'
import { embeddedDatabase, listenOnPglite, openDatabase, type Database } from '../../src/server/db/client'
import { ACCESS_CHANNEL, AccessCache } from '../../src/server/lib/access-cache'
import { seed } from '../../src/server/db/seed/seed'
import { readEnv } from '../../src/server/env'
import { createJobQueue, type JobQueue } from '../../src/server/jobs/job-queue'
import { ALL_JOBS } from '../../src/server/job-registry'
import { queuedMailer } from '../../src/server/jobs/send-mail.job'
import { createMailer } from '../../src/server/mail/mailer'
import { ADMIN_PASSWORD, SAMPLE_PASSWORD, copyOfSeeded, migratedPglite, seedOptions } from './embedded-test-database'
import type { SeededDatabases } from './seeded-databases'

export { ADMIN_PASSWORD, SAMPLE_PASSWORD }
export const SAMPLE_HOST = 'sample.localhost:8080'
export const PLATFORM_HOST = 'localhost:8080'

/**
 * In-memory PGlite: under Vitest a copy of the database the run's global setup migrated and seeded
 * (tests/setup/seeded-databases.ts); elsewhere (the benches) migrated here and seeded by the harness.
 */
async function openPglite(sampleData: boolean): Promise<Database & { seeded: boolean }> {
  const seeded = await seededOfRun(sampleData)
  const { client, db } = seeded ? copyOfSeeded(seeded) : await migratedPglite()
  return { ...embeddedDatabase(db, () => client.close(), { pglite: client }), listen: listenOnPglite(client), seeded: seeded !== null }
}

/**
 * The run's seeded database for this seed variant (a PGlite file, or a PostgreSQL template's name), or null
 * outside a Vitest run of the API tests.
 */
async function seededOfRun(sampleData: boolean): Promise<string | null> {
  if (!process.env.VITEST) return null
  const { inject } = await import('vitest')
  const seeded = inject('seededDatabases') as SeededDatabases | undefined
  return seeded ? seeded[sampleData ? 'sample' : 'empty'] : null
}

async function openTestDatabase(sampleData: boolean): Promise<Database & { seeded?: boolean }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openPglite(sampleData)
  const { default: pg } = await import('pg')
  const name = `miscue_test_${randomBytes(6).toString('hex')}`
  const template = await seededOfRun(sampleData)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  return {
    ...database,
    seeded: template !== null,
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      // Wait for the pool's connections to finish closing: forcing them closed would make the server
      // send a FATAL message to a client that is already shutting down (an uncaught error in pg).
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
        if (rows[0].n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

export type RequestOptions = {
  host?: string
  token?: string
  json?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
  lang?: 'en' | 'ar'
}

/** `env`: environment variables as a deployment would set them (e.g. OAUTH_CLIENT_ID). */
export async function createHarness(opts: { sampleData?: boolean; env?: Record<string, string> } = {}) {
  const sampleData = opts.sampleData ?? true
  const database = await openTestDatabase(sampleData)
  const dataDir = mkdtempSync(join(tmpdir(), 'miscue-api-'))
  const env = { ...readEnv({ ...opts.env, DATA_DIR: dataDir }), adminPassword: ADMIN_PASSWORD, samplePassword: SAMPLE_PASSWORD }
  if (!database.seeded) await seed(database.db, seedOptions(sampleData))
  const mailDir = join(dataDir, 'mail')
  const transport = createMailer({ from: env.mailFrom, mailDir, log: () => {} })
  const jobLog: string[] = []
  // No workers: nothing runs in the background. Mail is sent after each request (below); other jobs run
  // when a test calls runJobs(). pg-boss starts on the first job sent.
  // On PostgreSQL a run is taken for interrupted once its heartbeat is older than staleAfterMs (45 s on a
  // server); 2.5 s here (still far above a loaded test machine's pauses), so a "restart" (below) need not
  // wait that long.
  const onPostgres = !('pglite' in database.jobConnection)
  const staleAfterMs = 2500
  const newQueue = () => createJobQueue({
    db: database.db, env, transport, connection: database.jobConnection, jobs: ALL_JOBS, workers: false, log: (l) => jobLog.push(l), staleAfterMs,
  })
  let jobs: JobQueue = newQueue()
  // Look-ups kept in memory as in production (ADR 0101), on PGlite, where a change's notice arrives before
  // the statement that made it returns. On PostgreSQL it arrives on another connection a moment later, so
  // tests that change the database directly and ask again at once would race it: nothing is kept there.
  const access = onPostgres ? undefined : new AccessCache(30_000, { listening: false })
  if (access) await database.listen?.(ACCESS_CHANNEL, (payload) => access.changed(payload), (on) => access.setListening(on))
  const deps = { db: database.db, env, mailer: queuedMailer(jobs), jobs, access }
  const app = createApp(deps)

  async function request(method: string, path: string, o: RequestOptions = {}) {
    const headers: Record<string, string> = { host: o.host ?? SAMPLE_HOST, ...(o.headers ?? {}) }
    if (o.token) headers.authorization = `Bearer ${o.token}`
    if (o.lang) headers['accept-language'] = o.lang
    let body: string | undefined
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = typeof o.json === 'string' ? o.json : JSON.stringify(o.json)
    } else if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(o.form).toString()
    }
    const res = await app.request(`http://${headers.host}${path}`, { method, headers, body })
    const text = await res.text()
    // The mail a call queues, and the forgot-password job that queues its mail.
    await jobs.runQueued({ only: ['forgot-password', 'send-mail'] })
    let data: any
    try {
      data = text ? JSON.parse(text) : undefined
    } catch {
      data = text
    }
    return { status: res.status, body: data, headers: res.headers }
  }

  async function login(username: string, password = SAMPLE_PASSWORD, host = SAMPLE_HOST) {
    const res = await request('POST', '/api/login/', {
      host,
      form: { username, password, client_id: 'miscue-web', client_secret: '', grant_type: 'password' },
    })
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.payload.access_token as string
  }

  /** Mails written so far (newest last), as raw .eml text. */
  function mails(): string[] {
    try {
      return readdirSync(mailDir).sort().map((f) => readFileSync(join(mailDir, f), 'utf8'))
    } catch {
      return []
    }
  }

  /** Runs every queued job (and, with includeDelayed, those waiting for a retry) until none is left. */
  const runJobs = (o?: Parameters<JobQueue['runQueued']>[0]) => jobs.runQueued(o)

  /** A server restart for the queue: the running queue is dropped like a killed process and a new one starts. */
  async function restartJobs() {
    await jobs.stop()
    // On PostgreSQL the new copy cannot know the old one is gone until its heartbeat goes stale.
    if (onPostgres) await new Promise((r) => setTimeout(r, staleAfterMs * 1.5))
    jobs = newQueue()
    deps.jobs = jobs
    deps.mailer = queuedMailer(jobs)
    await jobs.start()
  }

  async function close() {
    await jobs.stop()
    await database.close()
  }

  return {
    app, db: database.db, env, request, login, mails, runJobs, restartJobs, jobs: () => jobs, jobLog, close,
    jobConnection: database.jobConnection, transport, onPostgres, staleAfterMs,
  }
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
