// Sign-out. With writes of this user not yet synced, or sittings still being captured, it is refused with an
// explanation: "Sync now" sends the writes, "Sign out anyway" keeps everything on this device for this user only
// (sent or continued when they sign in again, ADR 0036, 0090).
import { Plural, Trans } from '@lingui/react/macro'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { clearQueryCache } from '../app/query-client'
import { Button } from '../components/ui/button'
import { revokeToken } from '../features/auth/auth-api'
import { StatusPage } from '../features/status-pages/components/status-page'
import { countInProgress } from '../features/capture/capture-store'
import { clearSession, currentWriter } from '../lib/session/session'
import { useOutboxItems } from '../lib/sync/outbox-context'
import { useOnline } from '../lib/sync/use-online'

const LogoutSearch = v.object({ anyway: v.optional(v.boolean()) })

export const Route = createFileRoute('/logout')({
  validateSearch: LogoutSearch,
  beforeLoad: async ({ context, search }) => {
    const owner = currentWriter()
    if (!search.anyway && ((await context.outbox.countUnsynced()) > 0 || (owner && (await countInProgress(await context.deviceDb(), owner)) > 0))) return
    await revokeToken()
    clearSession()
    await clearQueryCache(context.queryClient, owner)
    // A full load drops every in-memory trace of the previous user.
    window.location.replace('/login')
    await new Promise(() => {})
  },
  component: UnsyncedWork,
})

function UnsyncedWork() {
  const router = useRouter()
  const outbox = router.options.context.outbox
  const count = useOutboxItems().length
  const online = useOnline()
  const [syncing, setSyncing] = useState(false)
  const [inProgress, setInProgress] = useState(0)
  useEffect(() => {
    const owner = currentWriter()
    if (owner) void router.options.context.deviceDb().then((db) => countInProgress(db, owner)).then(setInProgress)
  }, [router])
  const syncNow = async () => {
    setSyncing(true)
    try {
      await outbox.replayNow()
    } finally {
      setSyncing(false)
    }
    if ((await outbox.countUnsynced()) === 0 && inProgress === 0) await router.invalidate()
  }
  return (
    <StatusPage
      title={<Trans>You have changes that are not synced yet</Trans>}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => void syncNow()} disabled={!online || syncing}>
            {syncing ? <Trans>Syncing…</Trans> : <Trans>Sync now</Trans>}
          </Button>
          <Link to="/logout" search={{ anyway: true }} reloadDocument
            className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-rose-700 ring-1 ring-inset ring-rose-200 hover:bg-rose-50">
            <Trans>Sign out anyway</Trans>
          </Link>
          <Link to="/" className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100">
            <Trans>Stay signed in</Trans>
          </Link>
        </div>
      }>
      {count > 0 && (
        <p>
          <Plural value={count}
            one="# change made on this device has not reached the server. Signing out now keeps it on this device for you only: nobody else who signs in here sees or sends it, and it is sent when you sign in again."
            other="# changes made on this device have not reached the server. Signing out now keeps them on this device for you only: nobody else who signs in here sees or sends them, and they are sent when you sign in again." />
        </p>
      )}
      {inProgress > 0 && (
        <p className="mt-2">
          <Plural value={inProgress}
            one="# sitting you started on this device is not saved yet. Signing out keeps it here for you only, to finish when you sign in again."
            other="# sittings you started on this device are not saved yet. Signing out keeps them here for you only, to finish when you sign in again." />
        </p>
      )}
      {!online && <p className="mt-2"><Trans>You are offline: connect to sync them first.</Trans></p>}
    </StatusPage>
  )
}
