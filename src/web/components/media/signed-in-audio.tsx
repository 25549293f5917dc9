// A recording served only to signed-in readers (a sitting's audio): an <audio src> cannot send the bearer token,
// so the file is fetched through the api client when the reader asks for it and played from memory.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { fetchFile } from '../../lib/api/download'
import { isNetworkError } from '../../lib/api/api-error'
import { Button } from '../ui/button'

export function SignedInAudio({ path, label }: { path: string; label: string }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'offline' | 'failed'>('idle')
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])

  async function load() {
    setState('loading')
    try {
      const { blob } = await fetchFile({ path })
      setUrl(URL.createObjectURL(blob))
      setState('idle')
    } catch (error) {
      setState(isNetworkError(error) ? 'offline' : 'failed')
    }
  }

  if (url) return <audio controls autoPlay src={url} className="w-full max-w-md" aria-label={label} data-testid="sitting-audio" />
  return (
    <div className="space-y-1">
      <Button variant="secondary" size="sm" onClick={() => void load()} disabled={state === 'loading'} aria-label={t`Play the recording`}>
        {state === 'loading' ? <Trans>Loading the recording…</Trans> : <Trans>Play the recording</Trans>}
      </Button>
      {state === 'offline' && <p role="alert" className="text-sm text-amber-800"><Trans>The recording is on the server: connect to play it.</Trans></p>}
      {state === 'failed' && <p role="alert" className="text-sm text-rose-700"><Trans>The recording could not be loaded.</Trans></p>}
    </div>
  )
}
