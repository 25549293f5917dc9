// The shell's calls public/lang-dir.js made before the app had loaded are taken by the API client once,
// for the same user only, and fail as the app's own calls do (ADR 0109).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from './api-client'
import { isNetworkError } from './api-error'
import { EARLY_ANSWER_MAX_AGE_MS } from './early-answers'
import { clearSession, saveAuth } from '../session/session'

const PROFILE = { id: 7, name: 'Sara' }
const json = (payload: unknown) => new Response(JSON.stringify({ payload }), { status: 200, headers: { 'Content-Type': 'application/json' } })

afterEach(() => {
  vi.unstubAllGlobals()
  delete window.miscueEarlyAnswers
  clearSession()
})

/** The network as the app's own calls see it: every call answered, and counted. */
function network() {
  const calls = vi.fn(async () => json({ id: 7, name: 'from the network' }))
  vi.stubGlobal('fetch', calls)
  return calls
}

function askedEarly(answer: Promise<Response>, { token = 'token-a', at = Date.now() } = {}) {
  window.miscueEarlyAnswers = { '/api/myprofile/': { token, at, answer } }
}

describe('answers asked for before the app had loaded', () => {
  it('answers the same call from it once, without asking the server again; the next call asks', async () => {
    saveAuth('token-a', 3600, 7)
    const calls = network()
    askedEarly(Promise.resolve(json(PROFILE)))
    expect(await apiRequest({ path: '/api/myprofile/' })).toEqual(PROFILE)
    expect(calls).not.toHaveBeenCalled()
    expect(await apiRequest({ path: '/api/myprofile/' })).toEqual({ id: 7, name: 'from the network' })
    expect(calls).toHaveBeenCalledOnce()
  })

  it('marks a call it made first, and one it took, so that lang-dir.js does not ask for it again', async () => {
    saveAuth('token-a', 3600, 7)
    const calls = network()
    askedEarly(Promise.resolve(json(PROFILE)))
    await apiRequest({ path: '/api/myprofile/' })
    await apiRequest({ path: '/api/report_type/' })
    expect(calls).toHaveBeenCalledOnce()
    expect(window.miscueEarlyAnswers).toEqual({ '/api/myprofile/': null, '/api/report_type/': null })
  })

  it('is not taken for someone else signed in since, nor once it is old: the server is asked', async () => {
    saveAuth('token-b', 3600, 8)
    const calls = network()
    askedEarly(Promise.resolve(json(PROFILE)))
    expect(await apiRequest({ path: '/api/myprofile/' })).toEqual({ id: 7, name: 'from the network' })

    saveAuth('token-a', 3600, 7)
    askedEarly(Promise.resolve(json(PROFILE)), { at: Date.now() - EARLY_ANSWER_MAX_AGE_MS })
    expect(await apiRequest({ path: '/api/myprofile/' })).toEqual({ id: 7, name: 'from the network' })
    expect(calls).toHaveBeenCalledTimes(2)
  })

  it('fails as a network failure when it could not be made (offline), or after the call\'s timeout', async () => {
    saveAuth('token-a', 3600, 7)
    network()
    askedEarly(Promise.reject(new TypeError('Failed to fetch')))
    const offline = await apiRequest({ path: '/api/myprofile/' }).catch((error: unknown) => error)
    expect(isNetworkError(offline)).toBe(true)

    askedEarly(new Promise<Response>(() => {}))
    const late = await apiRequest({ path: '/api/myprofile/', timeoutMs: 20 }).catch((error: unknown) => error)
    expect(isNetworkError(late)).toBe(true)
  })

  it('passes a 401 on as the app\'s own call would: the session has ended', async () => {
    saveAuth('token-a', 3600, 7)
    network()
    askedEarly(Promise.resolve(new Response(JSON.stringify({ error_description: 'Invalid token' }), { status: 401 })))
    const error = await apiRequest({ path: '/api/myprofile/', redirectOn: [] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401 })
  })
})
