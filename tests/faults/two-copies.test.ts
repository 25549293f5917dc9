// Scale-out on one PostgreSQL: two copies started at the same moment on a fresh database both come up
// (migrations and seeding under one advisory lock), and serve as one: a token from one works on the other,
// a write through one is read through the other, one Idempotency-Key sent to both at once creates one row,
// and a job queued through one runs exactly once. Then behind Debian's Caddy running the shipped
// deploy/Caddyfile: TLS and HTTP/2 by institution name, certificates only for names Miscue knows, both copies
// served, and a copy killed is routed around.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { caddyInstalled, startCaddy } from './support/caddy'
import { firstSchoolId, freePort, freshPostgres, signIn, startServer, type ServerProcess } from './support/server-process'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two copies on one PostgreSQL', () => {
  it('start together on a fresh database and serve as one, behind the shipped Caddyfile too', async () => {
    const db = await freshPostgres(process.env.TEST_DATABASE_URL!)
    cleanups.push(db.drop)
    const dirs = [1, 2].map((n) => mkdtempSync(join(tmpdir(), `miscue-copy-${n}-`)))
    const env = (n: number) => ({ DATABASE_URL: db.url, DATA_DIR: dirs[n - 1]! })
    const [pa, pb] = [await freePort(), await freePort()]
    const a = startServer(env(1), pa)
    const b = startServer(env(2), pb)
    cleanups.push(async () => void (await a.kill('SIGTERM')), async () => void (await b.kill('SIGTERM')))
    await Promise.all([a.waitReady(), b.waitReady()])

    // Seeded once: one sample institution, one platform admin.
    const token = await signIn(a)
    const schoolId = await firstSchoolId(b, token)
    const grades = await b.request('GET', `/api/school/${schoolId}/grade/`, { token })
    expect(grades.status).toBe(200)
    expect(grades.body.payload.count).toBe(3)

    // Written through one, read through the other.
    const created = await a.request('POST', `/api/school/${schoolId}/grade/`, { token, json: { identifier: 'TWO1', display_name: 'Via A' } })
    expect(created.status).toBe(201)
    const read = await b.request('GET', `/api/school/${schoolId}/grade/${created.body.payload.id}/`, { token })
    expect(read.body.payload.display_name).toBe('Via A')

    // One key to both at once: one row; both answers name it.
    const send = (s: ServerProcess) => s.request('POST', `/api/school/${schoolId}/grade/`, {
      token, json: { identifier: 'KEY1', display_name: 'Both' }, headers: { 'idempotency-key': 'two-copies-one-key' },
    })
    const answers = await Promise.all([send(a), send(b)])
    for (const res of answers) expect([201, 409]).toContain(res.status)
    const again = await send(b) // after both finished: the stored answer
    expect(again.status).toBe(201)
    const found = await a.request('GET', `/api/school/${schoolId}/grade/?identifier=KEY1`, { token })
    expect(found.body.payload.count).toBe(1)
    expect(again.body.payload.id).toBe(found.body.payload.results[0].id)

    // A job queued through one copy (a password-reset mail) runs once, on whichever copy's worker takes it.
    const forgot = await a.request('POST', '/api/forgot-password/', { json: { email: 'teacher@sample.test' } })
    expect(forgot.status).toBeLessThan(300)
    const mails = () => dirs.flatMap((d) => (existsSync(join(d, 'mail')) ? readdirSync(join(d, 'mail')) : []))
    for (let i = 0; i < 150 && mails().length === 0; i++) await new Promise((r) => setTimeout(r, 200))
    await new Promise((r) => setTimeout(r, 3000)) // time for a second run, if the queue were to hand it out twice
    expect(mails()).toHaveLength(1)

    // Behind the shipped Caddyfile. .ci/run installs Debian's Caddy and asks for this part; elsewhere it
    // runs when a caddy is on PATH.
    if (!caddyInstalled()) {
      expect(process.env.MISCUE_REQUIRE_CADDY, 'caddy is not installed (.ci/run installs Debian\'s)').toBeFalsy()
      return
    }
    const caddy = await startCaddy({ baseDomain: 'localhost', upstreamPorts: [pa, pb] })
    cleanups.push(caddy.stop)
    const form = { username: 'school.admin@sample.test', password: 'Sample$1pass', client_id: 'miscue-web', client_secret: '', grant_type: 'password' }
    const viaCaddy = await caddy.request('sample.localhost', 'POST', '/api/login/', { form })
    expect(viaCaddy.status).toBe(200)
    const proxiedToken = viaCaddy.body.payload.access_token as string
    const listed = await caddy.request('sample.localhost', 'GET', `/api/school/${schoolId}/grade/?identifier=KEY1`, { token: proxiedToken })
    expect(listed.body.payload.count).toBe(1)

    // A certificate only for a name Miscue recognises (on-demand TLS asks the copy): none for another name.
    await expect(caddy.request('nobody.localhost', 'GET', '/api/ready/')).rejects.toThrow()

    // Both copies answer through it: each logs the request ids it served.
    const ids = Array.from({ length: 12 }, (_, i) => `via-caddy-${i}-${Date.now()}`)
    const answers2 = await Promise.all(ids.map((requestId) => caddy.request('sample.localhost', 'GET', `/api/school/${schoolId}/grade/`, { token: proxiedToken, requestId })))
    for (const res of answers2) expect(res.status).toBe(200)
    expect(ids.some((id) => a.output().includes(id)), 'copy A served none through Caddy').toBe(true)
    expect(ids.some((id) => b.output().includes(id)), 'copy B served none through Caddy').toBe(true)

    // Copy A killed: once Caddy's readiness check sees it (every 5 s), every request is answered by B.
    await a.kill('SIGKILL')
    const tenAnswered = async () => (await Promise.all(Array.from({ length: 10 }, () =>
      caddy.request('sample.localhost', 'GET', '/api/ready/').then((r) => r.status)))).every((status) => status === 200)
    await expect.poll(tenAnswered, { timeout: 20_000, interval: 500 }).toBe(true)
  })
})
