// "Last updated" line of a report read from the server or from this device.
import { Trans, useLingui } from '@lingui/react/macro'
import { useOnline } from '../../lib/sync/use-online'
import { CloudOffIcon } from '../ui/icons'

export function KeptTime({ fetchedAt, fromDevice: kept }: { fetchedAt: number; fromDevice: boolean }) {
  const { i18n } = useLingui()
  // Offline, whatever the page shows is a copy on this device.
  const online = useOnline()
  const fromDevice = kept || !online
  const when = i18n.date(new Date(fetchedAt), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="kept-time">
      {fromDevice && <CloudOffIcon className="size-4" />}
      {fromDevice
        ? <Trans>Saved on this device. Last updated {when}.</Trans>
        : <Trans>Last updated {when}.</Trans>}
    </p>
  )
}
