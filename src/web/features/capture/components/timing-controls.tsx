// The profile's timing conventions on the capture screen (ADR 0120): the hesitation cue, started with one touch
// beside the clock (or H) without putting the pen down, counting to 3 seconds and then saying, aloud to screen
// readers too, to tell the word; and the discontinue rule (no correct word in the first line).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button'
import type { HesitationCue } from '../capture-session'

export function HesitationControl({ cue, onToggle }: { cue: HesitationCue | null; onToggle: () => void }) {
  const { t } = useLingui()
  const seconds = cue?.seconds ?? 0
  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" onClick={onToggle} aria-pressed={cue !== null} className="min-h-11" data-testid="hesitation-cue"
        aria-keyshortcuts="H" title={t`Start when the child stops on a word; touch again if the child reads on (H)`}>
        {cue ? <Trans>Stop cue</Trans> : <Trans>Stuck on a word</Trans>}
      </Button>
      {cue?.state === 'counting' && <span className="text-sm font-medium tabular-nums text-slate-700" aria-hidden="true">{`${seconds} / 3 s`}</span>}
      {/* Said at once by screen readers when the three seconds are up. */}
      <span role="alert" className="text-sm font-semibold text-rose-800">
        {cue?.state === 'tell' ? <Trans>3 seconds: tell the word, then touch it</Trans> : ''}
      </span>
    </div>
  )
}

export function DiscontinueControl({ discontinued, canStop, onDiscontinue, onUndo }: {
  discontinued: boolean; canStop: boolean; onDiscontinue: () => void; onUndo: () => void
}) {
  if (discontinued) {
    return (
      <p className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="discontinued">
        <Trans>Discontinued: no word of the first line was read correctly. The sitting records no word correct.</Trans>
        <Button size="sm" variant="secondary" onClick={onUndo}><Trans>Not discontinued</Trans></Button>
      </p>
    )
  }
  if (!canStop) return null
  return (
    <Button variant="secondary" onClick={onDiscontinue} className="min-h-11" data-testid="discontinue">
      <Trans>Discontinue: no word of the first line correct</Trans>
    </Button>
  )
}
