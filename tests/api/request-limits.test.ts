// Limits on the work one caller can start (docs/adr/0113): failed sign-ins per address and password hashing
// at once; password-reset requests per address and per account, answered without waiting for the account's
// look-up; sittings with audio per user at once; report e-mails per user.
import { serve } from '@hono/node-server'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, SAMPLE_HOST, type Harness } from '../setup/api-harness'
import { passwordKeys } from '../../src/server/db/schema/tables'
import { HASHING } from '../../src/server/lib/crypto'
import { AUDIO_SITTINGS_AT_ONCE, REPORT_EMAILS_PER_USER, RESET_REQUESTS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS } from '../../src/server/lib/request-limits'
import { IDEMPOTENCY_HEADER, api } from '../../src/shared/api'

let h: Harness
let n = 0
/** A fresh caller address (TRUST_PROXY=1: the address is the last X-Forwarded-For entry). */
const address = () => `10.0.${Math.floor(++n / 250)}.${n % 250}`

beforeAll(async () => {
  h = await createHarness({ env: { TRUST_PROXY: '1' } })
})
afterAll(async () => {
  await h?.close()
})

const signIn = (username: string, password: string, from: string, lang: 'en' | 'ar' = 'en') => h.request('POST', api.login, {
  lang, headers: { 'x-forwarded-for': from }, form: { username, password, client_id: 'miscue-web', client_secret: '', grant_type: 'password' },
})

describe('sign-in', () => {
  it('refuses failed sign-ins from one address beyond its limit with 429, a bilingual message and Retry-After', async () => {
    const from = address()
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS.max; i++) {
      expect((await signIn(`nobody${i}@sample.test`, 'Wrong$1pass', from)).status).toBe(400)
    }
    for (const [lang, words] of [['en', /Too many failed sign-ins from your network/], ['ar', /محاولات تسجيل دخول فاشلة كثيرة من شبكتك/]] as const) {
      const refused = await signIn('someone.else@sample.test', 'Wrong$1pass', from, lang)
      expect(refused.status).toBe(429)
      expect(refused.body.error).toBe('too_many_attempts')
      expect(refused.body.error_description).toMatch(words)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Another address is not held back, and a successful sign-in does not count.
    expect((await signIn('teacher@sample.test', 'Sample$1pass', address())).status).toBe(200)
  })

  it('runs at most two password hashes at once and refuses a flood beyond its queue with 429', async () => {
    let most = 0
    const watch = setInterval(() => { most = Math.max(most, HASHING.running) }, 1)
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => signIn(`flood${i}@sample.test`, 'Wrong$1pass', address())))
    clearInterval(watch)
    const statuses = answers.map((a) => a.status)
    expect(most).toBeLessThanOrEqual(2)
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(0)
    const busy = answers.filter((a) => a.status === 429)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]!.body.message.errors[0]).toMatch(/busy/)
    expect(busy[0]!.headers.get('retry-after')).toBeTruthy()
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true)
  })
})

