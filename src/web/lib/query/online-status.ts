// What TanStack Query believes about the connection, which decides whether failed fetches are retried at once
// or paused until the connection returns (ADR 0115). It starts from the browser's word (navigator.onLine and
// its online/offline events), not from "online", and the calls correct it: a call that got no answer (no
// connection, a timeout) means offline until a call gets one. A restored answer whose refresh cannot reach
// the server then waits, with its data, instead of failing again and again.
import { onlineManager } from '@tanstack/react-query'
import { onCallOutcome } from '../api/reachability'

export function followConnection(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  browserOnline: () => boolean = () => navigator.onLine): void {
  onlineManager.setEventListener((setOnline) => {
    const online = () => setOnline(true)
    const offline = () => setOnline(false)
    setOnline(browserOnline())
    target.addEventListener('online', online)
    target.addEventListener('offline', offline)
    const stopFollowingCalls = onCallOutcome(setOnline)
    return () => {
      target.removeEventListener('online', online)
      target.removeEventListener('offline', offline)
      stopFollowingCalls()
    }
  })
}
