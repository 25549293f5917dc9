// A class report's first visit as issue 28 measures it (npm run bench:lighthouse; needs a build: npx vite build):
// opened by its address on a fresh browser profile holding only the sign-in cookie, behind TLS and HTTP/2 from
// Debian's Caddy (/usr/bin/caddy) running the shipped deploy/Caddyfile with its local CA, as .ci/run tests it
// (ADR 0126), measured by Lighthouse mobile in Debian's Chromium. Prints score, LCP, TBT and FCP per run and each
// one's median; asserts nothing (ADR 0133). The bar: score at least 95, LCP at most 2.0 s, TBT at most 100 ms.
// LIGHTHOUSE_RUNS (default 5); LIGHTHOUSE_DETAILS=1 prints what each run's main thread did (long tasks, scripts);
// DIST_DIR serves another build (a copy of dist/ before a change, for a before and after in one sitting).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCaddy } from '../tests/faults/support/caddy'
import { freePort, PASSWORD, SAMPLE_HOST, startServer } from '../tests/faults/support/server-process'
import { authCookie, type Figures, lighthouseRun, medians, printDetails } from './lib/lighthouse-run'
import { loadNow, machineLine } from './lib/machine'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

console.log(machineLine())
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-lighthouse-'))
const port = await freePort()
// An embedded database seeded with the sample institution, serving the built app as `npm start` does.
const server = startServer({ DATA_DIR: dataDir, DIST_DIR: process.env.DIST_DIR || join(import.meta.dirname, '..', 'dist') }, port)
let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined
try {
  await server.waitReady()
  caddy = await startCaddy({ baseDomain: 'localhost', upstreamPorts: [port] })
  const origin = `https://${SAMPLE_HOST}:${caddy.httpsPort}`
  const api = async (method: string, path: string, o: { token?: string; form?: Record<string, string> } = {}) => {
    const answer = await caddy!.request(SAMPLE_HOST, method, path, o)
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body.payload
  }
  const signedIn = await api('POST', '/api/login/', { form: { username: 'teacher@sample.test', password: PASSWORD, client_id: 'miscue-web', grant_type: 'password' } })
  const token = signedIn.access_token as string
  const get = (path: string) => api('GET', path, { token })
  const school = (await get('/api/myschools/')).results[0].id as number
  const year = (await get('/api/academic-year/')).results[0].id as number
  const type = (await get('/api/report_type/')).results[0].id as number
  const cls = (await get(`/api/school/${school}/class/`)).results[0].id as number
  // The class miscue report (routes/_app/report/index.tsx) of the teacher's first class.
  const reportUrl = `${origin}/report?type=${type}&class=${cls}&year=${year}`
  console.log(`Lighthouse mobile on ${reportUrl}, through Caddy ${caddy.httpsPort} (deploy/Caddyfile) to the app on ${port}`)

  const runs: Figures[] = []
  for (let i = 1; i <= RUNS; i++) {
    const run = await lighthouseRun(reportUrl, { cookie: authCookie(token, signedIn.profile.id as number, origin), ignoreCertificateErrors: true })
    if ('notMeasured' in run) {
      console.log(`run ${i}: not measured, ${run.notMeasured}`)
      continue
    }
    const f = run.figures
    console.log(`run ${i}: score ${f.score}, LCP ${(f.lcp / 1000).toFixed(2)} s, TBT ${f.tbt.toFixed(0)} ms, FCP ${(f.fcp / 1000).toFixed(2)} s, CLS ${f.cls.toFixed(3)} [${loadNow()}]`)
    if (process.env.LIGHTHOUSE_DETAILS) printDetails(`run ${i}`, run.result.lhr)
    runs.push(f)
  }
  if (runs.length === 0) throw new Error('no run measured')
  const m = medians(runs)
  const bar = m.score >= 95 && m.lcp <= 2000 && m.tbt <= 100
  console.log(`median of ${runs.length}: score ${m.score}, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${m.tbt.toFixed(0)} ms, FCP ${(m.fcp / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}` +
    ` (${bar ? 'meets' : 'misses'} the bar: score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms) [${loadNow()}]`)
} finally {
  await caddy?.stop()
  await server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
