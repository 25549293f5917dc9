import { afterEach, describe, expect, it, vi } from 'vitest'
import { reloadWhenSafe } from './pwa-update'
import { watchUnsavedInput } from './unsaved-input'
import { holdReloads } from '../lib/session/reload-hold'

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

describe('reloading onto an accepted update', () => {
  it('waits while a form holds unsaved input or a replay runs, then reloads', () => {
    vi.useFakeTimers()
    const stop = watchUnsavedInput()
    document.body.innerHTML = '<form><input name="name"></form>'
    const form = document.querySelector('form')!
    const input = document.querySelector('input')!
    input.value = 'Sara'
    input.dispatchEvent(new Event('input', { bubbles: true }))

    let replaying = true
    const reload = vi.fn()
    reloadWhenSafe({ isReplaying: () => replaying }, reload)
    vi.advanceTimersByTime(10_000)
    expect(reload).not.toHaveBeenCalled()

    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    vi.advanceTimersByTime(10_000)
    expect(reload).not.toHaveBeenCalled() // the outbox is still sending

    replaying = false
    vi.advanceTimersByTime(5_000)
    expect(reload).toHaveBeenCalledOnce()
    stop()
  })

  it('waits while a screen holds reloads (a sitting being read and recorded)', () => {
    vi.useFakeTimers()
    const release = holdReloads()
    const reload = vi.fn()
    reloadWhenSafe({ isReplaying: () => false }, reload)
    vi.advanceTimersByTime(30_000)
    expect(reload).not.toHaveBeenCalled()
    release()
    vi.advanceTimersByTime(5_000)
    expect(reload).toHaveBeenCalledOnce()
  })
})
