// The running figures of the sitting from the one shared calculation (the reports' figures): accuracy, errors,
// self-corrections, words correct per minute and the level band.
import { Trans, useLingui } from '@lingui/react/macro'
import type { SittingFigures } from '../../../../shared/reports/figures'
import { BandLabel } from '../../../components/ui/band-label'

/**
 * `reached`: the last word read is marked. Before that, accuracy and errors run over the whole passage, and words
 * per minute and words read wait for it (the reader's place is not known).
 */
export function LiveFigures({ figures, profileName, reached: known }: { figures: SittingFigures; profileName: string; reached: boolean }) {
  const { t } = useLingui()
  const item = 'rounded-lg bg-slate-50 px-3 py-2'
  const value = 'text-2xl font-semibold tabular-nums text-slate-900'
  const { total_attempted: reached, total_question: words } = figures
  return (
    <section aria-labelledby="figures-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="live-figures">
      <h2 id="figures-title" className="text-base font-semibold text-slate-900"><Trans>Figures</Trans></h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        <div className={item}><dt className="text-xs text-slate-500"><Trans>Accuracy</Trans></dt><dd className={value} data-testid="figure-accuracy">{figures.score}%</dd></div>
        <div className={item}><dt className="text-xs text-slate-500"><Trans>Errors</Trans></dt><dd className={value} data-testid="figure-errors">{figures.error_count}</dd></div>
        <div className={item}><dt className="text-xs text-slate-500"><Trans>Self-corrections</Trans></dt><dd className={value} data-testid="figure-sc">{figures.self_correction_count}</dd></div>
        <div className={item}><dt className="text-xs text-slate-500"><abbr title={t`Words read correctly per minute`}><Trans>WCPM</Trans></abbr></dt><dd className={value} data-testid="figure-wcpm">{known ? figures.wcpm : '—'}</dd></div>
        <div className={item}><dt className="text-xs text-slate-500"><Trans>Words read</Trans></dt><dd className={value}>{known ? <Trans>{reached} of {words}</Trans> : '—'}</dd></div>
        <div className={item}><dt className="text-xs text-slate-500"><Trans>Level</Trans></dt><dd className="pt-1.5" data-testid="figure-band"><BandLabel band={figures.band} /></dd></div>
      </dl>
      {!known && <p className="text-xs text-slate-500"><Trans>Words per minute are worked out once the last word read is marked.</Trans></p>}
      <p className="text-xs text-slate-500"><Trans>Scored with: {profileName}</Trans></p>
    </section>
  )
}
