// Oversized bodies over a real connection (@hono/node-server, as `npm start` serves): every route reads at
// most its limit before anything else reads the body, and the 413 reaches a client that keeps its
// connection alive, which can then go on (docs/adr/0113).
import { serve } from '@hono/node-server'
import { Agent, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { api } from '../../src/shared/api'

let h: Harness
let server: ReturnType<typeof serve>
let port: number
let token: string

beforeAll(async () => {
  h = await createHarness()
  token = await h.login('school.admin@sample.test')
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await h?.close()
})

type Sent = { status: number; connection?: string; text: string; written: number; ms: number }

/**
 * Sends `size` bytes (declared in Content-Length, or chunked) in 64 KB pieces as fast as the connection takes
 * them, without stopping when the answer comes: a browser or curl uploading a file does the same. The
 * answer is what the client reads; an error after it (the server closing) is what a client sees then.
 */
function upload(path: string, o: { size: number; chunked?: boolean; agent?: Agent; type?: string; token?: string }): Promise<Sent> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: SAMPLE_HOST, 'content-type': o.type ?? 'application/json' }
    if (!o.chunked) headers['content-length'] = String(o.size)
    if (o.token) headers.authorization = `Bearer ${o.token}`
    let written = 0
    let answered = false
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: o.agent ?? false, timeout: 20_000 }, (res) => {
      answered = true
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { text += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text, written, ms: performance.now() - started }))
      res.on('error', () => {})
    })
    req.on('timeout', () => req.destroy(new Error(`no answer after ${written} bytes written`)))
    req.on('error', (e) => { if (!answered) reject(e) })
    const piece = Buffer.alloc(64 * 1024, 'a'.charCodeAt(0))
    const more = () => {
      while (written < o.size && !req.destroyed) {
        const n = Math.min(piece.length, o.size - written)
        written += n
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', more)
      }
      if (!req.destroyed) req.end()
    }
    more()
  })
}

function get(path: string, agent: Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: SAMPLE_HOST }, agent, timeout: 10_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { text += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('timeout', () => req.destroy(new Error('the next request on the connection got no answer')))
    req.on('error', reject)
    req.end()
  })
}

const MB = 1024 * 1024

describe('oversized bodies', () => {
  it('refuses unsigned 200 MB sittings with 413 without reading them, and memory stays bounded', async () => {
    globalThis.gc?.()
    const before = process.memoryUsage().rss
    const answers = await Promise.all([0, 1, 2].map(() => upload(api.sittings, { size: 200 * MB })))
    const grown = (process.memoryUsage().rss - before) / MB
    for (const a of answers) {
      expect(a.status).toBe(413)
      expect(JSON.parse(a.text).message.errors[0]).toMatch(/audio/i)
      // The client wrote what the socket buffers take and what the server reads before closing, far from 200 MB.
      expect(a.written).toBeLessThan(60 * MB)
    }
    // Before: the three bodies were read whole (about 1.3 GB). Generous: the test process also runs the client.
    expect(grown).toBeLessThan(250)
  })

  it('holds a chunked body (no Content-Length) to the route limit as it arrives', async () => {
    const a = await upload('/api/sitting/', { size: 120 * MB, chunked: true })
    expect(a.status).toBe(413)
    expect(a.written).toBeLessThan(80 * MB)
    const b = await upload(api.grades(1), { size: 40 * MB, chunked: true, token })
    expect(b.status).toBe(413)
    expect(JSON.parse(b.text).message.errors[0]).toBe('The request is too large')
    expect(b.written).toBeLessThan(30 * MB)
  })
})

describe('a 413 on a kept-alive connection', () => {
  it.each([
    ['a chunked 20 MB JSON body', api.grades(1), { size: 20 * MB, chunked: true }, 'The request is too large'],
    ['a 60 MB PDF in JSON', '/api/assessment/', { size: 60 * MB }, 'The PDF is larger than 10 MB'],
    ['a 60 MB audio upload in multipart', '/api/sitting/', { size: 60 * MB, type: 'multipart/form-data; boundary=x' }, 'audio'],
  ] as const)('%s: the client reads the 413 and its message, and its next request is answered', async (_name, path, o, message) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const refused = await upload(path, { ...o, agent, token })
      expect(refused.status).toBe(413)
      expect(refused.connection).toBe('close')
      expect(refused.text).toContain(message)
      const next = await get('/api/health/', agent)
      expect(next.status).toBe(200)
    } finally {
      agent.destroy()
    }
  })
})
