// Registers the service worker in production builds and offers a reload when a new version waits
// (ADR 0038). Accepting it in one tab activates the new worker for every tab; each tab then learns of it
// (controllerchange) and reloads at a safe moment: no form with unsaved input and no replay running.
// A tab left open for days checks for a new version every hour.
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Workbox } from 'workbox-window'
import { Button } from '../components/ui/button'
import { useOutbox } from '../lib/sync/outbox-context'
import type { Outbox } from '../lib/sync/outbox'
import { afterFirstPaint } from './after-first-paint'
import { hasUnsavedInput, watchUnsavedInput } from './unsaved-input'
import { reloadsHeld } from '../lib/session/reload-hold'

export const UPDATE_CHECK_MS = 60 * 60_000
const SAFE_MOMENT_POLL_MS = 5_000

export function PwaUpdatePrompt() {
  const outbox = useOutbox()
  const [waiting, setWaiting] = useState<Workbox | null>(null)
  const [reloadDue, setReloadDue] = useState(false)

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    let cancelled = false
    let hourly: ReturnType<typeof setInterval> | undefined
    const stopWatching = watchUnsavedInput()
    // Registered once the page has loaded and is idle: the service worker's install downloads the whole
    // app for offline use, which must not compete with the first paint on a slow link (ADR 0100).
    void afterFirstPaint().then(() => import('workbox-window')).then(({ Workbox }) => {
      if (cancelled) return
      const wb = new Workbox('/sw.js', { scope: '/' })
      wb.addEventListener('waiting', () => setWaiting(wb))
      // A new worker took control (accepted in this tab or another). Not on the first install, where
      // the worker also claims the page (clients.claim) but the code running is already current.
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) setReloadDue(true)
      })
      void wb.register()
      hourly = setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS)
    })
    return () => {
      cancelled = true
      clearInterval(hourly)
      stopWatching()
    }
  }, [])

  useEffect(() => {
    if (!reloadDue) return
    return reloadWhenSafe(outbox)
  }, [reloadDue, outbox])

  if (reloadDue) {
    return (
      <div role="status" className="fixed bottom-4 start-1/2 z-50 -translate-x-1/2 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg rtl:translate-x-1/2">
        <Trans>A new version was installed. This page reloads when you have finished what you are typing.</Trans>
      </div>
    )
  }
  if (!waiting) return null
  return (
    <div role="status" className="fixed bottom-4 start-1/2 z-50 flex -translate-x-1/2 items-center gap-4 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg rtl:translate-x-1/2">
      <span><Trans>A new version is available.</Trans></span>
      <Button size="sm" onClick={() => waiting.messageSkipWaiting()}><Trans>Reload</Trans></Button>
    </div>
  )
}

/** Resolves after the load event, when the browser is idle (or after 3 s at most). */
/** Reloads as soon as nothing would be lost: checked now, then every few seconds. Returns a cancel function. */
export function reloadWhenSafe(outbox: Pick<Outbox, 'isReplaying'>, reload = () => window.location.reload()): () => void {
  const tryNow = () => {
    if (hasUnsavedInput() || reloadsHeld() || outbox.isReplaying()) return false
    reload()
    return true
  }
  if (tryNow()) return () => {}
  const timer = setInterval(() => { if (tryNow()) clearInterval(timer) }, SAFE_MOMENT_POLL_MS)
  return () => clearInterval(timer)
}
