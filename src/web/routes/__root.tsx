import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { PwaUpdatePrompt } from '../app/pwa-update'
import { useRouteChangeEffects } from '../app/route-change'
import type { RouterContext } from '../app/router-context'
import { LoaderOverlay } from '../components/ui/loader-overlay'
import { Toaster } from '../components/ui/toaster'
import { NotFound } from '../features/status-pages/components/not-found'
import { useLoaderActive } from '../lib/notify/loader'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const loading = useLoaderActive()
  const navigating = useRouterState({ select: (s) => s.status === 'pending' && s.isLoading })
  useRouteChangeEffects()

  return (
    <>
      <Outlet />
      <LoaderOverlay active={loading || navigating} />
      <Toaster />
      <PwaUpdatePrompt />
    </>
  )
}
