// The running figures of the sitting from the one shared calculation of its kind (the reports' figures, ADR 0122):
// a passage's accuracy, errors, self-corrections, words correct per minute and level band; a grid's accuracy,
// errors, self-corrections and items correct per minute, with no band; a question set's points and score.
import { Trans } from '@lingui/react/macro'
import { KIND_CONVENTIONS } from '../../../../shared/reports/assessment-kinds'
import type { AssessmentKind, KindFigures } from '../../../../shared/reports/assessment-kinds'
import { BandLabel } from '../../../components/ui/band-label'
import { PerMinuteLabel } from '../../../components/ui/per-minute-label'

const ITEM = 'rounded-lg bg-slate-50 px-3 py-2'
const VALUE = 'text-2xl font-semibold tabular-nums text-slate-900'
const TERM = 'text-xs text-slate-500'
const NOTE = 'text-xs text-slate-500'

/**
 * `reached`: the last word read is marked. Before that, accuracy and errors run over the whole passage, and the
 * figure per minute and the words read wait for it (the reader's place is not known). `answered`: every question
 * of a question set has its points (its score waits for them).
 */
export function LiveFigures({ figures, kind, profileName, reached, answered }: {
  figures: KindFigures
  kind: AssessmentKind
  profileName: string
  reached: boolean
  answered: boolean
}) {
  return (
    <section aria-labelledby="figures-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="live-figures">
      <h2 id="figures-title" className="text-base font-semibold text-slate-900"><Trans>Figures</Trans></h2>
      {kind === 'question_set' ? <PointFigures figures={figures} answered={answered} /> : <ReadingFigures figures={figures} kind={kind} reached={reached} />}
      <p className={NOTE}><Trans>Scored with: {profileName}</Trans></p>
    </section>
  )
}

/** A passage or a grid: what was read, how well and how fast; a band only where the kind has one. */
function ReadingFigures({ figures, kind, reached: known }: { figures: KindFigures; kind: AssessmentKind; reached: boolean }) {
  const { total_attempted: reached, total_question: words } = figures
  const { per_minute: perMinute, banded } = KIND_CONVENTIONS[kind]
  const letters = perMinute === 'clpm'
  const speed = letters ? figures.clpm : figures.wcpm
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        <div className={ITEM}><dt className={TERM}><Trans>Accuracy</Trans></dt><dd className={VALUE} data-testid="figure-accuracy">{figures.score}%</dd></div>
        <div className={ITEM}><dt className={TERM}><Trans>Errors</Trans></dt><dd className={VALUE} data-testid="figure-errors">{figures.error_count}</dd></div>
        <div className={ITEM}><dt className={TERM}><Trans>Self-corrections</Trans></dt><dd className={VALUE} data-testid="figure-sc">{figures.self_correction_count}</dd></div>
        <div className={ITEM}>
          <dt className={TERM}><PerMinuteLabel figure={letters ? 'clpm' : kind === 'word_grid' ? 'cwpm' : 'wcpm'} /></dt>
          <dd className={VALUE} data-testid={letters ? 'figure-clpm' : 'figure-wcpm'}>{known && speed !== null ? speed : '—'}</dd>
        </div>
        <div className={ITEM}>
          <dt className={TERM}>{letters ? <Trans>Letters read</Trans> : <Trans>Words read</Trans>}</dt>
          <dd className={VALUE}>{known ? <Trans>{reached} of {words}</Trans> : '—'}</dd>
        </div>
        {banded && <div className={ITEM}><dt className={TERM}><Trans>Level</Trans></dt><dd className="pt-1.5" data-testid="figure-band"><BandLabel band={figures.band} /></dd></div>}
      </dl>
      {!known && (
        <p className={NOTE}>
          {letters ? <Trans>Letter sounds per minute are worked out once the last letter read is marked.</Trans> : <Trans>Words per minute are worked out once the last word read is marked.</Trans>}
        </p>
      )}
    </>
  )
}

/** A question set: the points given of the points of its questions, and that as a score; nothing per minute. */
function PointFigures({ figures, answered }: { figures: KindFigures; answered: boolean }) {
  const { total_correct: count, total_question: total } = figures
  return (
    <>
      <dl className="grid grid-cols-2 gap-2">
        <div className={ITEM}><dt className={TERM}><Trans>Points</Trans></dt><dd className={VALUE} data-testid="figure-points">{answered ? <Trans>{count} of {total}</Trans> : '—'}</dd></div>
        <div className={ITEM}><dt className={TERM}><Trans>Score</Trans></dt><dd className={VALUE} data-testid="figure-accuracy">{answered ? `${figures.score}%` : '—'}</dd></div>
      </dl>
      {!answered && <p className={NOTE}><Trans>The points are added up once every question has its points.</Trans></p>}
    </>
  )
}
