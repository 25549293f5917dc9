// Keeps a sign-in in use alive (ADR 0116): while online, a token past half its life is renewed by the server
// for another full life. Checked at start, when the connection comes back, when the tab is shown again, and
// at the half-life point while the page stays open. A refusal (401) means the user must sign in again.
import { renewSession } from '../features/auth/auth-api'
import { ApiError } from '../lib/api/api-error'
import { endSession, readAuth, renewalDue, renewAuth } from '../lib/session/session'

/** setTimeout's largest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1
/** Signed out or refused: looked at again this often (a sign-in inside the app does not reload it). */
const IDLE_CHECK_MS = 60_000

export function keepSessionRenewed(): void {
  let timer: number | undefined
  let renewing = false

  const schedule = () => {
    window.clearTimeout(timer)
    const info = readAuth()
    if (!info?.life || info.ended) {
      timer = window.setTimeout(check, IDLE_CHECK_MS)
      return
    }
    const halfLife = info.expires_at - (info.life * 1000) / 2 - Date.now()
    timer = window.setTimeout(check, Math.min(MAX_DELAY_MS, Math.max(1_000, halfLife)))
  }

  async function check() {
    if (renewing || !navigator.onLine || !renewalDue()) return schedule()
    renewing = true
    try {
      renewAuth((await renewSession()).expires_in)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endSession()
      // Otherwise (no answer): tried again at the next trigger.
    } finally {
      renewing = false
      schedule()
    }
  }

  void check()
  window.addEventListener('online', () => void check())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check()
  })
}
