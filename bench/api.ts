// The authenticated list call under load (npm run bench:api): GET /api/school/<id>/grade/ with a contains
// search and an ordering (15 rows and the count), 50 connections, autocannon, 10 s after a 2 s warm-up.
// Prints requests per second, p50 and p99, and statements per call, with the machine's cores and load;
// asserts nothing. All targets run side by side in one run, against the same data:
//  - Miscue on PostgreSQL, at 2,000 and 100,000 rows in the school;
//  - the same call in Django REST Framework + gunicorn (2 sync workers) on the same database
//    (bench/drf/miscue_drf.py; needs Debian's python3-django, python3-djangorestframework, gunicorn and
//    python3-psycopg2: installed with apt-get when missing and running as root, otherwise say how);
//  - the same SQL statement sent straight through the driver from a bare HTTP server (bench/lib/raw-list-server.ts);
//  - Miscue on the embedded PGlite (2,000 rows): p50 against p99 (fair queueing).
// BENCH_BEFORE_DIR=<checkout of an earlier commit, with node_modules> adds that version of Miscue, on a
// database of its own with the same rows. PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server;
// throwaway databases are created and dropped). BENCH_SIZES=2000,100000, BENCH_SECONDS=10, BENCH_ROUNDS=2
// (every target measured in turn, that many times over, the two versions first and swapping places every
// other round; the summary takes each one's best round, and with BENCH_BEFORE_DIR the versions' medians),
// BENCH_GZIP=0 leaves out the line of the same call gzipped (as browsers ask for it, ADR 0110),
// BENCH_PGLITE=0 skips the PGlite line, BENCH_PGLITE_ROUNDS=<n> measures each version on PGlite n times, in turn
// (medians printed), BENCH_PROFILE=<dir> writes this version's CPU profile there (and the driver's in <dir>/driver).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { freePort, freshPostgres, PASSWORD, SAMPLE_HOST } from '../tests/faults/support/server-process'
import { loadNow, machineLine } from './lib/machine'

const ROOT = join(import.meta.dirname, '..')
const SIZES = (process.env.BENCH_SIZES ?? '2000,100000').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const PGLITE_ROUNDS = Number(process.env.BENCH_PGLITE_ROUNDS ?? 1)
const GZIP = process.env.BENCH_GZIP !== '0'
const CONNECTIONS = 50
const SEARCH = 'elt' // matches one row in ten ("delta"); three letters, so a trigram index can serve it
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet']
const BEFORE = process.env.BENCH_BEFORE_DIR
const children: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []
process.on('exit', () => { for (const c of children) c.kill('SIGKILL') })

type Target = { label: string; port: number; path: string; headers: Record<string, string>; database?: string }

function spawnQuiet(cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> }) {
  const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let err = ''
  child.stderr!.on('data', (d) => { err = (err + d).slice(-4000) })
  child.stdout!.resume()
  children.push(child)
  return { child, err: () => err }
}

async function waitFor(url: string, host: string, what: string, proc: { child: ChildProcess; err: () => string }) {
  for (let i = 0; i < 1800; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited: ${proc.err()}`)
    try {
      const res = await fetch(url, { headers: { host }, signal: AbortSignal.timeout(2000) })
      if (res.status < 500) return
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} did not start: ${proc.err()}`)
}

/** A Miscue server process from `dir` (this checkout or BENCH_BEFORE_DIR), its log discarded. */
async function startMiscue(dir: string, env: Record<string, string>) {
  const port = await freePort()
  // BENCH_PROFILE=<dir>: this version writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE && dir === ROOT ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
  const proc = spawnQuiet(process.execPath, [...profile, '--import', 'tsx', 'src/server/index.ts'], {
    cwd: dir,
    env: { PORT: String(port), SAMPLE_PASSWORD: PASSWORD, ADMIN_PASSWORD: 'Admin$1pass', BASE_DOMAIN: 'localhost', DIST_DIR: join(dir, 'no-dist'), ...env },
  })
  await waitFor(`http://127.0.0.1:${port}/api/ready/`, 'localhost', 'Miscue', proc)
  const form = new URLSearchParams({ username: 'institution.admin@sample.test', password: PASSWORD, client_id: 'miscue-web', grant_type: 'password' }).toString()
  const login = await call(port, 'POST', '/api/login/', { 'content-type': 'application/x-www-form-urlencoded' }, form)
  const token = (login as { payload: { access_token: string } }).payload.access_token
  const schools = await call(port, 'GET', '/api/myschools/', { authorization: `Bearer ${token}` })
  const schoolId = (schools as { payload: { results: { id: number }[] } }).payload.results[0]!.id
  return { port, token, schoolId, proc, stop: async () => { proc.child.kill('SIGTERM'); await new Promise((r) => proc.child.once('exit', r)) } }
}

