// The committed migrations are the whole schema: drizzle-kit, run on a copy of them against the Drizzle tables,
// finds nothing left to migrate. Fails when a table changes without its migration, or when migrations made on
// two branches were merged without the snapshot drizzle-kit diffs against.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

it('the migrations leave nothing for drizzle-kit to generate', () => {
  // drizzle-kit reads --out relative to the working directory: a scratch folder under test-results.
  mkdirSync('test-results', { recursive: true })
  const out = mkdtempSync(join('test-results', 'drift-'))
  try {
    cpSync('src/server/db/migrations', out, { recursive: true })
    const before = readdirSync(out).length
    const run = spawnSync(join('node_modules', '.bin', 'drizzle-kit'), [
      'generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema/tables.ts', '--out', out, '--name', 'drift',
    ], { encoding: 'utf8', timeout: 60_000 })
    const output = `${run.stdout}${run.stderr}`
    expect(output).toContain('No schema changes')
    expect(readdirSync(out)).toHaveLength(before)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})
