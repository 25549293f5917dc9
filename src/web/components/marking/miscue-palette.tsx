// The "pen": which miscue type a tap on a word marks, from the institution's taxonomy with its colours (and the
// name, so colour is never the only cue), plus "last word read" where the words reached can change. Radio buttons: arrow keys move between them;
// on the capture screen the number keys pick one directly.
import { Trans, useLingui } from '@lingui/react/macro'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { cx } from '../ui/cx'
import { FlagIcon } from '../ui/icons'
import { getLanguage } from '../../lib/i18n/language'

/** The pen value that marks the last word read instead of a miscue. */
export const LAST_WORD_PEN = '__last_word'
/** The pen value that puts the one-minute bracket after a word (profiles with the bracket, ADR 0120). */
export const BRACKET_PEN = '__bracket'

export function MiscuePalette({ types, pen, onPen, disabled, withBracket = false, withLastWord = true, shortcuts = true }: {
  types: readonly MiscueType[]; pen: string; onPen: (code: string) => void; disabled: boolean; withBracket?: boolean; withLastWord?: boolean; shortcuts?: boolean
}) {
  const { t } = useLingui()
  const arabic = getLanguage() === 'ar'
  const chip = (checked: boolean) => cx(
    'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset',
    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
    checked ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
    disabled && 'cursor-not-allowed opacity-60',
  )
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700"><Trans>Mark with</Trans></legend>
      <div className="flex flex-wrap gap-2">
        {types.map((type, i) => {
          const label = arabic ? type.arabic_display_name : type.display_name
          return (
            <label key={type.code} className={chip(pen === type.code)}>
              <input type="radio" name="pen" value={type.code} checked={pen === type.code} onChange={() => onPen(type.code)} className="sr-only" />
              <span aria-hidden="true" className="inline-block size-3.5 rounded-full ring-1 ring-black/20" style={{ backgroundColor: type.color_code }} />
              {label}
              {!type.counts_as_error && <span className="sr-only">{t`(not an error)`}</span>}
              {shortcuts && i < 9 && <kbd aria-hidden="true" className="rounded bg-black/10 px-1 text-xs">{i + 1}</kbd>}
            </label>
          )
        })}
        {withLastWord && (
          <label className={chip(pen === LAST_WORD_PEN)}>
            <input type="radio" name="pen" value={LAST_WORD_PEN} checked={pen === LAST_WORD_PEN} onChange={() => onPen(LAST_WORD_PEN)} className="sr-only" />
            <FlagIcon className="size-4 rtl:-scale-x-100" />
            <Trans>Last word read</Trans>
            {shortcuts && <kbd aria-hidden="true" className="rounded bg-black/10 px-1 text-xs">L</kbd>}
          </label>
        )}
        {withBracket && (
          <label className={chip(pen === BRACKET_PEN)}>
            <input type="radio" name="pen" value={BRACKET_PEN} checked={pen === BRACKET_PEN} onChange={() => onPen(BRACKET_PEN)} className="sr-only" />
            <span aria-hidden="true" className="font-bold">]</span>
            <Trans>Word reached at one minute</Trans>
            {shortcuts && <kbd aria-hidden="true" className="rounded bg-black/10 px-1 text-xs">B</kbd>}
          </label>
        )}
      </div>
    </fieldset>
  )
}
