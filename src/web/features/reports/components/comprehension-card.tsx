// What a sitting says beyond accuracy (ADR 0122): the figure per minute its kind reports (WCPM for a passage,
// correct words per minute for a word grid, correct letter sounds per minute for a letter grid, none for a question
// set), the level decision (F&P: accuracy with comprehension) and the comprehension step as the teacher scored it.
import { Trans } from '@lingui/react/macro'
import { Badge } from '../../../components/ui/badge'
import { PerMinuteLabel } from '../../../components/ui/per-minute-label'
import type { LevelDecision, ScoredComprehension } from '../../../../shared/reports/comprehension'
import type { Sitting } from '../../../../shared/schemas/sitting'
import { Detail } from './student-card'

export function PerMinuteDetail({ sitting }: { sitting: Pick<Sitting, 'kind' | 'wcpm' | 'clpm'> }) {
  if (sitting.clpm !== null) {
    return <Detail label={<PerMinuteLabel figure="clpm" />}><span className="tabular-nums">{Math.round(sitting.clpm)}</span></Detail>
  }
  if (sitting.wcpm === null) return null
  return <Detail label={<PerMinuteLabel figure={sitting.kind === 'word_grid' ? 'cwpm' : 'wcpm'} />}><span className="tabular-nums">{Math.round(sitting.wcpm)}</span></Detail>
}

/** F&P's independent, instructional or hard: a word as well as a colour. */
export function LevelDecisionLabel({ decision }: { decision: LevelDecision }) {
  if (decision === 'independent') return <Badge tone="success"><Trans>Independent</Trans></Badge>
  if (decision === 'instructional') return <Badge tone="pending"><Trans>Instructional</Trans></Badge>
  return <Badge tone="danger"><Trans>Hard</Trans></Badge>
}

function CategoryText({ category }: { category: NonNullable<ScoredComprehension['category']> }) {
  if (category === 'excellent') return <Trans>Excellent</Trans>
  if (category === 'satisfactory') return <Trans>Satisfactory</Trans>
  if (category === 'limited') return <Trans>Limited</Trans>
  return <Trans>Unsatisfactory</Trans>
}

export function ComprehensionCard({ comprehension: c }: { comprehension: ScoredComprehension }) {
  const { score, max } = c
  return (
    <section aria-labelledby="sitting-comprehension" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="sitting-comprehension" className="text-base font-semibold text-slate-900">
        {c.kind === 'retell' ? <Trans>Retell</Trans> : <Trans>Comprehension</Trans>}
      </h2>
      <p className="text-sm" data-testid="comprehension-total">
        <Trans>Comprehension: <span className="tabular-nums" dir="ltr">{score} / {max}</span></Trans>
        {c.category && <> · <CategoryText category={c.category} /></>}
      </p>
      <ol className="list-decimal space-y-2 ps-5 text-sm">
        {c.items.map(({ prompt, expected, given, points }, i) => (
          <li key={i}>
            <span className="font-medium">{prompt}</span>
            {expected && <span className="text-slate-600"> · <Trans>Expected: {expected}</Trans></span>}
            <span className="ms-2 tabular-nums text-slate-700" dir="ltr">{given} / {points}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
