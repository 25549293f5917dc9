// Security headers: a strict CSP (no inline script) with frame-ancestors 'none', nosniff, a referrer
// policy, no-store on API answers (they hold personal data), HSTS only over https, and CORS closed.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { createApp } from '../../src/server/app'
import { api } from '../../src/shared/api'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('security headers', () => {
  it('sends a strict policy, nosniff, a referrer policy and no-store on an API answer with personal data', async () => {
    const token = await h.login('institution.admin@sample.test')
    const res = await h.request('GET', api.myProfile, { token })
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('strict-transport-security')).toBeNull() // http here
  })

  it('sends no-store and the headers on failures and unknown API paths too', async () => {
    for (const path of ['/api/nothing/', api.myProfile]) {
      const res = await h.request('GET', path)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('keeps CORS closed: no Access-Control-Allow-Origin for another origin, even on a preflight', async () => {
    const get = await h.request('GET', api.health, { headers: { origin: 'https://evil.example' } })
    expect(get.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await h.request('OPTIONS', api.myProfile, { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('sends HSTS when PUBLIC_PROTOCOL is https', async () => {
    const app = createApp({ db: h.db, env: { ...h.env, publicProtocol: 'https' }, mailer: undefined as never, jobs: h.jobs() })
    const res = await app.request('http://localhost:8080/api/health/', { headers: { host: 'localhost:8080' } })
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
  })

  it('has no inline script in index.html, so the policy holds for the web app', () => {
    const html = readFileSync('index.html', 'utf8')
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs!) || body!.trim() !== '')
    expect(inline).toEqual([])
  })
})
