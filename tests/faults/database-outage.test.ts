// The database goes away (restart, failover, network) and comes back: while it is gone requests answer
// 503 with a message and nothing else breaks; afterwards they succeed again, with no restart of the server.
// A TCP relay between the server and PostgreSQL plays the outage: it drops every connection and refuses new
// ones for OUTAGE_SECONDS (CI: 10; the full minute with OUTAGE_SECONDS=60).
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, freshPostgres, signIn, startServer } from './support/server-process'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

function relay(target: URL, port: number) {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname)
        sockets.add(client).add(upstream)
        client.pipe(upstream).pipe(client)
        const end = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream) }
        client.on('error', end).on('close', end)
        upstream.on('error', end).on('close', end)
      })
      server.listen(port, '127.0.0.1', () => resolve())
    })
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      sockets.clear()
      if (server) server.close(() => resolve())
      else resolve()
      server = null
    })
  return { open, cut }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage', () => {
  it('answers 503 with a message while PostgreSQL is unreachable and recovers without a restart', async () => {
    const db = await freshPostgres(process.env.TEST_DATABASE_URL!)
    cleanups.push(db.drop)
    const direct = new URL(db.url)
    const relayPort = await freePort()
    const proxy = relay(direct, relayPort)
    await proxy.open()
    cleanups.push(proxy.cut)
    const viaRelay = new URL(db.url)
    viaRelay.hostname = '127.0.0.1'
    viaRelay.port = String(relayPort)
    const server = startServer({ DATABASE_URL: viaRelay.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-outage-')) }, await freePort())
    cleanups.push(async () => void (await server.kill('SIGTERM')))
    await server.waitReady()
    const token = await signIn(server)

    const outageMs = (Number(process.env.OUTAGE_SECONDS) || 10) * 1000
    await proxy.cut()
    const statuses: number[] = []
    const until = Date.now() + outageMs
    while (Date.now() < until) {
      const res = await server.request('GET', '/api/myschools/', { token, headers: { 'accept-language': 'ar' } })
      statuses.push(res.status)
      expect(res.status).toBe(503)
      expect(res.body.message.errors[0]).toMatch(/قاعدة البيانات/)
      expect(res.headers.get('retry-after')).toBeTruthy()
      const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready/`)
      expect(ready.status).toBe(503)
      await new Promise((r) => setTimeout(r, 500))
    }
    await proxy.open()
    let recovered = 0
    for (let i = 0; i < 50 && recovered === 0; i++) {
      const res = await server.request('GET', '/api/myschools/', { token })
      if (res.status === 200) recovered = i + 1
      else await new Promise((r) => setTimeout(r, 200))
    }
    console.log(`[faults] outage of ${outageMs / 1000} s: ${statuses.length} requests answered 503; recovered after ${recovered} tries; server pid unchanged`)
    expect(recovered).toBeGreaterThan(0)
    expect(server.proc.exitCode).toBeNull()
  })
})
