import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PwaUpdatePrompt } from '../app/pwa-update'
import type { RouterContext } from '../app/router-context'
import { LoaderOverlay } from '../components/ui/loader-overlay'
import { Toaster } from '../components/ui/toaster'
import { NotFound } from '../features/status-pages/components/not-found'
import { clearBanner } from '../lib/notify/banner'
import { useLoaderActive } from '../lib/notify/loader'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const router = useRouter()
  const loading = useLoaderActive()
  const navigating = useRouterState({ select: (s) => s.status === 'pending' && s.isLoading })
  const first = useRef(true)

  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged }) => {
        if (!pathChanged) return
        // The banner belongs to the page it was shown on (spec §4).
        clearBanner()
        // Move focus to the new page's content so screen readers announce it.
        if (first.current) first.current = false
        else document.getElementById('main')?.focus({ preventScroll: true })
      }),
    [router],
  )

  return (
    <>
      <Outlet />
      <LoaderOverlay active={loading || navigating} />
      <Toaster />
      <PwaUpdatePrompt />
    </>
  )
}
