// Each call says whether the server answered (any status) or not (no connection, a timeout); the caller's own
// abort says nothing about the connection (ADR 0115).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { send } from './api-client'
import { onCallOutcome } from './reachability'

afterEach(() => vi.unstubAllGlobals())

function outcomes(): boolean[] {
  const seen: boolean[] = []
  onCallOutcome((answered) => seen.push(answered))
  return seen
}

describe('what the calls say of the connection', () => {
  it('an answer, even a refusal, says the server answers; a failure or a timeout says it does not', async () => {
    const seen = outcomes()
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })))
    await send({ path: '/api/myprofile/' })
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch') }))
    await expect(send({ path: '/api/myprofile/' })).rejects.toThrow('Network request failed')
    vi.stubGlobal('fetch', vi.fn((_url: URL, init: RequestInit) => new Promise((_, reject) => {
      init.signal!.addEventListener('abort', () => reject(init.signal!.reason))
    })))
    await expect(send({ path: '/api/myprofile/', timeoutMs: 20 })).rejects.toThrow('Network request failed')
    expect(seen).toEqual([true, false, false])
  })

  it("the caller's own abort says nothing", async () => {
    const seen = outcomes()
    vi.stubGlobal('fetch', vi.fn(async () => { throw new DOMException('aborted', 'AbortError') }))
    const cancelled = new AbortController()
    cancelled.abort()
    await expect(send({ path: '/api/myprofile/', signal: cancelled.signal })).rejects.toThrow('aborted')
    expect(seen).toEqual([])
  })
})
