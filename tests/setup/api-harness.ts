// A real app on a real database for API tests: in-memory PGlite by default, or a fresh throwaway
// database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite on both).
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp } from '../../src/server/app'
import { embeddedDatabase, listenOnPglite, openDatabase, type Database } from '../../src/server/db/client'
import { ACCESS_CHANNEL, AccessCache } from '../../src/server/lib/access-cache'
import * as tables from '../../src/server/db/schema/tables'
import { seed } from '../../src/server/db/seed/seed'
import { readEnv } from '../../src/server/env'
import { createJobQueue, type JobQueue } from '../../src/server/jobs/job-queue'
import { ALL_JOBS } from '../../src/server/job-registry'
import { queuedMailer } from '../../src/server/jobs/send-mail.job'
import { createMailer } from '../../src/server/mail/mailer'

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations')

export const ADMIN_PASSWORD = 'Admin$1pass'
export const SAMPLE_PASSWORD = 'Sample$1pass'
export const SAMPLE_HOST = 'sample.localhost:8080'
export const PLATFORM_HOST = 'localhost:8080'

/** The installed PGlite version (its package.json is not exported, so find it from the entry file). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version
    }
    if (dirname(dir) === dir) throw new Error('cannot find the PGlite version')
    dir = dirname(dir)
  }
}

/**
 * In-memory PGlite like openDatabase({}), but started from a cached copy of a freshly initialised
 * (empty, un-migrated) cluster: initdb is most of PGlite's ~2 s start, and every test file needs a
 * database. The cache depends only on the PGlite version, so migrations still run on every harness.
 */
async function openPglite(): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const cacheFile = join(tmpdir(), `miscue-test-pglite-${pgliteVersion()}.tar`)
  let client: InstanceType<typeof PGlite>
  if (existsSync(cacheFile)) {
    client = new PGlite({ extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(cacheFile)]) })
  } else {
    client = new PGlite({ extensions: { pg_trgm } })
    await client.waitReady
    const dump = await client.dumpDataDir('none')
    const partial = `${cacheFile}.${process.pid}-${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, cacheFile) // atomic: parallel test files never read a half-written cache
  }
  const db = drizzle(client, { schema: tables })
  await migrate(db, { migrationsFolder })
  return { ...embeddedDatabase(db as unknown as Database['db'], () => client.close(), { pglite: client }), listen: listenOnPglite(client) }
}

async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openPglite()
  const { default: pg } = await import('pg')
  const name = `miscue_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  return {
    ...database,
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
  const database = await openTestDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'miscue-api-'))
  const env = { ...readEnv({ ...opts.env, DATA_DIR: dataDir }), adminPassword: ADMIN_PASSWORD, samplePassword: SAMPLE_PASSWORD }
  await seed(database.db, { adminUsername: 'admin', adminPassword: ADMIN_PASSWORD, sampleData: opts.sampleData ?? true, samplePassword: SAMPLE_PASSWORD })
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
