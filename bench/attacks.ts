// The requests of issue 23 that stalled or exhausted the server, sent to a real server process (PGlite): for
// each, how long it took, what it answered, the server's memory (peak and after, from /proc) and how long an
// ordinary call took meanwhile. Figures only, never pass/fail (docs/adr/0113 has the before and after).
// Run: npm run bench:attacks   (BENCH_SERVER_DIR=/path/to/other/checkout to measure that version)
import { mkdtempSync, readFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstSchoolId, freePort, signIn, startServer } from '../tests/faults/support/server-process'

const MB = 1024 * 1024
const HOST = 'sample.localhost'
const dataDir = mkdtempSync(join(tmpdir(), 'miscue-attacks-'))
// TRUST_PROXY=1: each caller's address is the X-Forwarded-For the bench sends, so it can play several.
const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: '1' }
if (process.env.BENCH_SERVER_DIR) env.MISCUE_ENTRY = join(process.env.BENCH_SERVER_DIR, 'src/server/index.ts')
const server = startServer(env, await freePort())
await server.waitReady()
const port = server.port

/** The server's resident memory in MB (VmRSS of its process). */
function rss(): number {
  const status = readFileSync(`/proc/${server.proc.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

type Answer = { status: number; text: string; written: number; ms: number; error?: string; retryAfter?: string }

/** A request whose body (`size` bytes of `fill`, or `body`) is streamed in 64 KB pieces without stopping at the answer. */
function send(method: string, path: string, o: { headers?: Record<string, string>; size?: number; body?: string; agent?: Agent | false; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now()
  const body = o.body === undefined ? undefined : Buffer.from(o.body)
  const size = body ? body.length : (o.size ?? 0)
  return new Promise((resolve) => {
    let written = 0
    let answered = false
    const headers: Record<string, string> = { host: HOST, ...o.headers }
    if (size > 0 || method !== 'GET') headers['content-length'] = String(size)
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: o.agent ?? false, timeout: o.timeoutMs ?? 120_000 }, (res) => {
      answered = true
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { text += d })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, written, ms: performance.now() - started, retryAfter: res.headers['retry-after'] as string | undefined }))
      res.on('error', () => {})
    })
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', (e) => { if (!answered) resolve({ status: 0, text: '', written, ms: performance.now() - started, error: e.message }) })
    const piece = Buffer.alloc(64 * 1024, 'a'.charCodeAt(0))
    const more = () => {
      while (written < size && !req.destroyed) {
        const n = Math.min(piece.length, size - written)
        const chunk = body ? body.subarray(written, written + n) : n === piece.length ? piece : piece.subarray(0, n)
        written += n
        if (!req.write(chunk)) return void req.once('drain', more)
      }
      if (!req.destroyed) req.end()
    }
    more()
  })
}

const token = await signIn(server)
const viewer = await signIn(server, 'viewer@sample.test')
const teacher = await signIn(server, 'teacher@sample.test')
const schoolId = await firstSchoolId(server, token)
const auth = (t: string) => ({ authorization: `Bearer ${t}` })
const json = (t?: string) => ({ 'content-type': 'application/json', ...(t ? auth(t) : {}) })

/** Runs `attack` while sampling the server's memory and timing an ordinary call every 100 ms. */
async function measure(name: string, attack: () => Promise<string>) {
  globalThis.gc?.()
  const before = rss()
  let peak = before
  const probes: number[] = []
  let running = true
  const sampler = setInterval(() => { peak = Math.max(peak, rss()) }, 50)
  const prober = (async () => {
    while (running) {
      const started = performance.now()
      await send('GET', '/api/myschools/', { headers: auth(token), timeoutMs: 60_000 })
      probes.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const started = performance.now()
  const outcome = await attack()
  const ms = performance.now() - started
  running = false
  await prober
  clearInterval(sampler)
  await new Promise((r) => setTimeout(r, 500))
  const slowest = probes.length ? Math.max(...probes) : NaN
  console.log(`${name}\n  ${outcome}\n  ${(ms / 1000).toFixed(2)} s; server memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${rss().toFixed(0)} MB after; ` +
    `an ordinary call meanwhile: slowest ${slowest.toFixed(0)} ms of ${probes.length}`)
}

const statuses = (answers: Answer[]) => {
  const counts = new Map<string, number>()
  for (const a of answers) counts.set(a.error ? `error (${a.error})` : String(a.status), (counts.get(a.error ? `error (${a.error})` : String(a.status)) ?? 0) + 1)
  return [...counts].map(([s, n]) => `${n}× ${s}`).join(', ')
}

console.log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; server: ${process.env.BENCH_SERVER_DIR ?? 'this checkout'}\n`)

await measure('1. Three unsigned 200 MB JSON bodies to POST /api/sitting/ at once', async () => {
  const answers = await Promise.all([0, 1, 2].map(() => send('POST', '/api/sitting/', { headers: json(), size: 200 * MB })))
  return `${statuses(answers)}; the client wrote ${Math.max(...answers.map((a) => a.written / MB)).toFixed(0)} MB at most`
})

await measure('2. A 60 MB PDF (JSON) on a kept-alive connection, then another call on it', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const refused = await send('POST', '/api/assessment/', { headers: json(token), size: 60 * MB, agent })
  const next = await send('GET', '/api/health/', { agent, timeoutMs: 10_000 })
  agent.destroy()
  return `upload: ${statuses([refused])} "${refused.text.slice(0, 60)}" after ${refused.written / MB | 0} MB written; next call: ${statuses([next])} in ${next.ms.toFixed(0)} ms`
})

