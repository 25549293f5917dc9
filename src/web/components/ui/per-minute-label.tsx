import { Trans, useLingui } from '@lingui/react/macro'

/**
 * The name of a sitting's figure per minute, short with its full name for screen readers and on hover (ADR 0122):
 * correct letter sounds for a letter grid, correct words for a word grid, words read correctly for a passage.
 */
export function PerMinuteLabel({ figure }: { figure: 'clpm' | 'cwpm' | 'wcpm' }) {
  const { t } = useLingui()
  if (figure === 'clpm') return <abbr title={t`Correct letter sounds per minute`}><Trans>CLSPM</Trans></abbr>
  if (figure === 'cwpm') return <abbr title={t`Correct words per minute`}><Trans>CWPM</Trans></abbr>
  return <abbr title={t`Words read correctly per minute`}><Trans>WCPM</Trans></abbr>
}
