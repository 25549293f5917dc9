// A database constraint that fires in a race becomes a 409 the client can act on, never a 500.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../context'
import { onError } from './errors'

function appThrowing(err: unknown) {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('lang', c.req.header('accept-language') === 'ar' ? 'ar' : 'en')
    await next()
  })
  app.get('/', () => {
    throw err
  })
  app.onError(onError)
  return app
}

/** Drizzle wraps the driver's error; the code sits on the cause. */
const dbError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('violation'), { code }) })

describe('database constraint errors', () => {
  it('answers 409 with a clear message for a foreign-key violation', async () => {
    const res = await appThrowing(dbError('23503')).request('/')
    expect(res.status).toBe(409)
    expect((await res.json()).message.errors[0]).toMatch(/in use|removed/)
  })

  it('answers 409 for a unique violation, in Arabic when asked', async () => {
    const res = await appThrowing(dbError('23505')).request('/', { headers: { 'accept-language': 'ar' } })
    expect(res.status).toBe(409)
    expect((await res.json()).message.errors[0]).toContain('أعد التحميل')
  })

  it('still answers a plain 500 without details for anything unexpected', async () => {
    const original = console.error
    console.error = () => {}
    try {
      const res = await appThrowing(new Error('secret internals')).request('/')
      expect(res.status).toBe(500)
      expect(JSON.stringify(await res.json())).not.toContain('secret internals')
    } finally {
      console.error = original
    }
  })
})
