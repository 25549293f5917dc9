// How many users one copy serves: a real server process (PGlite, or PostgreSQL with BENCH_DATABASE_URL) under
// a teacher-like mix of calls — lists with search and ordering, single reads, and one write in ten — driven by
// autocannon at 10 and 50 connections for 10 s each. Prints requests per second and latency percentiles, and
// converts them to users with the assumption written below. Figures only, never pass/fail.
// Run: npx tsx bench/sizing.ts   (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { mkdtempSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { firstSchoolId, freePort, freshPostgres, signIn, startServer } from '../tests/faults/support/server-process'

// A teacher actively using the app makes about one call every 10 s (open a list, a report, save an edit);
// a school's peak has a third of its users active at once.
const SECONDS_BETWEEN_CALLS = 10
const ACTIVE_SHARE = 1 / 3

const pg = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-size-'))
const env: Record<string, string> = pg ? { DATABASE_URL: pg.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir }
// BENCH_SERVER_DIR: another checkout's server (an earlier version), to compare side by side.
if (process.env.BENCH_SERVER_DIR) env.MISCUE_ENTRY = join(process.env.BENCH_SERVER_DIR, 'src/server/index.ts')
const server = startServer(env, await freePort())
await server.waitReady()
const token = await signIn(server)
const schoolId = await firstSchoolId(server, token)
for (let i = 0; i < 200; i++) {
  await server.request('POST', `/api/school/${schoolId}/grade/`, { token, json: { identifier: `S${i}`, display_name: `Sizing grade ${i}` } })
}
const base = `http://127.0.0.1:${server.port}`
const headers = { host: 'sample.localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' }
let n = 0
const requests = [
  { method: 'GET' as const, path: `/api/school/${schoolId}/grade/?display_name=grade&ordering=-identifier` },
  { method: 'GET' as const, path: `/api/school/${schoolId}/grade/?page=3` },
  { method: 'GET' as const, path: '/api/myschools/' },
  { method: 'GET' as const, path: `/api/school/${schoolId}/section/` },
  { method: 'GET' as const, path: `/api/school/${schoolId}/grade/?identifier=S1` },
  { method: 'GET' as const, path: `/api/school/${schoolId}/grade/?page=2&ordering=display_name` },
  { method: 'GET' as const, path: `/api/school/${schoolId}/section/?ordering=-display_name` },
  { method: 'GET' as const, path: '/api/myschools/' },
  { method: 'GET' as const, path: `/api/school/${schoolId}/grade/` },
  {
    method: 'POST' as const,
    path: `/api/school/${schoolId}/grade/`,
    setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ identifier: `W${process.pid}-${n++}`, display_name: 'Sizing write' }) }),
  },
]
console.log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; database: ${pg ? 'PostgreSQL' : 'PGlite'}`)
for (const connections of [10, 50]) {
  const result = await autocannon({ url: base, connections, duration: 10, headers, requests })
  const rps = result.requests.average
  const users = Math.floor((rps * SECONDS_BETWEEN_CALLS) / ACTIVE_SHARE)
  console.log(
    `${connections} connections: ${rps.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors + result.non2xx} → about ${users} users (1 call / ${SECONDS_BETWEEN_CALLS} s while active, ${Math.round(ACTIVE_SHARE * 100)} % active at peak)`,
  )
}
await server.kill('SIGTERM')
await pg?.drop()
