// What every route change does (spec §4): the message banner belongs to the page it was shown on, so it is
// cleared; and focus moves to the new page's content so screen readers announce it (not on the first load).
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { clearBanner } from '../lib/notify/banner'

export function useRouteChangeEffects(): void {
  const router = useRouter()
  const first = useRef(true)
  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged }) => {
        if (!pathChanged) return
        clearBanner()
        if (first.current) first.current = false
        else document.getElementById('main')?.focus({ preventScroll: true })
      }),
    [router],
  )
}
