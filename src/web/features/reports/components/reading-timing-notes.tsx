// What the sitting report says about the reading's timing (ADR 0120): where the clock ran on while the page was
// hidden or the microphone lost (so the recording has a gap there), the word bracketed at one minute (words
// correct per minute count up to it) and a reading stopped under the discontinue rule.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReadingGap, Sitting } from '../../../../shared/schemas/sitting'

export function ReadingTimingNotes({ sitting }: { sitting: Pick<Sitting, 'reading_gaps' | 'bracket_word' | 'discontinued'> }) {
  const { t, i18n } = useLingui()
  const { reading_gaps: gaps, bracket_word: bracket, discontinued } = sitting
  if (gaps.length === 0 && bracket === null && !discontinued) return null
  const gapText = (gap: ReadingGap) => {
    const at = i18n.date(new Date(gap.at), { timeStyle: 'medium' })
    const length = t({ message: plural(gap.seconds, { one: '# second', other: '# seconds' }) })
    return gap.reason === 'hidden'
      ? t`At ${at} the page was hidden for ${length}: the clock kept running and the recording has a gap there.`
      : t`At ${at} the microphone was lost for ${length}: the clock kept running and the recording has a gap there.`
  }
  const word = (bracket ?? 0) + 1
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="reading-timing">
      {discontinued && <p><Trans>Discontinued: no word of the first line was read correctly, so the reading stopped there.</Trans></p>}
      {bracket !== null && <p><Trans>Words correct per minute count the words up to word {word}, the word reached at one minute; accuracy counts the whole reading.</Trans></p>}
      {gaps.length > 0 && (
        <ul className="list-disc space-y-1 ps-5" aria-label={t`Gaps in the reading`}>
          {gaps.map((gap) => <li key={gap.at + gap.reason}>{gapText(gap)}</li>)}
        </ul>
      )}
    </div>
  )
}
