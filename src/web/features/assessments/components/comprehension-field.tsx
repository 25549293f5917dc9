// The comprehension step of an assessment (ADR 0122): none, questions with the answer expected, or a retell
// rubric; each item worth 1 to 10 points. The teacher scores it in the capture right after the reading.
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useId } from 'react'
import type { ComprehensionItem, ComprehensionKind, ComprehensionStep } from '../../../../shared/reports/comprehension'
import { MAX_COMPREHENSION_ITEMS, MAX_ITEM_POINTS } from '../../../../shared/schemas/assessment'
import { Button } from '../../../components/ui/button'

const INPUT = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-base'
const LABEL = 'block text-sm font-medium text-slate-700'
const POINTS = Array.from({ length: MAX_ITEM_POINTS }, (_, i) => i + 1)

export function ComprehensionField({ field, direction, messages }: { field: AnyFieldApi; direction: 'ltr' | 'rtl'; messages: readonly string[] }) {
  const { t } = useLingui()
  const id = useId()
  const step = field.state.value as ComprehensionStep | null
  const change = (next: ComprehensionStep | null) => {
    field.handleChange(next)
    field.handleBlur()
  }
  const setKind = (kind: ComprehensionKind | '') => change(kind === '' ? null : { kind, items: step?.items.length ? step.items : [{ prompt: '', expected: '', points: 1 }] })
  const setItem = (i: number, over: Partial<ComprehensionItem>) => step && change({ ...step, items: step.items.map((item, n) => (n === i ? { ...item, ...over } : item)) })
  const questions = step?.kind === 'questions'
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700"><Trans>Comprehension after the reading</Trans></legend>
      <select aria-label={t`Comprehension step`} value={step?.kind ?? ''} onChange={(e) => setKind(e.target.value as ComprehensionKind | '')} className={`${INPUT} min-h-11 bg-white`}>
        <option value="">{t`None`}</option>
        <option value="questions">{t`Questions with expected answers`}</option>
        <option value="retell">{t`Retell rubric`}</option>
      </select>
      {step && (
        <ol className="space-y-4">
          {step.items.map((item, i) => {
            const n = i + 1
            return (
              <li key={i} className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
                <div className="space-y-1">
                  <label htmlFor={`${id}-prompt-${i}`} className={LABEL}>{questions ? t`Question ${n}` : t`Criterion ${n}`}</label>
                  <input id={`${id}-prompt-${i}`} dir={direction} value={item.prompt} onChange={(e) => setItem(i, { prompt: e.target.value })} className={INPUT} />
                </div>
                {questions ? (
                  <div className="space-y-1">
                    <label htmlFor={`${id}-expected-${i}`} className={LABEL}>{t`Expected answer ${n}`}</label>
                    <input id={`${id}-expected-${i}`} dir={direction} value={item.expected} onChange={(e) => setItem(i, { expected: e.target.value })} className={INPUT} />
                  </div>
                ) : <span aria-hidden="true" />}
                <div className="space-y-1">
                  <label htmlFor={`${id}-points-${i}`} className={LABEL}>{t`Points for item ${n}`}</label>
                  <select id={`${id}-points-${i}`} value={item.points} onChange={(e) => setItem(i, { points: Number(e.target.value) })} className={`${INPUT} min-h-11 bg-white`}>
                    {POINTS.map((p) => <option key={p} value={p}>{p}</option>)}
                  </select>
                </div>
                <Button variant="secondary" size="sm" disabled={step.items.length === 1}
                  onClick={() => change({ ...step, items: step.items.filter((_, k) => k !== i) })}>
                  {questions ? t`Remove question ${n}` : t`Remove criterion ${n}`}
                </Button>
              </li>
            )
          })}
        </ol>
      )}
      {step && step.items.length < MAX_COMPREHENSION_ITEMS && (
        <Button variant="secondary" onClick={() => change({ ...step, items: [...step.items, { prompt: '', expected: '', points: 1 }] })}>
          {questions ? <Trans>Add a question</Trans> : <Trans>Add a criterion</Trans>}
        </Button>
      )}
      {messages.length > 0 && <ul role="alert" className="text-xs text-rose-600">{messages.map((m) => <li key={m}>{m}</li>)}</ul>}
    </fieldset>
  )
}
