import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { PwaUpdatePrompt } from '../app/pwa-update'
import { useRouteChangeEffects } from '../app/route-change'
import type { RouterContext } from '../app/router-context'
import { LoaderOverlay } from '../components/ui/loader-overlay'
import { Toaster } from '../components/ui/toaster'
import { NotFound } from '../features/status-pages/components/not-found'
import { loadFullCatalog, startedWithPartOf } from '../lib/i18n/i18n'
import { useLoaderActive } from '../lib/notify/loader'
import { isAuthenticated } from '../lib/session/session'

export const Route = createRootRouteWithContext<RouterContext>()({
  // A first visit to the sign-in page starts with its own messages only (ADR 0105), one to a class report
  // with the app's start's and the report's (ADR 0108): every other screen, including the one the sign-in
  // leads to, waits for the whole catalog (already loaded by then, as a rule).
  beforeLoad: ({ location }) => (opensOnSignIn(location.pathname) || opensOnReport(location.pathname) ? undefined : loadFullCatalog()),
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

/** The screens a first visit may show with the sign-in page's messages only (as public/lang-dir.js decides). */
function opensOnSignIn(pathname: string): boolean {
  return pathname.startsWith('/login') || (pathname === '/' && !isAuthenticated())
}

/** The report screen, when the app started with its messages (a class report opened by its address). */
function opensOnReport(pathname: string): boolean {
  return startedWithPartOf('report') && pathname.replace(/\/+$/, '') === '/report'
}
