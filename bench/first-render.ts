// The main thread of a class report's first visit, as a slow tablet runs it (npm run bench:first-render; needs a
// build: npm run build). Chromium with its CPU slowed four times (Lighthouse's mobile setting) and the network
// as it is, signed in as the sample teacher, cold caches. Prints, per run, each task of the page's main thread
// of 25 ms or more, with what ran in it (a script's evaluation, a timer, React's work in a microtask, style
// and layout), then the first and the largest paint. Asserts nothing. It is how ADR 0110 found the first
// render setting up the browser's locale data. RUNS=3 for three runs; CHROME_PATH as for bench:web.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { freePort, PASSWORD, SAMPLE_HOST, startServer } from '../tests/faults/support/server-process'
import { loadNow, machineLine } from './lib/machine'

const CHROME = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const RUNS = Number(process.env.RUNS ?? 1)
const SHOWN_FROM_US = 25_000

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } }

console.log(machineLine())
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-first-render-'))
const port = await freePort()
const server = startServer({ DATA_DIR: dataDir, DIST_DIR: join(import.meta.dirname, '..', 'dist') }, port)
try {
  await server.waitReady()
  const signedIn = await server.request('POST', '/api/login/', {
    form: { username: 'teacher@sample.test', password: PASSWORD, client_id: 'miscue-web', grant_type: 'password' },
  })
  const { access_token: token, profile } = signedIn.body.payload as { access_token: string; profile: { id: number } }
  const get = async (path: string) => (await server.request('GET', path, { token })).body.payload
  const school = (await get('/api/myschools/')).results[0].id as number
  const year = (await get('/api/academic-year/')).results[0].id as number
  const cls = (await get(`/api/school/${school}/class/`)).results[0].id as number
  const reportUrl = `http://${SAMPLE_HOST}:${port}/report?type=1&class=${cls}&year=${year}`
  // Written as the app writes it (lib/session/session.ts saveAuth).
  const cookie = { name: 'auth_info', value: encodeURIComponent(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_at: Date.now() + 3600_000, user_id: profile.id })), domain: SAMPLE_HOST, path: '/' }

  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] })
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    await context.addCookies([cookie])
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // The largest paint is only told to an observer (it is not kept in the page's timeline).
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as { largestPaint?: number }).largestPaint = entry.startTime
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] })
    await page.goto(reportUrl)
    await page.waitForTimeout(5000)
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
    const paints = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: (window as { largestPaint?: number }).largestPaint ?? NaN,
    }))
    await context.close()

    const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)
    if (!start) {
      console.log(`run ${run}: the trace has no navigation start`)
      continue
    }
    const onMain = (e: TraceEvent) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X'
    console.log(`run ${run}: main-thread tasks of ${SHOWN_FROM_US / 1000} ms or more (ms from the navigation's start) [${loadNow()}]`)
    for (const task of events.filter((e) => onMain(e) && e.name === 'RunTask' && (e.dur ?? 0) >= SHOWN_FROM_US).sort((a, b) => a.ts - b.ts)) {
      const inside = events.filter((e) => onMain(e) && e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur! && (e.dur ?? 0) > 3000)
      const what = inside.slice(0, 5).map((e) => {
        const data = e.args?.data ?? {}
        const where = typeof data.url === 'string' && data.url ? `@${data.url.split('/').pop()!.split('?')[0]}` : ''
        const fn = typeof data.functionName === 'string' && data.functionName ? `:${data.functionName}` : ''
        return `${e.name}${fn}${where} ${((e.dur ?? 0) / 1000).toFixed(0)}`
      })
      console.log(`  ${((task.ts - start.ts) / 1000).toFixed(0).padStart(6)}  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${what.join(' | ')}`)
    }
    console.log(`  first paint ${paints.fcp.toFixed(0)} ms, largest paint ${paints.lcp.toFixed(0)} ms`)
  }
  await browser.close()
} finally {
  await server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
