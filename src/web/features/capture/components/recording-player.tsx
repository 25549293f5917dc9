// Listening to the recording on the device before the sitting is saved (or while it waits to be sent): the pieces
// written while recording are put together (and joined when recorded in several goes) only when asked for.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button'
import type { MiscueDb } from '../../../lib/db/db'
import type { CaptureRecord } from '../capture-record'
import { recordingOf } from '../mutations'

export function RecordingPlayer({ db, record }: { db: MiscueDb; record: CaptureRecord }) {
  const { t, i18n } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])
  const size = i18n.number(record.audio.bytes / 1024 / 1024, { maximumFractionDigits: 1 })

  async function load() {
    setState('loading')
    try {
      const blob = await recordingOf(db, record)
      if (!blob) throw new Error('no recording')
      setUrl(URL.createObjectURL(blob))
      setState('idle')
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="space-y-2">
      {url ? (
        <audio controls src={url} className="w-full" aria-label={t`Recording of this sitting`} data-testid="capture-audio" />
      ) : (
        <Button variant="secondary" onClick={() => void load()} disabled={state === 'loading'} className="min-h-11">
          {state === 'loading' ? <Trans>Preparing the recording…</Trans> : <Trans>Listen to the recording</Trans>}
        </Button>
      )}
      {record.audio.bytes > 0 && <p className="text-xs text-slate-500"><Trans>Recording on this device: {size} MB</Trans></p>}
      {state === 'failed' && <p role="alert" className="text-sm text-rose-700"><Trans>The recording could not be played on this device.</Trans></p>}
    </div>
  )
}
