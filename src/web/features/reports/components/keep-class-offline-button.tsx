// "Keep this class offline": fetches the class's reports and sitting reports ahead, with a progress bar.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { CloudIcon } from '../../../components/ui/icons'
import { showToast } from '../../../lib/notify/toasts'
import { keepClassOffline } from '../keep-class-offline'
import type { KeepProgress } from '../keep-class-offline'

export function KeepClassOffline({ queryClient, ids, online }: {
  queryClient: QueryClient
  ids: { schoolId: number; classId: number; yearId: number }
  online: boolean
}) {
  const { t } = useLingui()
  const [progress, setProgress] = useState<KeepProgress | null>(null)
  const running = progress !== null && progress.done < progress.total
  async function run() {
    try {
      const { done } = await keepClassOffline(queryClient, ids, setProgress)
      showToast('success', t({ message: plural(done, { one: "This class's reports are saved on this device (# item).", other: "This class's reports are saved on this device (# items)." }) }))
    } catch {
      showToast('error', t`Not every report could be saved on this device. Try again.`)
      setProgress(null)
    }
  }
  return (
    <div className="flex items-center gap-3">
      {progress && (
        <div className="flex items-center gap-2 text-xs text-slate-600">
          <progress className="h-2 w-32 overflow-hidden rounded accent-brand-600" max={progress.total} value={progress.done}
            aria-label={t`Saving this class on this device`} />
          <span aria-live="polite" className="tabular-nums">{progress.done} / {progress.total}</span>
        </div>
      )}
      <Button variant="secondary" size="sm" icon={<CloudIcon className="size-4" />} disabled={!online || running} onClick={() => void run()}
        title={online ? undefined : t`Needs a connection`}>
        <Trans>Keep this class offline</Trans>
      </Button>
    </div>
  )
}
