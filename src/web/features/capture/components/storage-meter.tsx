// How much of this device's storage the app uses, with a warning before it is full (recordings take space until
// their sitting is synced) and whether the browser keeps it under pressure.
import { Trans, useLingui } from '@lingui/react/macro'
import { cx } from '../../../components/ui/cx'
import { useStorageEstimate } from '../../../lib/db/storage'

export function StorageMeter() {
  const { i18n } = useLingui()
  const estimate = useStorageEstimate(true)
  if (!estimate || estimate.quota === 0) return null
  const mb = (bytes: number) => i18n.number(bytes / 1024 / 1024, { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 })
  const used = mb(estimate.usage)
  const quota = mb(estimate.quota)
  const share = Math.min(1, estimate.usage / estimate.quota)
  const percent = i18n.number(share, { style: 'percent' })
  return (
    <div role={estimate.nearlyFull ? 'alert' : undefined} data-testid="storage-meter"
      className={cx('rounded-lg p-3 text-sm ring-1', estimate.nearlyFull ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-white text-slate-600 ring-slate-200')}>
      <p><Trans>Storage on this device: {used} MB of {quota} MB used ({percent}).</Trans></p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={cx('h-full', estimate.nearlyFull ? 'bg-amber-500' : 'bg-brand-600')} style={{ inlineSize: `${Math.max(2, share * 100)}%` }} />
      </div>
      {estimate.nearlyFull && (
        <p className="mt-2 font-medium"><Trans>This device is nearly full. Sync your sittings and discard ones you no longer need before recording more audio.</Trans></p>
      )}
      {!estimate.persisted && (
        <p className="mt-1 text-xs text-slate-500"><Trans>The browser may clear this site's data when the device runs low on space: sync your sittings when you can.</Trans></p>
      )}
    </div>
  )
}
