import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { RouteError } from '../features/status-pages/components/route-error'
import { isChunkLoadError, reloadOnce } from './chunk-reload'
import type { RouterContext } from './router-context'

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read the query cache; let TanStack Query decide what is fresh.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Unknown paths show the full-page not-found screen, outside the shell (spec §2).
    notFoundMode: 'root',
    // A screen that could not load (offline with nothing saved yet, or a failure) says so, with "Try again".
    defaultErrorComponent: RouteError,
    // A lazy route of a build that was replaced: reload onto the new build (once) instead of an error screen.
    defaultOnCatch: (error) => {
      if (isChunkLoadError(error)) reloadOnce()
    },
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
