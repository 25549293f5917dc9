// What a screen shows when it could not load: offline with nothing of it saved on this device yet (the
// first visit, or a sign-in just before the connection dropped), or any other failure. Never the router's
// bare "Something went wrong!": the user learns what happened and can try again once back online.
import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isNetworkError } from '../../../lib/api/api-error'
import { StatusPage } from './status-page'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = isNetworkError(error) || !navigator.onLine
  const retry = () => {
    reset()
    void router.invalidate()
  }
  // Back online: try again by itself, as the user would.
  useEffect(() => {
    if (!offline) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  })
  return (
    <StatusPage
      title={offline ? <Trans>You are offline</Trans> : <Trans>This page could not be loaded</Trans>}
      action={
        <button type="button" onClick={retry}
          className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
          <Trans>Try again</Trans>
        </button>
      }
    >
      <p role="alert">
        {offline
          ? <Trans>This page has not been saved on this device yet. It opens again once you are back online.</Trans>
          : <Trans>Something went wrong while loading this page. Try again; if it keeps happening, tell your administrator.</Trans>}
      </p>
    </StatusPage>
  )
}
