// The built PWA next to the API: a chunk of a replaced build answers 404, not the shell.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { join, relative } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { serveWebApp } from '../../src/server/web-app'

// serveStatic resolves `root` against the working directory.
const dist = mkdtempSync(join(tmpdir(), 'miscue-dist-'))
mkdirSync(join(dist, 'assets'))
const BASE = '<meta name="miscue-base-domain" content="localhost" />'
writeFileSync(join(dist, 'index.html'), `<!doctype html>${BASE}<div id="root"></div>`)
writeFileSync(join(dist, 'sign-in.html'), `<!doctype html><html data-page="sign-in">${BASE}<div id="root"></div>`)
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
const app = new Hono()
serveWebApp(app, relative(process.cwd(), dist), 'miscue.example.org')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('web app files', () => {
  it('serves a hashed asset with a long cache lifetime', async () => {
    const res = await app.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toContain('immutable')
  })

  it('answers 404 for a missing asset (a chunk of a replaced build), not index.html', async () => {
    const res = await app.request('/assets/route-gone-999.js')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<!doctype html>')
  })

  it('answers the shell for a client-side route', async () => {
    const res = await app.request('/school/')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root">')
  })

  it('answers the sign-in page of its own on /login, and on the address while signed out (ADR 0106)', async () => {
    expect(await (await app.request('/login')).text()).toContain('data-page="sign-in"')
    expect(await (await app.request('/login?next=1')).text()).toContain('data-page="sign-in"')
    expect(await (await app.request('/')).text()).toContain('data-page="sign-in"')
    const signedIn = await app.request('/', { headers: { cookie: 'auth_info=%7B%7D' } })
    expect(await signedIn.text()).not.toContain('data-page="sign-in"')
    expect(await (await app.request('/dashboard')).text()).not.toContain('data-page="sign-in"')
  })

  it('writes the server\'s BASE_DOMAIN into both pages, compressed or not, so the app never guesses it from the host', async () => {
    const base = '<meta name="miscue-base-domain" content="miscue.example.org" />'
    for (const path of ['/', '/login', '/index.html', '/sign-in.html', '/school/']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await app.request(path, { headers: { 'accept-encoding': encoding } })
        expect(res.status, path).toBe(200)
        expect(res.headers.get('content-type')).toContain('text/html')
        const raw = Buffer.from(await res.arrayBuffer())
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        expect(body.toString('utf8'), `${path} ${encoding}`).toContain(base)
      }
    }
  })
})
