// "Saved on this device, 2 hours ago": shown by every screen rendered from the device while offline,
// so a teacher knows how old what they see is. The time is relative, in the reader's language.
import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000], ['month', 30 * 24 * 3600_000], ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000], ['hour', 3600_000], ['minute', 60_000],
]

/** "2 hours ago" / "منذ ساعتين" for `then`, in `locale`; "now" under a minute. */
export function timeAgo(then: number, locale: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const elapsed = Math.max(0, now - then)
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit)
  }
  return format.format(0, 'second')
}

/** Re-renders every minute so the age stays true on a screen left open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** The fetch time of the oldest data on screen: the oldest answer among the active queries. */
export function useOldestOnScreen(): number | undefined {
  const queryClient = useQueryClient()
  const times = queryClient.getQueryCache().findAll({ type: 'active' })
    .map((q) => q.state.dataUpdatedAt).filter((t) => t > 0)
  return times.length ? Math.min(...times) : undefined
}

/** `fetchedAt` defaults to the oldest data on screen. */
export function SavedOnDevice({ fetchedAt, className }: { fetchedAt?: number; className?: string }) {
  const { i18n } = useLingui()
  const oldest = useOldestOnScreen()
  const now = useMinuteClock()
  const when = fetchedAt ?? oldest
  if (when === undefined) return <span className={className}><Trans>Saved on this device.</Trans></span>
  const ago = timeAgo(when, i18n.locale, now)
  return (
    <time className={className} dateTime={new Date(when).toISOString()} title={i18n.date(new Date(when), { dateStyle: 'medium', timeStyle: 'short' })}>
      <Trans>Saved on this device, {ago}</Trans>
    </time>
  )
}
