// What the capture screen says about the device's space (issue 24, ADR 0117): a warning while a recorded reading
// may not fit in what is left, and, once the device refuses writes, which marks it holds and which are only on
// this screen, with the ways out (save without the recording, try again).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { useStorageEstimate } from '../../../lib/db/storage'
import { spaceShortage } from '../device-space'
import type { KeptOnDevice } from '../device-space'

/** How often the space left is read while a recorded sitting is open. */
const SPACE_CHECK_MS = 5_000

function useMegabytes() {
  const { i18n } = useLingui()
  return (bytes: number) => i18n.number(bytes / 1024 / 1024, { maximumFractionDigits: bytes < 1024 * 1024 ? 2 : 1 })
}

export function SpaceWarning({ reading }: { reading: { limitSeconds: number; elapsedMs: number; recordedBytes: number } }) {
  const estimate = useStorageEstimate(true, SPACE_CHECK_MS)
  const mb = useMegabytes()
  const shortage = spaceShortage(estimate, reading)
  if (!shortage) return null
  const free = mb(shortage.freeBytes)
  const needed = mb(shortage.neededBytes)
  const minutes = shortage.minutes
  return (
    <div role="alert" data-testid="space-warning" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <AlertIcon className="size-5 shrink-0" />
      <p>
        <Trans>Space is low on this device: {free} MB free, while recording up to {minutes} more minutes and saving it needs about {needed} MB.</Trans>{' '}
        <Trans>Sync or discard other sittings first, or record this one without audio.</Trans>
      </p>
    </div>
  )
}

type StoreFailedProps = {
  kept: KeptOnDevice
  /** Offered once the reading is stopped and its last word marked. */
  onSaveWithoutAudio: (() => void) | null
  onRetry: () => void
}

export function StoreFailedNote({ kept, onSaveWithoutAudio, onRetry }: StoreFailedProps) {
  const { kept: stored, total } = kept
  const missing = total - stored
  return (
    <div role="alert" data-testid="store-failed" className="space-y-2 rounded-lg bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
      <p className="flex items-center gap-2 font-medium"><AlertIcon className="size-5 shrink-0" /><Trans>The device is full: this sitting is no longer being stored on it.</Trans></p>
      <p>
        {missing === 0
          ? <Trans>All {total} marks are kept on this device.</Trans>
          : <Trans>Marks kept on this device: {stored} of {total}. The other {missing} are only on this screen.</Trans>}
        {' '}
        {!kept.lastWordKept && <Trans>The last word read is only on this screen.</Trans>}
      </p>
      <p>
        <Trans>Do not close or reload this page. Save the sitting without its recording to keep everything, or free some space: the marks are tried again every 10 seconds.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {onSaveWithoutAudio && <Button onClick={onSaveWithoutAudio} className="min-h-11"><Trans>Save without audio</Trans></Button>}
        <Button variant="secondary" onClick={onRetry} className="min-h-11"><Trans>Try again now</Trans></Button>
      </div>
    </div>
  )
}
