// The comprehension step right after the reading (ADR 0122): each question (with the answer expected) or retell
// criterion gets the points the teacher gives, chosen from 0 to what it is worth; every choice is kept on the
// device at once, and the sitting sends the points once every item has them.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ComprehensionStep as Step } from '../../../../shared/reports/comprehension'

export function ComprehensionStep({ step, given, editable, onGive }: {
  step: Step
  given: readonly (number | null)[]
  editable: boolean
  onGive: (item: number, points: number | null) => void
}) {
  const { t } = useLingui()
  const score = given.reduce<number>((n, x) => n + (x ?? 0), 0)
  const max = step.items.reduce((n, item) => n + item.points, 0)
  return (
    <section aria-labelledby="capture-comprehension" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="capture-comprehension" className="text-base font-semibold text-slate-900">
        {step.kind === 'retell' ? <Trans>Score the retell</Trans> : <Trans>Score the comprehension questions</Trans>}
      </h2>
      <ol className="space-y-3">
        {step.items.map(({ prompt, expected, points }, i) => (
          <li key={i} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3 first:border-0 first:pt-0">
            <div className="min-w-0 flex-1">
              <label htmlFor={`comprehension-${i}`} className="block text-sm font-medium text-slate-900">{prompt}</label>
              {expected && <p className="text-sm text-slate-600"><Trans>Expected: {expected}</Trans></p>}
            </div>
            <select id={`comprehension-${i}`} value={given[i] ?? ''} disabled={!editable}
              onChange={(e) => onGive(i, e.target.value === '' ? null : Number(e.target.value))}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base">
              <option value="">{t`Not scored`}</option>
              {Array.from({ length: points + 1 }, (_, n) => (
                <option key={n} value={n}>{t`${n} of ${points}`}</option>
              ))}
            </select>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700" data-testid="capture-comprehension-total">
        <Trans>Comprehension: <span className="tabular-nums" dir="ltr">{score} / {max}</span></Trans>
      </p>
    </section>
  )
}
