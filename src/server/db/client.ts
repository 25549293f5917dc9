// Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both run the same committed migrations (src/server/db/migrations).
import { mkdirSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PGliteLike } from 'pg-boss'
import * as tables from './schema/tables'

export type Db = PgDatabase<PgQueryResultHKT, typeof tables>
/** How pg-boss (src/server/jobs) reaches the same database: the embedded PGlite itself, or a PostgreSQL URL. */
export type JobConnection = { pglite: PGliteLike } | { url: string }
/** jobConnection: how pg-boss reaches the same database (src/server/jobs). */
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; jobConnection: JobConnection }

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle connection the server closes (restart, failover, admin command) must not crash the process:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', (err) => console.error(`[db] idle connection closed: ${err.message}`))
    const db = drizzle(pool, { schema: tables })
    await migrate(db, { migrationsFolder })
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), jobConnection: { url: opts.databaseUrl } }
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
  const db = drizzle(client, { schema: tables })
  await migrate(db, { migrationsFolder })
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), jobConnection: { pglite: client } }
}
