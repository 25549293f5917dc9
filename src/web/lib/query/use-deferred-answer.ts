import { useDeferredValue, useMemo } from 'react'

/**
 * `data`, rendered as a transition when it arrives or changes: React splits that render into short tasks, so
 * a slow tablet stays responsive while a long list or a chart renders (ADR 0110). Never the answer of another
 * `key` (another class, say): until the transition has caught up, undefined (the screen shows it loading)
 * rather than what was shown before. Data already there when the component mounts renders at once.
 */
export function useDeferredAnswer<T>(data: T | undefined, key: string): T | undefined {
  const current = useMemo(() => (data === undefined ? undefined : { key, data }), [key, data])
  const deferred = useDeferredValue(current)
  return deferred !== undefined && deferred.key === key ? deferred.data : undefined
}
