import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  clearSession, currentWriter, endSession, getAccessToken, isAuthenticated, onWriterChange, renewalDue, renewAuth, saveAuth, signInNeeded,
} from './session'

afterEach(() => clearSession())

describe('a sign-in that runs out (ADR 0116)', () => {
  it('past its expiry, still opens the device copy as the same user and asks to sign in again', () => {
    const now = Date.now()
    saveAuth('token-a', 60, 7, now)
    expect(signInNeeded(now)).toBe(false)
    expect(signInNeeded(now + 61_000)).toBe(true)
    // The cookie is kept until sign-out, not until the token's expiry: same writer, still usable offline.
    expect(document.cookie).toContain('auth_info=')
    expect(currentWriter()).toBe(`${window.location.host}|7`)
    expect(isAuthenticated()).toBe(true)
  })

  it('refused by the server (401): no token is sent any more, but the user stays the writer', () => {
    const changes = vi.fn()
    const stop = onWriterChange(changes)
    saveAuth('token-a', 3600, 7)
    changes.mockClear()
    endSession()
    expect(getAccessToken()).toBeNull()
    expect(isAuthenticated()).toBe(false)
    expect(signInNeeded()).toBe(true)
    expect(currentWriter()).toBe(`${window.location.host}|7`)
    // Signing in again as the same user is no change of user; another user is.
    saveAuth('token-b', 3600, 7)
    expect(changes).not.toHaveBeenCalled()
    expect(signInNeeded()).toBe(false)
    saveAuth('token-c', 3600, 8)
    expect(changes).toHaveBeenCalledWith(`${window.location.host}|7`, `${window.location.host}|8`)
    stop()
  })

  it('is due for renewal past half its life, and a renewal gives it a full life again', () => {
    const now = Date.now()
    saveAuth('token-a', 100, 7, now)
    expect(renewalDue(now + 49_000)).toBe(false)
    expect(renewalDue(now + 51_000)).toBe(true)
    renewAuth(100, now + 51_000)
    expect(renewalDue(now + 51_000)).toBe(false)
    expect(signInNeeded(now + 140_000)).toBe(false)
    expect(getAccessToken()).toBe('token-a')
  })
})
