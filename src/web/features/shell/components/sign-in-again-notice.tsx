// The sign-in expired or was refused: work goes on with the device copy and writes stay queued for this user
// (ADR 0116); this says so, and offers signing in again once there is a connection to do it.
import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { Button } from '../../../components/ui/button'
import { endSession, rememberRedirect } from '../../../lib/session/session'
import { useSignInNeeded } from '../../../lib/session/use-sign-in-needed'
import { useOnline } from '../../../lib/sync/use-online'

export function SignInAgainNotice() {
  const needed = useSignInNeeded()
  const online = useOnline()
  const router = useRouter()
  if (!needed) return null
  const signIn = () => {
    endSession()
    rememberRedirect(router.state.location.href)
    void router.navigate({ to: '/login' })
  }
  return (
    <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
      <p className="min-w-0 flex-1">
        <strong className="font-semibold"><Trans>Sign in again to send your changes</Trans></strong>{' '}
        {online
          ? <Trans>Your sign-in has expired. What you do is kept on this device and sent once you sign in again.</Trans>
          : <Trans>Your sign-in has expired. Keep working: what you do is kept on this device and sent once you are online and signed in again.</Trans>}
      </p>
      {online && <Button variant="secondary" size="sm" onClick={signIn}><Trans>Sign in</Trans></Button>}
    </div>
  )
}
