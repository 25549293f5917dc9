// Connection state and the outbox: how many of the signed-in user's writes wait, and a button that opens
// the panel (sync-panel.tsx) to fix or discard rejected ones and see how full this device's storage is.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { cx } from '../../../components/ui/cx'
import { CloudIcon, CloudOffIcon } from '../../../components/ui/icons'
import { useOutboxItems } from '../../../lib/sync/outbox-context'
import { useOnline } from '../../../lib/sync/use-online'

const loadPanel = () => import('./sync-panel')
const SyncPanel = lazy(loadPanel)

export function SyncStatus() {
  const { t } = useLingui()
  const online = useOnline()
  const items = useOutboxItems()
  const [open, setOpenState] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const setOpen = (next: boolean) => {
    if (next) setLoaded(true)
    setOpenState(next)
  }
  const count = items.length
  const rejected = items.filter((i) => i.status === 'rejected').length
  const label = online
    ? items.length ? t({ message: plural(count, { one: 'Online, # change waiting to sync', other: 'Online, # changes waiting to sync' }) }) : t`Online, everything is synced`
    : items.length ? t({ message: plural(count, { one: 'Offline, # change waiting to sync', other: 'Offline, # changes waiting to sync' }) }) : t`Offline`

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} onPointerEnter={() => void loadPanel()} onFocus={() => void loadPanel()} aria-label={label} title={label}
        className={cx(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
          !online ? 'bg-amber-50 text-amber-800 ring-amber-200'
            : rejected ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-emerald-50 text-emerald-700 ring-emerald-200',
        )}>
        {online ? <CloudIcon className="size-4" /> : <CloudOffIcon className="size-4" />}
        <span className="hidden sm:inline">{online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</span>
        {items.length > 0 && <span className="rounded-full bg-white/80 px-1.5 tabular-nums">{items.length}</span>}
      </button>
      {/* The panel (Headless UI's dialog) loads when first opened, not with the screen (ADR 0108). */}
      {loaded && (
        <Suspense fallback={null}>
          <SyncPanel open={open} onClose={() => setOpen(false)} items={items} online={online} />
        </Suspense>
      )}
    </>
  )
}
