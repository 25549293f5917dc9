// What each error and self-correction tells (ADR 0121), coded while the child reads or afterwards: what the child
// said (typed, or picked from the word and its growing first letters, or its letters on Arabic passages), the cue
// categories of the institution's taxonomy, whether the word is a name, and the letter a short-vowel mark is on.
import { Trans, useLingui } from '@lingui/react/macro'
import { SELF_CORRECTION } from '../../../shared/reports/miscue-types'
import { lettersOf } from '../../../shared/reports/scoring-profile'
import type { CueCategory, MiscueType } from '../../../shared/schemas/scoring'
import { MAX_SAID_LENGTH } from '../../../shared/schemas/sitting'
import { cx } from '../ui/cx'
import { getLanguage } from '../../lib/i18n/language'
import type { CaptureMark, MarkDetails as Details } from './marking'
import { saidChoices } from './said-choices'

type Props = {
  marks: readonly CaptureMark[]
  words: readonly string[]
  types: readonly MiscueType[]
  cues: readonly CueCategory[]
  direction: 'ltr' | 'rtl'
  disabled: boolean
  onDescribe: (word: number, miscue: string, patch: Details) => void
}

export function MarkDetails({ marks, words, types, cues, direction, disabled, onDescribe }: Props) {
  const byCode = new Map(types.map((x) => [x.code, x]))
  const analysed = marks.filter((m) => m.self_corrected || m.miscue === SELF_CORRECTION || byCode.get(m.miscue)?.counts_as_error)
  if (analysed.length === 0) return null
  return (
    <section aria-labelledby="mark-details-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id="mark-details-title" className="text-base font-semibold text-slate-900"><Trans>What the child said, and the cues used</Trans></h3>
      <ul className="space-y-3">
        {analysed.map((m) => (
          <li key={`${m.word_index}:${m.miscue}`}>
            <MarkRow mark={m} word={words[m.word_index] ?? ''} type={byCode.get(m.miscue)} cues={cues} direction={direction} disabled={disabled}
              onDescribe={(patch) => onDescribe(m.word_index, m.miscue, patch)} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function MarkRow({ mark, word, type, cues, direction, disabled, onDescribe }: {
  mark: CaptureMark; word: string; type: MiscueType | undefined; cues: readonly CueCategory[]; direction: 'ltr' | 'rtl'; disabled: boolean
  onDescribe: (patch: Details) => void
}) {
  const { t } = useLingui()
  const arabic = getLanguage() === 'ar'
  const n = mark.word_index + 1
  const typeName = type ? (arabic ? type.arabic_display_name : type.display_name) : mark.miscue
  const id = `mark-${mark.word_index}-${mark.miscue}`
  const chosen = new Set(mark.cues ?? [])
  const toggleCue = (code: string) => {
    const next = chosen.has(code) ? [...chosen].filter((c) => c !== code) : [...chosen, code]
    onDescribe({ cues: next.length ? next : undefined })
  }
  const chip = (on: boolean) => cx(
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-medium ring-1 ring-inset',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    on ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
  )
  return (
    <fieldset className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" disabled={disabled} data-testid={`mark-details-${mark.word_index}`}>
      <legend className="px-1 text-sm font-medium text-slate-800">
        <Trans>Word {n}: <span dir={direction}>{word}</span> · {typeName}</Trans>
        {mark.self_corrected && <> · <Trans>self-corrected</Trans></>}
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-said`} className="text-sm text-slate-700"><Trans>What the child said</Trans></label>
        <input id={`${id}-said`} type="text" dir={direction} maxLength={MAX_SAID_LENGTH} value={mark.said ?? ''}
          onChange={(e) => onDescribe({ said: e.target.value === '' ? undefined : e.target.value })}
          className="min-h-11 w-44 rounded-lg border border-slate-300 px-3 text-base" />
        <div role="group" aria-label={t`Pick what the child said`} className="flex flex-wrap gap-1">
          {saidChoices(word, direction).map((choice) => (
            <button key={choice} type="button" dir={direction} className={chip(mark.said === choice)} aria-pressed={mark.said === choice}
              onClick={() => onDescribe({ said: choice })}>{choice}</button>
          ))}
        </div>
      </div>
      {cues.length > 0 && (
        <div role="group" aria-label={t`Cues used on word ${n}`} className="flex flex-wrap gap-2">
          {cues.map((c) => (
            <button key={c.code} type="button" className={chip(chosen.has(c.code))} aria-pressed={chosen.has(c.code)} onClick={() => toggleCue(c.code)}>
              <span aria-hidden="true" className="font-semibold">{arabic ? c.arabic_short_name : c.short_name}</span>
              {arabic ? c.arabic_display_name : c.display_name}
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-5" checked={mark.proper_noun ?? false} onChange={(e) => onDescribe({ proper_noun: e.target.checked || undefined })} />
          <Trans>A name (proper noun)</Trans>
        </label>
        {type?.scoring_class && (
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Trans>On the letter</Trans>
            <select value={mark.letter_index ?? ''} className="min-h-11 rounded-lg border border-slate-300 px-2 text-base"
              onChange={(e) => onDescribe({ letter_index: e.target.value === '' ? undefined : Number(e.target.value) })}>
              <option value="">{t`The whole word`}</option>
              {lettersOf(word).map((letter, i) => <option key={i} value={i} dir={direction}>{`${i + 1}: ${letter}`}</option>)}
            </select>
          </label>
        )}
      </div>
    </fieldset>
  )
}
