// Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both run the same committed migrations (src/server/db/migrations).
// On PostgreSQL several copies of the server may start at the same moment: migrations (and the seeding the
// caller runs through `exclusive`) happen under one advisory lock, so the others wait and then find nothing
// left to do instead of racing on CREATE TABLE.
import { mkdirSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PGliteLike } from 'pg-boss'
import * as tables from './schema/tables'
import { takingTurns } from './fair-turns'

export type Db = PgDatabase<PgQueryResultHKT, typeof tables>
/** How pg-boss (src/server/jobs) reaches the same database: the embedded PGlite itself, or a PostgreSQL URL. */
export type JobConnection = { pglite: PGliteLike } | { url: string }
export type Readiness = { database: boolean; migrations: boolean }
export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** Runs fn while no other copy of the server runs its start-up work on this database. */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>
  /** Database reachable and every committed migration applied. */
  readiness: () => Promise<Readiness>
  /** How pg-boss reaches the same database (src/server/jobs). */
  jobConnection: JobConnection
  /**
   * Calls onMessage with each NOTIFY payload on a channel; onListening(false) while notifications cannot
   * arrive (the listening connection dropped: it reconnects), true once they can again. Resolves once
   * listening (or on the first failure); the returned function stops.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onListening: (listening: boolean) => void) => Promise<() => Promise<void>>
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any fixed number: the key of the start-up advisory lock. */
const STARTUP_LOCK_KEY = 727_101

function committedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  return journal.entries.length
}

async function readinessOf(db: Db): Promise<Readiness> {
  try {
    const rows = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows) as { n: number }[]
    return { database: true, migrations: Number(list[0]?.n ?? 0) >= committedMigrations() }
  } catch {
    return { database: false, migrations: false }
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle connection the server closes (restart, failover, admin command) must not crash the process:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', (err) => console.error(JSON.stringify({ level: 'warn', msg: 'idle database connection closed', error: err.message })))
    const db = drizzle(pool, { schema: tables }) as unknown as Db
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A session-level lock on a connection of its own, held while fn runs on the pool.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
        try {
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
        }
      } finally {
        client.release()
      }
    }
    await exclusive(() => migrate(db as never, { migrationsFolder }))
    const listen: Database['listen'] = (channel, onMessage, onListening) => listenOnPostgres(pg, opts.databaseUrl!, channel, onMessage, onListening)
    return { db, kind: 'postgres', close: () => pool.end(), exclusive, readiness: () => readinessOf(db), jobConnection: { url: opts.databaseUrl }, listen }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  let client
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pgdata')
    mkdirSync(dir, { recursive: true })
    client = new PGlite(dir, { extensions: { pg_trgm } })
  } else {
    client = new PGlite({ extensions: { pg_trgm } }) // in memory, for tests
  }
  // Statements take turns in arrival order (ADR 0103); pg-boss uses the client itself.
  const db = drizzle(takingTurns(client), { schema: tables }) as unknown as Db
  await migrate(db as never, { migrationsFolder })
  const database = embeddedDatabase(db, () => client.close(), { pglite: client })
  return { ...database, listen: listenOnPglite(client) }
}

/** PGlite delivers a notification before the query that caused it returns: nothing is ever missed. */
export function listenOnPglite(client: { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> }): NonNullable<Database['listen']> {
  return async (channel, onMessage, onListening) => {
    const stop = await client.listen(channel, onMessage)
    onListening(true)
    return stop
  }
}

/** A connection of its own that LISTENs, reconnecting a second after it drops. */
async function listenOnPostgres(
  pg: typeof import('pg').default, url: string, channel: string,
  onMessage: (payload: string) => void, onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false
  let current: InstanceType<typeof pg.Client> | null = null
  let retry: ReturnType<typeof setTimeout> | undefined
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url })
    const lost = () => {
      if (current !== client) return
      current = null
      onListening(false)
      if (!stopped) retry = setTimeout(() => void connect(), 1000)
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (n) => { if (n.channel === channel) onMessage(n.payload ?? '') })
    current = client
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
      if (current === client && !stopped) onListening(true)
    } catch {
      lost()
      await client.end().catch(() => {})
    }
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = null
    await client?.end().catch(() => {})
  }
}

/** A PGlite database: one process owns it (the DATA_DIR lock), so start-up work needs no other lock. */
export function embeddedDatabase(db: Db, close: () => Promise<void>, jobConnection: JobConnection): Database {
  return { db, kind: 'pglite', close, exclusive: (fn) => fn(), readiness: () => readinessOf(db), jobConnection }
}
