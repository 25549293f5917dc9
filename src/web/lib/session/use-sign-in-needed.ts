import { useSyncExternalStore } from 'react'
import { signInNeeded } from './session'

/** Re-read every few seconds and on focus: the token's expiry passes with the clock, not with an event. */
function subscribe(listener: () => void): () => void {
  const timer = window.setInterval(listener, 2_000)
  window.addEventListener('focus', listener)
  return () => {
    window.clearInterval(timer)
    window.removeEventListener('focus', listener)
  }
}

/** Whether this device's user must sign in again before their changes can be sent. */
export function useSignInNeeded(): boolean {
  return useSyncExternalStore(subscribe, () => signInNeeded(), () => false)
}
