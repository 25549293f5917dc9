// The first load as a tablet feels it (npm run bench:web; needs a build: npm run build). Prints figures,
// asserts nothing:
//  1. what a first visit downloads (JS + CSS, gzip level 9 of each file the page requests; the service
//     worker's precache, which runs after the first paint, is not counted) for the sign-in page in
//     English and in Arabic and for a class report, and each route's budget (bench/budgets.json);
//  2. Lighthouse (mobile emulation: Moto G Power, simulated slow 4G, 4x CPU slowdown) on /login and on a
//     class report, signed in as the sample teacher: performance score, LCP, TBT, CLS;
//  3. an offline reload of a list saved on the device (the teacher's classes): from the start of the reload
//     to the first row painted, served by the service worker and the saved copy (OFFLINE_RUNS, default 5).
// Chromium: CHROME_PATH or /usr/bin/chromium. LIGHTHOUSE_RUNS=3 runs each page three times (median);
// LIGHTHOUSE_PAGES=/login or "class report" runs one; LIGHTHOUSE_DETAILS=1 prints the LCP element, its
// phases, the main thread's work and the requests before it (what to work on next);
// LIGHTHOUSE_SIM=1 prints what the simulation built the LCP from: each request and task it waited for, with
// their simulated times (bench/lib/sim-probe.ts);
// LIGHTHOUSE_THROTTLING=devtools slows the network and CPU for real instead of simulating them (Lantern):
// slower to run, but it follows the page's requests as they really happen.
// LIGHTHOUSE_FRONT=tls or direct measures one shape: behind TLS and HTTP/2 as in production (the default
// measures both), or straight from the app over HTTP/1.1 (ADR 0111).
// BENCH_FILES=1 lists every file of each first visit with its size.
// LIGHTHOUSE_SAVE=dir keeps each load for bench/what-if.ts, which simulates it again with changes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { freePort, PASSWORD, SAMPLE_HOST, startServer } from '../tests/faults/support/server-process'
import { authCookie, CHROME, type Figures, lighthouseRun, printDetails } from './lib/lighthouse-run'
import { loadNow, machineLine } from './lib/machine'
import { printSimulatedLcp } from './lib/sim-probe'
import { startTlsFront } from './lib/tls-front'
import { saveForWhatIf } from './lib/what-if'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1)
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

