// What an operator relies on: liveness and readiness calls, a request id on every answer (and in the
// log line, which carries no personal data), and the client address behind a trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { createHarness, type Harness } from '../setup/api-harness'
import { clientAddress } from '../../src/server/lib/client-address'
import type { AppEnv } from '../../src/server/context'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('health and readiness', () => {
  it('answers liveness and, with the database migrated, readiness', async () => {
    expect((await h.request('GET', '/api/health/')).status).toBe(200)
    const ready = await h.request('GET', '/api/ready/')
    expect(ready.status).toBe(200)
    expect(ready.body.payload).toEqual({ ready: true, database: true, migrations: true })
  })
})

describe('request ids', () => {
  it('returns a new id on every answer, or the caller’s own when it is a plain token', async () => {
    const a = await h.request('GET', '/api/health/')
    const b = await h.request('GET', '/api/health/')
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
    const own = await h.request('GET', '/api/health/', { headers: { 'x-request-id': 'balancer-1234abcd' } })
    expect(own.headers.get('x-request-id')).toBe('balancer-1234abcd')
    const hostile = await h.request('GET', '/api/health/', { headers: { 'x-request-id': '<script>alert(1)</script>' } })
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('logs one line per request with the route pattern and no personal data', async () => {
    const lines: Record<string, unknown>[] = []
    const { createApp } = await import('../../src/server/app')
    const app = createApp({ db: h.db, env: h.env, mailer: { send: async () => {} } as never, log: (level, msg, fields) => void lines.push({ level, msg, ...fields }) })
    const token = await h.login('school.admin@sample.test')
    await app.request('http://sample.localhost/api/myschools/?search=secret%40mail.test', { headers: { host: 'sample.localhost', authorization: `Bearer ${token}` } })
    const line = lines.find((l) => l.msg === 'request')!
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/myschools', status: 200 })
    expect(JSON.stringify(lines)).not.toMatch(/secret|mail\.test|Bearer/)
  })
})

describe('client address behind a balancer', () => {
  const app = (trusted: number) => {
    const a = new Hono<AppEnv>()
    a.get('/', (c) => c.text(clientAddress(c, trusted)))
    return a
  }
  const ask = async (trusted: number, xff?: string) => {
    const res = await app(trusted).request('/', { headers: xff ? { 'x-forwarded-for': xff } : {} })
    return res.text()
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY says how many proxies to trust', async () => {
    expect(await ask(0, '203.0.113.9')).toBe('unknown') // the socket address (none in this in-process call)
    expect(await ask(1, '203.0.113.9')).toBe('203.0.113.9')
    // A client that writes its own X-Forwarded-For cannot choose its address: the proxy appends the real one.
    expect(await ask(1, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9')
    expect(await ask(2, '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1')
  })
})

describe('certificates on demand', () => {
  it('allows the platform host and existing institutions only', async () => {
    const ask = async (domain: string) => (await h.request('GET', `/api/tls-allowed/?domain=${encodeURIComponent(domain)}`, { host: 'localhost' })).status
    expect(await ask('localhost')).toBe(200)
    expect(await ask('sample.localhost')).toBe(200)
    expect(await ask('nobody.localhost')).toBe(404)
    expect(await ask('a.sample.localhost')).toBe(404)
    expect(await ask('evil.example.org')).toBe(404)
  })
})
