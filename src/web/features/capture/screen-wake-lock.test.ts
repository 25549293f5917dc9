// The screen wake lock (ADR 0120): taken while the child reads, taken again after a hide, let go at the end, and
// harmless where the browser has none or refuses it.
import { describe, expect, it, vi } from 'vitest'
import { ScreenWakeLock } from './screen-wake-lock'

function fakeApi() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = []
  let grant: (() => void) | null = null
  const api = {
    slow: false,
    request: vi.fn(async () => {
      if (api.slow) await new Promise<void>((resolve) => { grant = resolve })
      const sentinel = { released: false, release: async () => { sentinel.released = true } }
      sentinels.push(sentinel)
      return sentinel
    }),
  }
  return { api, sentinels, grant: () => grant?.() }
}

describe('the screen wake lock', () => {
  it('is taken once while held, again after the browser let it go, and released at the end', async () => {
    const { api, sentinels } = fakeApi()
    const lock = new ScreenWakeLock(() => api)
    lock.hold()
    await vi.waitFor(() => expect(sentinels).toHaveLength(1))
    lock.renew() // still held: nothing more asked
    expect(api.request).toHaveBeenCalledTimes(1)
    sentinels[0]!.released = true
    lock.renew()
    await vi.waitFor(() => expect(sentinels).toHaveLength(2))
    lock.release()
    expect(sentinels[1]!.released).toBe(true)
    lock.renew() // no longer wanted
    expect(api.request).toHaveBeenCalledTimes(2)
  })

  it('lets go of a lock granted after the reading stopped', async () => {
    const fake = fakeApi()
    fake.api.slow = true
    const lock = new ScreenWakeLock(() => fake.api)
    lock.hold()
    lock.release()
    fake.grant()
    await vi.waitFor(() => expect(fake.sentinels[0]?.released).toBe(true))
  })

  it('does nothing where the browser has no wake lock or refuses it', async () => {
    expect(() => new ScreenWakeLock(() => undefined).hold()).not.toThrow()
    const refusing = new ScreenWakeLock(() => ({ request: () => Promise.reject(new Error('NotAllowedError')) }))
    refusing.hold()
    refusing.renew()
    refusing.release()
    await Promise.resolve()
  })
})
