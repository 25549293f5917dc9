import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { whenIdle } from '../lib/scheduling/when-idle'

/** Resolves once the page has loaded and the browser is idle: for work that must not compete with the first paint. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') void whenIdle().then(resolve)
    else window.addEventListener('load', () => void whenIdle().then(resolve), { once: true })
  })
}

/** However slow the link, work held for the first screen starts this long after the page has loaded. */
export const FIRST_SCREEN_WAIT_MS = 5_000

/**
 * Resolves once the first screen is in: the page has loaded, the router has rendered its screen, no answer is
 * still on its way, and the browser is idle (or FIRST_SCREEN_WAIT_MS after the page has loaded). For work
 * that would otherwise slow that screen on a slow tablet, such as opening the device database (ADR 0109).
 */
export async function afterFirstScreen(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  await afterFirstPaint()
  await new Promise<void>((resolve) => {
    const stops: (() => void)[] = []
    const done = () => {
      for (const stop of stops) stop()
      resolve()
    }
    const check = () => {
      if (router.state.status === 'idle' && !router.state.isLoading && queryClient.isFetching() === 0) done()
    }
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS)
    stops.push(() => clearTimeout(timer), router.subscribe('onResolved', check), queryClient.getQueryCache().subscribe(check))
    check()
  })
  await whenIdle()
}
