// Kill -9 during a stream of writes, then restart at once on the same data, round after round:
// every write the server acknowledged is there afterwards, a resent unacknowledged write lands exactly
// once, and the restart is never refused by a lock left behind by the killed process.
// CI runs FAULT_ROUNDS=20 on PGlite and 10 on PostgreSQL; `FAULT_ROUNDS=100 npm run test:faults` is the full run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { firstSchoolId, freePort, freshPostgres, rounds, signIn, startServer, type ServerProcess } from './support/server-process'

type Write = { key: string; identifier: string }

function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
}

async function writeUntilKilled(server: ServerProcess, token: string, schoolId: number, round: number, killAfterMs: number) {
  const acknowledged: Write[] = []
  const unacknowledged: Write[] = []
  let n = 0
  let killed = false
  const writer = async () => {
    while (!killed) {
      const w = { key: `round-${round}-${n}`, identifier: `R${round}W${n}` }
      n++
      try {
        const res = await server.request('POST', `/api/school/${schoolId}/grade/`, {
          token, json: { identifier: w.identifier, display_name: `Round ${round} write` }, headers: { 'idempotency-key': w.key },
        })
        if (res.status === 201) acknowledged.push(w)
        else if (res.status >= 500 || res.status === 409) unacknowledged.push(w)
        else throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`)
      } catch (e) {
        if (e instanceof Error && e.message.startsWith('unexpected')) throw e
        unacknowledged.push(w) // the connection died with the server
      }
    }
  }
  const writers = [writer(), writer(), writer()]
  await new Promise((r) => setTimeout(r, killAfterMs))
  killed = true
  await server.kill('SIGKILL')
  await Promise.all(writers)
  return { acknowledged, unacknowledged }
}

async function identifiers(server: ServerProcess, token: string, schoolId: number, prefix: string): Promise<string[]> {
  const found: string[] = []
  for (let page = 1; ; page++) {
    const res = await server.request('GET', `/api/school/${schoolId}/grade/?identifier=${prefix}&page=${page}`, { token })
    expect(res.status).toBe(200)
    found.push(...res.body.payload.results.map((r: { identifier: string }) => r.identifier))
    if (found.length >= res.body.payload.count || res.body.payload.results.length === 0) return found
  }
}

async function killRounds(kind: string, env: Record<string, string>, count: number) {
  const random = prng(count * 7 + kind.length)
  const port = await freePort()
  let server = startServer(env, port)
  await server.waitReady()
  const token = await signIn(server)
  const schoolId = await firstSchoolId(server, token)
  let lost = 0
  let duplicated = 0
  let acknowledgedTotal = 0
  const started = Date.now()
  for (let round = 0; round < count; round++) {
    const { acknowledged, unacknowledged } = await writeUntilKilled(server, token, schoolId, round, 150 + Math.floor(random() * 600))
    acknowledgedTotal += acknowledged.length
    server = startServer(env, port) // at once: the killed process must not block the restart
    await server.waitReady()
    for (const w of unacknowledged) {
      const res = await server.request('POST', `/api/school/${schoolId}/grade/`, {
        token, json: { identifier: w.identifier, display_name: `Round ${round} write` }, headers: { 'idempotency-key': w.key },
      })
      expect([200, 201]).toContain(res.status)
    }
    const present = await identifiers(server, token, schoolId, `R${round}W`)
    const exact = present.filter((id) => new RegExp(`^R${round}W\\d+$`).test(id))
    lost += acknowledged.filter((w) => !exact.includes(w.identifier)).length
    duplicated += exact.length - new Set(exact).size
    expect(new Set(exact).size).toBe(acknowledged.length + unacknowledged.length)
  }
  await server.kill('SIGTERM')
  console.log(`[faults] ${kind}: ${count} kill -9 rounds, ${acknowledgedTotal} acknowledged writes, ${lost} lost, ${duplicated} duplicated, ${((Date.now() - started) / 1000).toFixed(1)} s`)
  expect(lost).toBe(0)
  expect(duplicated).toBe(0)
}

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups) await c()
})

describe('kill -9 during writes, restart at once', () => {
  it('PGlite: no acknowledged write lost, no write applied twice, restart never refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'miscue-faults-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    await killRounds('PGlite', { DATA_DIR: dataDir }, rounds(20))
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: no acknowledged write lost, no write applied twice', async () => {
    const db = await freshPostgres(process.env.TEST_DATABASE_URL!)
    cleanups.push(db.drop)
    await killRounds('PostgreSQL', { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-faults-pg-')) }, rounds(10))
  })
})
