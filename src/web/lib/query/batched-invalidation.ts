// Refreshing the screens a replayed write touched. A write accepted alone refreshes them at once; further
// writes to the same lists within REFRESH_WINDOW_MS are folded into one refresh at the end of the window,
// so a replay of a thousand queued writes neither refetches the open list after every one of them nor waits
// for each refetch before sending the next write (ADR 0104).
import type { QueryClient } from '@tanstack/react-query'

export const REFRESH_WINDOW_MS = 500

export function batchedInvalidation(queryClient: QueryClient, windowMs = REFRESH_WINDOW_MS, now = Date.now) {
  const windows = new Map<string, { until: number; due: boolean }>()
  return (key: readonly unknown[]): Promise<void> => {
    const id = JSON.stringify(key)
    const open = windows.get(id)
    if (open && now() < open.until) {
      if (!open.due) {
        open.due = true
        setTimeout(() => {
          windows.delete(id)
          void queryClient.invalidateQueries({ queryKey: [...key] })
        }, open.until - now())
      }
      return Promise.resolve()
    }
    windows.set(id, { until: now() + windowMs, due: false })
    return queryClient.invalidateQueries({ queryKey: [...key] })
  }
}