/** A JSON call with the institution's Host header (fetch cannot set Host; tenancy is by Host). */
function call(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { host: SAMPLE_HOST, ...headers } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { text += d })
      res.on('end', () => { try { resolve(JSON.parse(text)) } catch (e) { reject(e) } })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Grades up to `size` in the school: `G<n>`, `Grade <n> <word>` (one word in ten is "delta"). */
function insertGrades(schoolId: number, from: number, to: number) {
  return `insert into grades (institution_id, school_id, identifier, display_name)
    select s.institution_id, s.id, 'G' || i, 'Grade ' || i || ' ' || (array['${WORDS.join("','")}'])[1 + i % 10]
    from schools s, generate_series(${from + 1}, ${to}) i where s.id = ${schoolId}`
}

async function measure(t: Target) {
  const url = `http://127.0.0.1:${t.port}${t.path}`
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: t.headers })
  const before = t.database ? await commits(t.database) : 0
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: t.headers })
  let perCall = ''
  if (t.database) {
    await new Promise((res) => setTimeout(res, 1500)) // statistics reach pg_stat_database within a second
    perCall = `, ${((await commits(t.database) - before) / r.requests.total).toFixed(1)} statements/call`
  }
  // Failed: connection errors (gunicorn's sync workers close every connection after one answer, and
  // refuse new ones past their backlog under this load), timeouts and non-2xx answers, counted apart.
  const bad = r.errors + r.non2xx
  const failed = bad ? `  (failed: ${r.errors} connection errors incl. ${r.timeouts} timeouts, ${r.non2xx} non-2xx)` : ''
  console.log(`  ${t.label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms${perCall}${failed}  [${loadNow()}]`)
  return r
}

const MINE = 'Miscue (this version)'
const BEFORE_LABEL = `Miscue (before: ${BEFORE})`
const DRF = 'Django REST Framework + gunicorn (2 workers)'
const DRIVER = 'same SQL straight through the driver'

/** The targets in the order of a round: the two versions first (the one before first when `beforeFirst`). */
function inTurn(targets: Target[], beforeFirst: boolean): Target[] {
  const versions = [MINE, BEFORE_LABEL].map((label) => targets.find((t) => t.label === label)).filter((t) => t !== undefined)
  return [...(beforeFirst ? versions.reverse() : versions), ...targets.filter((t) => !versions.includes(t))]
}

/** The middle of the figures (the mean of the two middle ones when they are even in number). */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

let statsClient = null as pg.Client | null
async function commits(database: string): Promise<number> {
  const { rows } = await statsClient!.query('select xact_commit::bigint as n from pg_stat_database where datname = $1', [database])
  return Number(rows[0]?.n ?? 0)
}

function drfAvailable(): boolean {
  const check = () => existsSync('/usr/bin/gunicorn') && spawnSync('/usr/bin/python3', ['-c', 'import django, rest_framework, psycopg2'], { stdio: 'ignore' }).status === 0
  if (check()) return true
  const packages = 'python3-django python3-djangorestframework gunicorn python3-psycopg2'
  if (process.getuid?.() === 0) {
    console.log(`Installing ${packages} (apt-get) for the Django REST Framework comparison…`)
    spawnSync('apt-get', ['install', '-y', ...packages.split(' ')], { stdio: 'ignore' })
    if (check()) return true
  }
  console.log(`Django REST Framework comparison skipped: run "apt-get install -y ${packages}" as root, then again.`)
  return false
}

