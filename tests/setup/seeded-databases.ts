// Vitest's global setup for the API tests: migrates and seeds one database per seed variant, once per run, and
// each harness starts from a copy (tests/setup/api-harness.ts): a PGlite data directory loaded in memory, or on
// PostgreSQL a database created from it as a template. Migrating and seeding were most of a test file's start,
// repeated for every harness (ADR 0126). Built fresh each run, so a changed migration or seed is always what the
// tests see.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migratedPglite, seedOptions } from './embedded-test-database'

/** By seed variant: PGlite data directory files, or on PostgreSQL the names of template databases. */
export type SeededDatabases = { sample: string; empty: string }

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases
  }
}

const VARIANTS = [['sample', true], ['empty', false]] as const

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) return seedTemplates(project, serverUrl)
  const dir = mkdtempSync(join(tmpdir(), 'miscue-seeded-'))
  const files = { sample: join(dir, 'sample.tar'), empty: join(dir, 'empty.tar') }
  const { seed } = await import('../../src/server/db/seed/seed')
  for (const [variant, sampleData] of VARIANTS) {
    const { client, db } = await migratedPglite()
    await seed(db, seedOptions(sampleData))
    writeFileSync(files[variant], Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
    await client.close()
  }
  project.provide('seededDatabases', files)
  return () => rmSync(dir, { recursive: true, force: true })
}

/** PostgreSQL: a template database per seed variant, dropped when the run ends. */
async function seedTemplates(project: TestProject, serverUrl: string) {
  const { default: pg } = await import('pg')
  const { openDatabase } = await import('../../src/server/db/client')
  const { seed } = await import('../../src/server/db/seed/seed')
  const run = randomBytes(4).toString('hex')
  const names = { sample: `miscue_seeded_${run}_sample`, empty: `miscue_seeded_${run}_empty` }
  const onServer = async (statement: string, params: unknown[] = []) => {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      return (await admin.query(statement, params)).rows
    } finally {
      await admin.end()
    }
  }
  for (const [variant, sampleData] of VARIANTS) {
    await onServer(`create database ${names[variant]}`)
    const url = new URL(serverUrl)
    url.pathname = `/${names[variant]}`
    const database = await openDatabase({ databaseUrl: url.toString() })
    await seed(database.db, seedOptions(sampleData))
    await database.close()
    // A template with a session still open (the pool's, closing) cannot be copied.
    for (let i = 0; i < 50; i++) {
      const [{ n }] = await onServer('select count(*)::int as n from pg_stat_activity where datname = $1', [names[variant]])
      if (n === 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  project.provide('seededDatabases', names)
  return async () => {
    for (const name of Object.values(names)) await onServer(`drop database if exists ${name} with (force)`)
  }
}