describe('forgot password', () => {
  const ask = (email: string, from: string, lang: 'en' | 'ar' = 'en') =>
    h.app.request(`http://${SAMPLE_HOST}${api.forgotPassword}`, {
      method: 'POST', headers: { host: SAMPLE_HOST, 'content-type': 'application/json', 'x-forwarded-for': from, 'accept-language': lang }, body: JSON.stringify({ email }),
    })

  it('answers before any account is looked up: the same answer for an account that exists and one that does not', async () => {
    const keysBefore = (await h.db.select().from(passwordKeys)).length
    const mailsBefore = h.mails().length
    const known = await ask('viewer@sample.test', address())
    const unknown = await ask('nobody.at.all@sample.test', address())
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await known.text()).toBe(await unknown.text())
    // Answered, yet nothing of the account's work has run: no key, no mail; both wait as the same kind of job.
    expect((await h.db.select().from(passwordKeys)).length).toBe(keysBefore)
    expect(h.mails().length).toBe(mailsBefore)
    await h.runJobs({ only: ['forgot-password', 'send-mail'] })
    expect((await h.db.select().from(passwordKeys)).length).toBe(keysBefore + 1)
    const mails = h.mails().slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('viewer@sample.test')
  })

  it('limits requests per account (a mailbox cannot be flooded) and per address, with 429 and Retry-After', async () => {
    const mailsBefore = h.mails().length
    for (let i = 0; i < RESET_REQUESTS_PER_ACCOUNT.max; i++) expect((await ask('teacher@sample.test', address())).status).toBe(200)
    const flood = await ask('Teacher@Sample.test', address(), 'ar')
    expect(flood.status).toBe(429)
    expect(flood.headers.get('retry-after')).toBeTruthy()
    expect((await flood.json()).message.errors[0]).toMatch(/طلبات كثيرة لإعادة تعيين كلمة المرور/)
    await h.runJobs({ only: ['forgot-password', 'send-mail'] })
    expect(h.mails().slice(mailsBefore).filter((m) => m.includes('teacher@sample.test'))).toHaveLength(RESET_REQUESTS_PER_ACCOUNT.max)

    const from = address()
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.max; i++) expect((await ask(`someone${i}@sample.test`, from)).status).toBe(200)
    const fromAgain = await ask('someone.new@sample.test', from)
    expect(fromAgain.status).toBe(429)
    expect((await fromAgain.json()).message.errors[0]).toMatch(/Too many password reset requests/)
  })
})

describe('heavy work of one user', () => {
  it(`lets one user send at most ${AUDIO_SITTINGS_AT_ONCE} sittings with audio at once; the next gets 429 (a retry for the outbox)`, async () => {
    const token = await h.login('teacher@sample.test')
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const port = (server.address() as AddressInfo).port
    const send = (size: number, firstPart: number) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: api.sittings, agent: false, headers: {
        host: SAMPLE_HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(size),
      } })
      const answer = new Promise<{ status: number; retryAfter?: string; text: string }>((resolve) => {
        req.on('response', (res) => {
          let text = ''
          res.on('data', (d) => { text += d })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, text }))
        })
        req.on('error', () => resolve({ status: 0, text: '' }))
      })
      req.write(Buffer.alloc(firstPart, 'a'.charCodeAt(0)))
      return { req, answer }
    }
    try {
      // Two 5 MB sittings on their way (their bodies half sent), then a third.
      const slow = [send(5 * 1024 * 1024, 64 * 1024), send(5 * 1024 * 1024, 64 * 1024)]
      await new Promise((resolve) => setTimeout(resolve, 300))
      const third = await send(5 * 1024 * 1024, 64 * 1024).answer
      expect(third.status).toBe(429)
      expect(Number(third.retryAfter)).toBeGreaterThan(0)
      expect(JSON.parse(third.text).message.errors[0]).toMatch(/already sending/)
      // The two end (here: cut off); the next one is taken again.
      for (const s of slow) s.req.destroy()
      await new Promise((resolve) => setTimeout(resolve, 300))
      const next = send(300 * 1024, 300 * 1024)
      next.req.end()
      expect((await next.answer).status).toBe(400) // taken and read: its body is not a sitting
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it(`queues at most ${REPORT_EMAILS_PER_USER.max} report e-mails per user in ${REPORT_EMAILS_PER_USER.minutes} minutes, even in one batch`, async () => {
    const viewer = await h.login('viewer@sample.test')
    const schoolId = (await h.request('GET', api.mySchools, { token: viewer })).body.payload.results[0].id
    const path = api.tallyReport({ scope: 'school', id: schoolId }, '2026-09-01', '2026-12-31', 'email')
    const requests = Array.from({ length: 50 }, (_, i) => ({ method: 'POST', path, headers: { [IDEMPOTENCY_HEADER]: `mail-${i}` } }))
    const res = await h.request('POST', api.batch, { token: viewer, lang: 'ar', json: { requests } })
    expect(res.status).toBe(200)
    const statuses = res.body.payload.results.map((r: { status: number }) => r.status)
    expect(statuses).toEqual([...Array(REPORT_EMAILS_PER_USER.max).fill(202), 429])
    const refused = res.body.payload.results.at(-1)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body.message.errors[0]).toMatch(/رسائل تقارير/)
  })
})
