// "Last updated" line of a report read from the server or from this device.
import { Trans, useLingui } from '@lingui/react/macro'
import { restoredFromDevice } from '../../lib/query/load-cached'
import { useOnline } from '../../lib/sync/use-online'
import { CloudOffIcon } from '../ui/icons'

/** A kept query's answer with its age: what a report screen is given of the query (`useQuery`'s result). */
export type Kept<T> = { data: T; dataUpdatedAt: number }

/** `at`: the query's `dataUpdatedAt`, the time the answer was fetched (kept, for a copy shown from the device). */
export function KeptTime({ at }: { at: number }) {
  const { i18n } = useLingui()
  // A copy kept before this page started was read from the device; offline, whatever the page shows is one.
  const online = useOnline()
  const fromDevice = restoredFromDevice(at) || !online
  const when = i18n.date(new Date(at), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="kept-time">
      {fromDevice && <CloudOffIcon className="size-4" />}
      {fromDevice
        ? <Trans>Saved on this device. Last updated {when}.</Trans>
        : <Trans>Last updated {when}.</Trans>}
    </p>
  )
}