await measure('3. A viewer\'s batch nested 1,000 deep through /api/%62atch/', async () => {
  let item: unknown = { method: 'POST', path: `/api/school/${schoolId}/grade/`, body: { identifier: 'NEST', display_name: 'Nested' } }
  for (let i = 0; i < 1000; i++) item = { method: 'POST', path: '/api/%62atch/', body: { requests: [item] } }
  const body = JSON.stringify({ requests: [item] })
  const answer = await send('POST', '/api/batch/', { headers: json(viewer), body })
  return `${(body.length / 1024).toFixed(0)} KB request: ${statuses([answer])}`
})

await measure('4. A student saved under the pattern ([A-Z]|[A-Z0-9])+ with a 26-character code (and 100 on RE2)', async () => {
  const signedIn = await send('POST', '/api/login/', {
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Admin$1pass', client_id: 'miscue-web', client_secret: '', grant_type: 'password' }).toString(),
  })
  const admin = JSON.parse(signedIn.text).payload.access_token as string
  const platform = { host: 'localhost', ...json(admin) }
  const list = await send('GET', '/api/client/', { headers: platform })
  const sample = JSON.parse(list.text).payload.results.find((i: { subdomain_name: string }) => i.subdomain_name === 'sample')
  const current = JSON.parse((await send('GET', `/api/client/${sample.id}/`, { headers: platform })).text).payload
  const saved = await send('PUT', `/api/client/${sample.id}/`, { headers: platform, body: JSON.stringify({ ...current, student_id_validation_type: 'CUSTOM_REGEX', student_id_custom_regex: '([A-Z]|[A-Z0-9])+' }) })
  const years = JSON.parse((await send('GET', '/api/academic-year/', { headers: auth(token) })).text).payload.results
  const classes = JSON.parse((await send('GET', `/api/school/${schoolId}/class/`, { headers: auth(token) })).text).payload.results
  const save = (code: string) => send('POST', `/api/school/${schoolId}/year/${years[0].id}/student/`, {
    headers: json(token), body: JSON.stringify({ first_name: 'Pattern', last_name: 'Pupil', arabic_name: 'طالب', enrollment_code: code, gender: 'f', class_relation: classes[0].id }),
  })
  const short = await save(`${'A'.repeat(25)}!`)
  // On a backtracking engine 100 characters would not finish: only tried where the pattern runs on RE2.
  const long = process.env.BENCH_SERVER_DIR ? null : await save(`${'A'.repeat(99)}!`)
  return `pattern saved: ${saved.status}; 26 characters: ${short.status} in ${short.ms.toFixed(0)} ms` + (long ? `; 100 characters: ${long.status} in ${long.ms.toFixed(0)} ms` : '; 100 characters: not tried')
})

await measure('5. 120 sign-ins with random names from one address, 40 at a time, and a real sign-in from elsewhere meanwhile', async () => {
  const form = (username: string, password: string) => new URLSearchParams({ username, password, client_id: 'miscue-web', client_secret: '', grant_type: 'password' }).toString()
  const from = (address: string) => ({ 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address })
  const answers: Answer[] = []
  let real: Answer | undefined
  for (let round = 0; round < 3; round++) {
    const flood = Array.from({ length: 40 }, (_, i) => send('POST', '/api/login/', { headers: from('203.0.113.9'), body: form(`random${round}-${i}@nowhere.test`, 'Wrong$1pass') }))
    if (round === 1) real = await send('POST', '/api/login/', { headers: from('198.51.100.7'), body: form('teacher@sample.test', 'Sample$1pass') })
    answers.push(...(await Promise.all(flood)))
  }
  return `flood: ${statuses(answers)}; the real sign-in: ${real!.status} in ${real!.ms.toFixed(0)} ms`
})

await measure('6. forgot-password: 30 for an existing account and 30 for an unknown one, then 20 for one mailbox, each from its own address', async () => {
  let n = 0
  const ask = (email: string) => send('POST', '/api/forgot-password/', { headers: { ...json(), 'x-forwarded-for': `192.0.2.${++n}` }, body: JSON.stringify({ email }) })
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!
  const known: number[] = []
  const unknown: number[] = []
  for (let i = 0; i < 30; i++) {
    known.push((await ask(`school.admin@sample.test`)).ms)
    unknown.push((await ask(`nobody${i}@sample.test`)).ms)
  }
  const flood: Answer[] = []
  for (let i = 0; i < 20; i++) flood.push(await ask('viewer@sample.test'))
  return `median answer: existing ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms; one mailbox, 20 asks: ${statuses(flood)}`
})

await measure('7. One teacher sends six 20 MB sittings with audio at once', async () => {
  const audio = `data:audio/webm;base64,${Buffer.alloc(15 * MB).toString('base64')}`
  const body = JSON.stringify({ student: 1, assessment: 1, class: 1, academic_year: 1, audio })
  const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/sitting/', { headers: json(teacher), body })))
  return `${statuses(answers)} (the rest of each sitting is made up: the cost is in reading the audio)`
})

await measure('8. A viewer queues 50 report e-mails in one batch', async () => {
  const path = `/api/report/tally/school/${schoolId}/from/2026-09-01/to/2026-12-31/email/`
  const requests = Array.from({ length: 50 }, (_, i) => ({ method: 'POST', path, headers: { 'Idempotency-Key': `bench-mail-${i}` } }))
  const answer = await send('POST', '/api/batch/', { headers: json(viewer), body: JSON.stringify({ requests }) })
  const results = answer.status === 200 ? (JSON.parse(answer.text).payload.results as { status: number }[]) : []
  return `batch ${answer.status}: ${statuses(results.map((r) => ({ status: r.status, text: '', written: 0, ms: 0 })))}`
})

await server.kill('SIGTERM')
