// TanStack Query's idea of the connection follows the browser from the start and the calls themselves: a
// reload offline, or on a Wi-Fi without internet, must not refetch saved answers into failures (ADR 0115).
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { reportCallOutcome } from '../api/reachability'
import { followConnection } from './online-status'

afterEach(() => onlineManager.setOnline(true))

describe('following the connection', () => {
  it('starts offline when the browser is offline, and follows its online and offline events', () => {
    const browser = new EventTarget() as Window
    followConnection(browser, () => false)
    expect(onlineManager.isOnline()).toBe(false)
    browser.dispatchEvent(new Event('online'))
    expect(onlineManager.isOnline()).toBe(true)
    browser.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('a call that got no answer means offline until a call gets one, whatever the browser says', () => {
    followConnection(new EventTarget() as Window, () => true)
    expect(onlineManager.isOnline()).toBe(true)
    reportCallOutcome(false) // a Wi-Fi without internet: the browser still says online
    expect(onlineManager.isOnline()).toBe(false)
    reportCallOutcome(true)
    expect(onlineManager.isOnline()).toBe(true)
  })
})
