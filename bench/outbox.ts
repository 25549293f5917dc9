// 1,000 writes queued offline, then the connection comes back (npm run bench:outbox; needs a build:
// npm run build). In Chromium on the built app, signed in as the institution admin on the dashboard:
// the writes (grade creates) are put in the outbox's IndexedDB store as the app stores them while
// offline, the page goes back online, and the time until the outbox is empty is measured. Then the
// server is asked how many of the grades exist (each exactly once is the goal). Prints figures with the
// machine's cores and load; asserts nothing. PGlite by default; BENCH_DATABASE_URL for PostgreSQL.
// BENCH_SERVER_DIR runs the server (and its dist/) of another checkout, for example an earlier version
// with its node_modules and a build; BENCH_WRITES=1000.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { freePort, freshPostgres, PASSWORD, SAMPLE_HOST, startServer } from '../tests/faults/support/server-process'
import { loadNow, machineLine } from './lib/machine'

const WRITES = Number(process.env.BENCH_WRITES ?? 1000)
const CHROME = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const serverDir = process.env.BENCH_SERVER_DIR
const dist = join(serverDir ?? join(import.meta.dirname, '..'), 'dist')

console.log(machineLine())
const pg = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-outbox-bench-'))
const port = await freePort()
const server = startServer({ DATA_DIR: dataDir, DIST_DIR: dist, ...(pg ? { DATABASE_URL: pg.url } : {}), ...(serverDir ? { MISCUE_ENTRY: join(serverDir, 'src/server/index.ts') } : {}) }, port)
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
try {
  await server.waitReady()
  const context = await browser.newContext()
  const page = await context.newPage()
  const origin = `http://${SAMPLE_HOST}:${port}`
  await page.goto(`${origin}/login`)
  await page.getByLabel('Username or email').fill('institution.admin@sample.test')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.getByRole('navigation').first().waitFor()
  // The app opens its device database once the first screen is in (ADR 0109): the writes below go into it.
  for (let tries = 0; !(await page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'miscue'))); tries++) {
    if (tries > 150) throw new Error('the app did not open its device database within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  // The school the writes go to, and who makes them (the outbox's owner is host|userId).
  const { schoolId, owner } = await page.evaluate(async () => {
    const auth = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('auth_info='))!.slice(10)))
    const res = await fetch('/api/myschools/', { headers: { Authorization: `Bearer ${auth.access_token}` } })
    return { schoolId: (await res.json()).payload.results[0].id as number, owner: `${location.host}|${auth.user_id}` }
  })

  await context.setOffline(true)
  const tag = `OB${Date.now().toString(36)}`
  // As the app stores writes made offline (lib/db/db.ts OutboxItem), straight into IndexedDB.
  await page.evaluate(async ({ n, schoolId, owner, tag }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('miscue')
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    const tx = db.transaction('outbox', 'readwrite')
    const store = tx.objectStore('outbox')
    const now = Date.now()
    for (let i = 0; i < n; i++) {
      store.put({
        id: crypto.randomUUID(), seq: i + 1, entity: 'grade', operation: 'create', method: 'POST',
        path: `/api/school/${schoolId}/grade/`, body: { identifier: `${tag}-${i}`, display_name: `Offline grade ${i}` },
        invalidates: ['grades', schoolId], scope: { schoolId }, owner, label: `Offline grade ${i}`,
        status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: now,
      })
    }
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error) })
    db.close()
  }, { n: WRITES, schoolId, owner, tag })

  const left = () => page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => { const r = indexedDB.open('miscue'); r.onsuccess = () => resolve(r.result) })
    const n = await new Promise<number>((resolve) => { const r = db.transaction('outbox').objectStore('outbox').count(); r.onsuccess = () => resolve(r.result) })
    db.close()
    return n
  })
  console.log(`${await left()} writes queued offline (grade creates, one school) [${loadNow()}]`)

  await context.setOffline(false)
  await page.evaluate(() => performance.setResourceTimingBufferSize(5000))
  const started = performance.now()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  let remaining = WRITES
  let lastReport = started
  while (remaining > 0) {
    await new Promise((r) => setTimeout(r, 100))
    remaining = await left()
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now()
      console.log(`  … ${WRITES - remaining} sent after ${((lastReport - started) / 1000).toFixed(1)} s [${loadNow()}]`)
    }
    if (performance.now() - started > 600_000) break
  }
  const seconds = (performance.now() - started) / 1000
  const counted = await page.evaluate(async ({ schoolId, tag }) => {
    const auth = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('auth_info='))!.slice(10)))
    const res = await fetch(`/api/school/${schoolId}/grade/?identifier=${tag}-`, { headers: { Authorization: `Bearer ${auth.access_token}` } })
    return (await res.json()).payload.count as number
  }, { schoolId, tag })
  console.log(`Replayed after reconnect: ${WRITES - remaining} of ${WRITES} in ${seconds.toFixed(1)} s (${((WRITES - remaining) / seconds).toFixed(0)} writes/s); ` +
    `on the server: ${counted} grades (${counted === WRITES ? 'each applied once' : `${counted - WRITES} more than queued`}); ${pg ? 'PostgreSQL' : 'PGlite'} [${loadNow()}]`)
  // Writes go in batch calls of up to 20 (ADR 0104); a write sent alone goes to /grade/ (which also holds the list's refetches).
  const fetches = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/grade/') || e.name.includes('/batch/')).map((e) => {
    const r = e as PerformanceResourceTiming
    return [r.duration, r.workerStart > 0 ? r.fetchStart - r.workerStart : 0, r.responseStart - r.requestStart]
  }))
  const med = (i: number) => { const v = fetches.map((f) => f[i]!).sort((a, b) => a - b); return v[Math.floor(v.length / 2)]?.toFixed(1) }
  console.log(`  in the page, per call: fetch ${med(0)} ms (service worker ${med(1)} ms, waiting for the server ${med(2)} ms), median of ${fetches.length} (batch calls and list refetches)`)
  // Where the time goes: the server's own time per write, from its request log.
  const requests = server.output().split('\n').filter((l) => l.includes('"msg":"request"') && l.includes('"method":"POST"'))
  const batch = (l: string) => l.includes('/api/batch')
  const posts = requests.filter((l) => !batch(l)).map((l) => (JSON.parse(l) as { ms: number }).ms).sort((a, b) => a - b)
  const batchCalls = requests.filter(batch).map((l) => (JSON.parse(l) as { ms: number }).ms).sort((a, b) => a - b)
  const lists = server.output().split('\n').filter((l) => l.includes('"msg":"request"') && l.includes('"method":"GET"') && l.includes('/grade"')).length
  console.log(`  list refetches during the replay: ${lists}`)
  if (posts.length) console.log(`  server time per write: median ${posts[Math.floor(posts.length / 2)]!.toFixed(1)} ms, p95 ${posts[Math.floor(posts.length * 0.95)]!.toFixed(1)} ms (${posts.length} writes)`)
  if (batchCalls.length) console.log(`  batch calls: ${batchCalls.length}, server time per call: median ${batchCalls[Math.floor(batchCalls.length / 2)]!.toFixed(1)} ms`)
} finally {
  await browser.close()
  await server.kill('SIGTERM')
  await pg?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
