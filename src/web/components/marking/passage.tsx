// The passage word by word, in its own direction and language, large enough to tap on a tablet (ADR 0090). Each
// word is a button carrying its marks in its name; one word is in the tab order at a time and the arrow keys move
// through the words in reading order (right to left in Arabic). Insertions are marked in the gap before a word;
// each further tap on the gap counts one more inserted word, up to INSERTION_MAX_WORDS, then clears it.
// The passage keeps its lines (ADR 0120): with the omission pen each line offers "skip line", one gesture for
// the whole line; the one-minute bracket shows after the word the child reached at one minute.
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { INSERTION, SELF_CORRECTION } from '../../../shared/reports/miscue-types'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { cx } from '../ui/cx'
import { getLanguage } from '../../lib/i18n/language'
import type { Marking } from './marking'
import { INSERTION_MAX_WORDS, marksOn, wordsReached } from './marking'

export function Passage({ words, lines = [], direction, marking, types, focus, onFocus, onWord, onGap, showGaps, disabled, bracket = null, onSkipLine = null }: {
  words: readonly string[]
  /** The passage's lines: each one's first word and length. */
  lines?: readonly { start: number; length: number }[]
  /** The word the one-minute bracket follows; null: none. */
  bracket?: number | null
  /** Skips the line a word is on (shown with the omission pen); null: not offered. */
  onSkipLine?: ((word: number) => void) | null
  direction: 'ltr' | 'rtl'
  marking: Marking
  types: readonly MiscueType[]
  focus: number
  onFocus: (word: number) => void
  onWord: (word: number) => void
  onGap: (word: number) => void
  showGaps: boolean
  disabled: boolean
}) {
  const { t } = useLingui()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const arabicUi = getLanguage() === 'ar'
  const byCode = new Map(types.map((x) => [x.code, x]))
  const name = (code: string) => {
    const type = byCode.get(code)
    return type ? (arabicUi ? type.arabic_display_name : type.display_name) : code
  }
  const reached = wordsReached(marking, words.length)
  const lineAt = new Map(lines.map((line, index) => [line.start, index + 1]))
  const next = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
  const previous = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft'

  function move(to: number) {
    const target = Math.max(0, Math.min(words.length - 1, to))
    onFocus(target)
    buttons.current[target]?.focus()
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const moves: Record<string, number> = { [next]: focus + 1, [previous]: focus - 1, ArrowDown: focus + 10, ArrowUp: focus - 10, Home: 0, End: words.length - 1 }
    if (event.key in moves) {
      event.preventDefault()
      move(moves[event.key]!)
    }
  }

  return (
    <div role="group" aria-label={t`Passage, word by word`} aria-describedby="passage-help" onKeyDown={onKeyDown}
      dir={direction} lang={direction === 'rtl' ? 'ar' : 'en'} data-testid="passage"
      className="rounded-xl bg-white p-4 text-2xl leading-loose shadow-sm ring-1 ring-slate-200 sm:p-6 sm:text-3xl">
      <p id="passage-help" className="sr-only">
        <Trans>Tap or press Enter on a word to mark it with the chosen miscue type. Arrow keys move between words.</Trans>
      </p>
      {words.map((word, i) => {
        const marks = marksOn(marking, i)
        const insertion = marks.find((m) => m.miscue === INSERTION)
        const onWordMarks = marks.filter((m) => m.miscue !== INSERTION)
        const error = onWordMarks.find((m) => byCode.get(m.miscue)?.counts_as_error)
        const colour = byCode.get((error ?? onWordMarks[0])?.miscue ?? '')?.color_code
        const last = marking.lastWord === i
        const beyond = i >= reached
        const labels = onWordMarks.map((m) => {
          const type = name(m.miscue)
          return m.self_corrected ? t`${type}, self-corrected` : type
        })
        const bracketed = bracket === i
        const spoken = [...labels, ...(last ? [t`last word read`] : []), ...(bracketed ? [t`reached at one minute`] : []), ...(beyond ? [t`not reached`] : [])]
        const n = i + 1
        const inserted = insertion?.words ?? 1
        const line = lineAt.get(i)
        return (
          <Fragment key={i}>
            {line !== undefined && i > 0 && <br />}
            {line !== undefined && onSkipLine && (
              <button type="button" tabIndex={-1} disabled={disabled} onClick={() => onSkipLine(i)} data-testid={`skip-line-${line}`}
                className="me-1 inline-flex min-h-11 items-center rounded-md px-2 align-middle text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100">
                <Trans>Skip line {line}</Trans>
              </button>
            )}
            {(showGaps || insertion) && (
              <button type="button" tabIndex={-1} disabled={disabled} onClick={() => onGap(i)} data-testid={`gap-${i}`}
                aria-label={!insertion ? t`Mark an insertion before word ${n}`
                  : inserted === 1 ? t`Insertion of one word before word ${n}: tap for one more`
                  : inserted < INSERTION_MAX_WORDS ? t`Insertion of ${inserted} words before word ${n}: tap for one more`
                  : t`Insertion of ${inserted} words before word ${n}: remove`}
                aria-pressed={Boolean(insertion)}
                className={cx('mx-0.5 inline-flex min-h-11 min-w-7 items-center justify-center rounded align-middle text-base font-bold',
                  insertion ? 'text-white' : 'text-slate-400 ring-1 ring-dashed ring-slate-300 hover:bg-slate-100')}
                style={insertion ? { backgroundColor: byCode.get(INSERTION)?.color_code ?? '#E69F00' } : undefined}>
                ‸{insertion && inserted > 1 && <span className="tabular-nums">{inserted}</span>}
              </button>
            )}
            <button ref={(el) => { buttons.current[i] = el }} type="button" tabIndex={i === focus ? 0 : -1} disabled={disabled}
              onClick={() => { onFocus(i); onWord(i) }} onFocus={() => onFocus(i)} data-testid={`word-${i}`}
              data-marks={onWordMarks.map((m) => m.miscue + (m.self_corrected ? '+sc' : '')).join(' ') || undefined}
              className={cx('mx-0.5 my-1 inline-flex min-h-11 flex-col items-center rounded-md px-1.5 align-top transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                // A word reached from the keyboard scrolls into view below the sticky top bar and timer bar.
                'scroll-mt-48',
                !disabled && 'hover:bg-slate-100', beyond ? 'text-slate-500' : 'text-slate-900', last && 'ring-2 ring-slate-800')}
              style={colour ? { backgroundColor: `${colour}2e`, boxShadow: `inset 0 -4px 0 ${colour}` } : undefined}>
              <span>{word}</span>
              {(labels.length > 0 || last) && (
                <span className="pb-1 text-[0.7rem] font-medium leading-tight text-slate-700" aria-hidden="true" lang={arabicUi ? 'ar' : 'en'} dir="auto">
                  {[...onWordMarks.map((m) => (m.self_corrected || m.miscue === SELF_CORRECTION ? `${name(m.miscue)} ✓` : name(m.miscue))), ...(last ? [t`Last word`] : [])].join(' · ')}
                </span>
              )}
              {spoken.length > 0 && <span className="sr-only">{`, ${spoken.join(', ')}`}</span>}
            </button>
            {bracketed && <span aria-hidden="true" className="mx-0.5 font-bold text-brand-700" data-testid="bracket">]</span>}
          </Fragment>
        )
      })}
    </div>
  )
}
