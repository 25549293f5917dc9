// Registers the service worker in production builds and offers a reload when a new version waits.
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Workbox } from 'workbox-window'
import { Button } from '../components/ui/button'

/** Set when the user clicks Reload on the update prompt. */
let updateAccepted = false

export function PwaUpdatePrompt() {
  const [waiting, setWaiting] = useState<Workbox | null>(null)

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    let cancelled = false
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return
      const wb = new Workbox('/sw.js', { scope: '/' })
      wb.addEventListener('waiting', () => setWaiting(wb))
      // Reload only for an update the user accepted: on first install the worker also takes control
      // (clients.claim), and reloading then would wipe whatever is being typed.
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate && updateAccepted) window.location.reload()
      })
      void wb.register()
    })
    return () => {
      cancelled = true
    }
  }, [])

  if (!waiting) return null
  return (
    <div role="status" className="fixed bottom-4 start-1/2 z-50 flex -translate-x-1/2 items-center gap-4 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg rtl:translate-x-1/2">
      <span><Trans>A new version is available.</Trans></span>
      <Button size="sm" onClick={() => { updateAccepted = true; waiting.messageSkipWaiting() }}><Trans>Reload</Trans></Button>
    </div>
  )
}