console.log(machineLine())
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-web-bench-'))
const port = await freePort()
// The real server serving the built app (DIST_DIR=dist), as `npm start` does.
// BENCH_SERVER_DIR: the server and dist/ of another checkout (an earlier version, built), side by side.
const serverDir = process.env.BENCH_SERVER_DIR
const server = startServer({ DATA_DIR: dataDir, DIST_DIR: join(serverDir ?? join(import.meta.dirname, '..'), 'dist'), ...(serverDir ? { MISCUE_ENTRY: join(serverDir, 'src/server/index.ts') } : {}) }, port)
const origin = `http://${SAMPLE_HOST}:${port}`
try {
  await server.waitReady()
  const signedIn = await server.request('POST', '/api/login/', {
    form: { username: 'teacher@sample.test', password: PASSWORD, client_id: 'miscue-web', grant_type: 'password' },
  })
  const token = signedIn.body.payload.access_token as string
  const userId = signedIn.body.payload.profile.id as number
  const reportUrl = await classReportUrl(token)

  // 1. Bytes of a first visit.
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
  const visits: [string, string, Record<string, string> | null, string | null][] = [
    ['sign-in, English', '/login', null, null],
    ['sign-in, Arabic', '/login', { language: 'ar', direction: 'rtl' }, null],
    ['class report, signed in', reportUrl, null, token],
  ]
  for (const [label, path, storage, auth] of visits) {
    const context = await browser.newContext()
    if (storage) await context.addInitScript((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v) }, storage)
    if (auth) await context.addCookies([authCookie(auth, userId, origin)])
    const page = await context.newPage()
    const files: { url: string; gzip: number }[] = []
    const fonts: number[] = []
    page.on('response', async (response) => {
      const url = new URL(response.url())
      if (url.pathname.endsWith('.woff2') && !response.request().serviceWorker()) fonts.push((await response.body().catch(() => Buffer.alloc(0))).length)
      if (!/\.(js|css)$/.test(url.pathname) || response.request().serviceWorker()) return
      try {
        files.push({ url: url.pathname, gzip: gzipSync(await response.body(), { level: 9 }).length })
      } catch { /* a response without a body (redirect) */ }
    })
    await page.goto(origin + path, { waitUntil: 'networkidle' })
    const total = files.reduce((n, f) => n + f.gzip, 0)
    const top = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 4).map((f) => `${f.url.replace('/assets/', '')} ${kib(f.gzip)}`)
    const fontLine = fonts.length ? `; fonts ${kib(fonts.reduce((a, b) => a + b, 0))} in ${fonts.length} files` : ''
    console.log(`first visit, ${label}: ${kib(total)} gzip JS+CSS in ${files.length} files${fontLine} (largest: ${top.join(', ')}) [${loadNow()}]`)
    if (process.env.BENCH_FILES) for (const f of files) console.log(`  ${f.url} ${kib(f.gzip)}`)
    await context.close()
  }

  // 3. Offline reload of a saved list.
  {
    const context = await browser.newContext()
    await context.addCookies([authCookie(token, userId, origin)])
    const page = await context.newPage()
    const firstRow = () => page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length > 0, null, { polling: 'raf' })
    await page.goto(`${origin}/class`)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload() // now under the service worker; leaving the page saves the list's copy
    await firstRow()
    await context.setOffline(true)
    const times: number[] = []
    for (let i = 0; i < Number(process.env.OFFLINE_RUNS ?? 5); i++) {
      await page.reload({ waitUntil: 'commit' })
      await firstRow()
      times.push(await page.evaluate(() => performance.now()))
    }
    times.sort((a, b) => a - b)
    console.log(`offline reload of the saved class list, first row painted: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, all ${times.map((t) => t.toFixed(0)).join(', ')} ms [${loadNow()}]`)
    await context.close()
  }
  await browser.close()

  // 2. Lighthouse, mobile (its default), on a fresh profile per page (cookies survive its storage reset,
  // which is how the report run stays signed in while its caches start cold).
  const pages = ([['/login', '/login', null], ['class report', reportUrl, token]] as const)
    .filter(([label]) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(label))
  // Each page as production serves it (TLS and HTTP/2 in front, bench/lib/tls-front.ts, ADR 0111) and straight
  // from the app over HTTP/1.1 (npm start on localhost).
  for (const front of (process.env.LIGHTHOUSE_FRONT ?? 'tls,direct').split(',')) {
    const tlsFront = front === 'tls' ? await startTlsFront(await freePort(), port) : null
    const pageOrigin = tlsFront ? `https://${SAMPLE_HOST}:${tlsFront.port}` : origin
    const frontLabel = tlsFront ? 'TLS + HTTP/2 as in production' : 'HTTP/1.1 straight to the app'
    try {
      for (const [label, path, auth] of pages) {
        const runs: Figures[] = []
        for (let i = 0; i < RUNS; i++) {
          const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' as const : undefined
          const run = await lighthouseRun(pageOrigin + path, { cookie: auth ? authCookie(auth, userId, pageOrigin) : undefined, ignoreCertificateErrors: Boolean(tlsFront), throttlingMethod })
          // A run Lighthouse could not measure scores 0: say why, and leave it out of the median.
          if ('notMeasured' in run) {
            console.log(`  [${label}] run ${i + 1} not measured: ${run.notMeasured}`)
            continue
          }
          const { lhr, artifacts } = run.result
          if (process.env.LIGHTHOUSE_SAVE) saveForWhatIf(process.env.LIGHTHOUSE_SAVE, `${front}-${label.replace(/\W+/g, '-')}-${i + 1}`, artifacts, lhr.configSettings)
          if (process.env.LIGHTHOUSE_DETAILS) printDetails(label, lhr)
          if (process.env.LIGHTHOUSE_SIM) await printSimulatedLcp(artifacts as unknown as Record<string, unknown>, lhr.configSettings, (lhr.audits.metrics?.details as { items?: object[] } | undefined)?.items?.[0])
          runs.push(run.figures)
        }
        if (runs.length === 0) {
          console.log(`Lighthouse mobile, ${label} (${frontLabel}): no run measured`)
          continue
        }
        runs.sort((a, b) => a.score - b.score)
        const m = runs[Math.floor(runs.length / 2)]!
        console.log(`Lighthouse mobile, ${label} (${frontLabel}): performance ${m.score}, FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}` +
          `${runs.length > 1 ? ` (median of ${runs.length}: scores ${runs.map((r) => r.score).join(', ')})` : ''} [${loadNow()}]`)
      }
    } finally {
      await tlsFront?.close()
    }
  }
} finally {
  await server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

async function classReportUrl(token: string): Promise<string> {
  const get = async (path: string) => (await server.request('GET', path, { token })).body.payload
  const school = (await get('/api/myschools/')).results[0].id as number
  const year = (await get('/api/academic-year/')).results[0].id as number
  const type = (await get('/api/report_type/')).results[0].id as number
  const cls = (await get(`/api/school/${school}/class/`)).results[0].id as number
  return `/report?type=${type}&class=${cls}&year=${year}`
}
