import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
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
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