async function onPostgres(serverUrl: string) {
  statsClient = new pg.Client({ connectionString: serverUrl })
  await statsClient.connect()
  const after = await freshPostgres(serverUrl)
  cleanups.push(after.drop)
  const dbName = new URL(after.url).pathname.slice(1)
  const miscue = await startMiscue(ROOT, { DATABASE_URL: after.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-api-')) })
  const headers = { host: SAMPLE_HOST, authorization: `Bearer ${miscue.token}` }
  const listPath = (schoolId: number) => `/api/school/${schoolId}/grade/?display_name=${SEARCH}&ordering=-identifier`
  const targets: Target[] = [{ label: MINE, port: miscue.port, path: listPath(miscue.schoolId), headers, database: dbName }]
  // Browsers ask for gzip, and the API compresses for them (ADR 0110): what that costs, beside the plain call.
  if (GZIP) targets.push({ label: 'Miscue, gzipped as a browser asks', port: miscue.port, path: listPath(miscue.schoolId), headers: { ...headers, 'accept-encoding': 'gzip, deflate' }, database: dbName })
  const seedTargets: { url: string; schoolId: number }[] = [{ url: after.url, schoolId: miscue.schoolId }]

  if (BEFORE) {
    const before = await freshPostgres(serverUrl)
    cleanups.push(before.drop)
    const old = await startMiscue(BEFORE, { DATABASE_URL: before.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-api-')) })
    targets.push({ label: BEFORE_LABEL, port: old.port, path: listPath(old.schoolId), headers: { host: SAMPLE_HOST, authorization: `Bearer ${old.token}` }, database: new URL(before.url).pathname.slice(1) })
    seedTargets.push({ url: before.url, schoolId: old.schoolId })
  }

  if (drfAvailable()) {
    const port = await freePort()
    const u = new URL(after.url)
    const proc = spawnQuiet('/usr/bin/gunicorn', ['-w', '2', '-b', `127.0.0.1:${port}`, '--chdir', join(ROOT, 'bench', 'drf'), '--log-level', 'warning', 'miscue_drf:application'], {
      env: { PGHOST: u.hostname, PGPORT: u.port || '5432', PGUSER: decodeURIComponent(u.username || 'postgres'), PGPASSWORD: decodeURIComponent(u.password), PGDATABASE: dbName, BASE_DOMAIN: 'localhost' },
    })
    await waitFor(`http://127.0.0.1:${port}${listPath(miscue.schoolId)}`, SAMPLE_HOST, 'gunicorn', proc)
    targets.push({ label: DRF, port, path: listPath(miscue.schoolId), headers, database: dbName })
  }

  const rawProfile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/driver`] : []
  const raw = spawnQuiet(process.execPath, [...rawProfile, '--import', 'tsx', 'bench/lib/raw-list-server.ts', after.url], {})
  const rawPort = await new Promise<number>((resolve) => raw.child.stdout!.on('data', (d: Buffer) => {
    const m = /listening (\d+)/.exec(String(d))
    if (m) resolve(Number(m[1]))
  }))
  const instOf = new pg.Client({ connectionString: after.url })
  await instOf.connect()
  const { rows: [school] } = await instOf.query('select institution_id from schools where id = $1', [miscue.schoolId])
  await instOf.end()
  targets.push({ label: DRIVER, port: rawPort, path: `${listPath(miscue.schoolId)}&institution=${school.institution_id}`, headers: {}, database: dbName })

  let have = 0
  for (const size of SIZES) {
    for (const s of seedTargets) {
      const c = new pg.Client({ connectionString: s.url })
      await c.connect()
      await c.query(insertGrades(s.schoolId, have, size))
      await c.query('analyze')
      await c.end()
    }
    have = size
    console.log(`\nPostgreSQL ${(await statsClient.query('show server_version')).rows[0].server_version}, ${size.toLocaleString('en')} grades in the school, GET …/grade/?display_name=${SEARCH}&ordering=-identifier, ${CONNECTIONS} connections, ${SECONDS} s:`)
    // Each target in turn, ROUNDS times over. The two versions go first, side by side, and swap places every
    // other round: in a fixed order the version measured first lost to the other whichever it was, so a fixed
    // order ranks the slots, not the versions. The summary takes each target's best round, and the medians
    // compare this version with the one before.
    const rates = new Map<string, number[]>(targets.map((t) => [t.label, []]))
    const [mineFirst, beforeFirst] = [inTurn(targets, false), inTurn(targets, true)]
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS}`)
      for (const t of round % 2 ? mineFirst : beforeFirst) rates.get(t.label)!.push((await measure(t)).requests.average)
    }
    const best = (label: string) => Math.max(...(rates.get(label) ?? [0]))
    const mine = best(MINE)
    const drf = rates.has(DRF) ? best(DRF) : 0
    const limit = best(DRIVER)
    console.log(`  → best rounds: Miscue ${drf ? `${(mine / drf).toFixed(2)}x Django REST Framework, ` : ''}${(mine / limit).toFixed(2)}x the driver alone`)
    if (BEFORE && ROUNDS > 1) {
      const [now, then] = [median(rates.get(MINE)!), median(rates.get(BEFORE_LABEL)!)]
      console.log(`  → medians of ${ROUNDS} rounds: this version ${now.toFixed(0)} req/s, before ${then.toFixed(0)} req/s (${((now / then - 1) * 100).toFixed(1)} %)`)
    }
  }
}

/** A Miscue server from `dir` on an embedded database of its own holding `size` grades. */
async function miscueOnPglite(dir: string, size: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'miscue-api-pglite-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const first = await startMiscue(dir, { DATA_DIR: dataDir })
  await first.stop()
  // The server holds the database while it runs: the rows go in between two starts.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const direct = new PGlite(join(dataDir, 'pgdata'), { extensions: { pg_trgm } })
  await direct.exec(`${insertGrades(first.schoolId, 0, size)}; analyze`)
  await direct.close()
  return startMiscue(dir, { DATA_DIR: dataDir })
}

async function onPglite() {
  const size = SIZES[0]!
  console.log(`\nPGlite (embedded), ${size.toLocaleString('en')} grades, the same call, ${CONNECTIONS} connections, ${SECONDS} s:`)
  const versions = [[MINE, ROOT], ...(BEFORE ? [[BEFORE_LABEL, BEFORE]] : [])] as [string, string][]
  if (PGLITE_ROUNDS === 1) {
    for (const [label, dir] of versions) {
      const miscue = await miscueOnPglite(dir, size)
      const r = await measure({ label, port: miscue.port, path: `/api/school/${miscue.schoolId}/grade/?display_name=${SEARCH}&ordering=-identifier`, headers: { host: SAMPLE_HOST, authorization: `Bearer ${miscue.token}` } })
      console.log(`  → p99 / p50 = ${(r.latency.p99 / Math.max(1, r.latency.p50)).toFixed(1)}`)
      await miscue.stop()
    }
    return
  }
  // Several rounds: every version up at once, measured in turn, the order reversed every other round (one run
  // after another on a shared machine differs by more than the versions do; the medians compare them).
  const servers = []
  for (const [label, dir] of versions) servers.push({ label, miscue: await miscueOnPglite(dir, size), rates: [] as number[] })
  for (let round = 1; round <= PGLITE_ROUNDS; round++) {
    console.log(`  round ${round} of ${PGLITE_ROUNDS}`)
    for (const { label, miscue, rates } of round % 2 ? servers : [...servers].reverse()) {
      rates.push((await measure({ label, port: miscue.port, path: `/api/school/${miscue.schoolId}/grade/?display_name=${SEARCH}&ordering=-identifier`, headers: { host: SAMPLE_HOST, authorization: `Bearer ${miscue.token}` } })).requests.average)
    }
  }
  console.log(`  → medians of ${PGLITE_ROUNDS} rounds: ${servers.map((s) => `${s.label} ${median(s.rates).toFixed(0)} req/s`).join(', ')}`)
  for (const { miscue } of servers) await miscue.stop()
}

console.log(machineLine())
try {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (serverUrl) await onPostgres(serverUrl)
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server; throwaway databases are made there)')
  for (const c of children) c.kill('SIGTERM')
  if (process.env.BENCH_PGLITE !== '0') await onPglite()
} finally {
  for (const c of children) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  await statsClient?.end()
  for (const cleanup of cleanups) await cleanup().catch(() => {})
}
