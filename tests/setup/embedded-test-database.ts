// The embedded (PGlite) databases of the API tests: a migrated one, and the seed every harness starts from.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { Db } from '../../src/server/db/client'
import * as tables from '../../src/server/db/schema/tables'

export const ADMIN_PASSWORD = 'Admin$1pass'
export const SAMPLE_PASSWORD = 'Sample$1pass'

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations')

/** What every harness seeds: the platform admin, and the sample institution unless `sampleData` is false. */
export function seedOptions(sampleData: boolean) {
  return { adminUsername: 'admin', adminPassword: ADMIN_PASSWORD, sampleData, samplePassword: SAMPLE_PASSWORD }
}

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

function drizzleOf(client: PGlite): Db {
  return drizzle(client, { schema: tables }) as unknown as Db
}

/**
 * A new in-memory PGlite with the migrations applied. Started from a cached copy of a freshly initialised
 * (empty, un-migrated) cluster: initdb is most of PGlite's ~2 s start. The cache depends only on the PGlite
 * version, so the migrations always run here.
 */
export async function migratedPglite(): Promise<{ client: PGlite; db: Db }> {
  const cacheFile = join(tmpdir(), `miscue-test-pglite-${pgliteVersion()}.tar`)
  let client: PGlite
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
  const db = drizzleOf(client)
  await migrate(db as never, { migrationsFolder })
  return { client, db }
}

/** A new in-memory PGlite holding a copy of a database the run's global setup migrated and seeded. */
export function copyOfSeeded(file: string): { client: PGlite; db: Db } {
  const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) })
  return { client, db: drizzleOf(client) }
}
