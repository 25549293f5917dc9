// Marking a passage (ADR 0090, 0121), the same on the capture screen and on the correction screen (ADR 0123): the
// pen, undo and redo, the passage word by word with its insertion gaps and skipped lines, and what each error and
// self-correction tells (what the child said, the cues, a name, the letter). The state is the pure `Marking`
// (marking.ts); the screen that holds it decides what a tap does and keeps the history.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { INSERTION, SELF_CORRECTION } from '../../../shared/reports/miscue-types'
import type { CueCategory, MiscueType } from '../../../shared/schemas/scoring'
import { Button } from '../ui/button'
import { MarkDetails } from './mark-details'
import type { MarkDetails as Details, Marking } from './marking'
import { OMISSION } from './marking'
import { MiscuePalette } from './miscue-palette'
import { Passage } from './passage'

export type MarkingBoardProps = {
  words: readonly string[]
  lines?: readonly { start: number; length: number }[]
  direction: 'ltr' | 'rtl'
  marking: Marking
  types: readonly MiscueType[]
  cues: readonly CueCategory[]
  /** False: the marks are shown, nothing can be changed. */
  editable: boolean
  pen: string
  onPen: (code: string) => void
  /** Pens beyond the miscue types: the last word read (capture), the one-minute bracket. */
  withLastWord?: boolean
  withBracket?: boolean
  /** Whether the screen has the keyboard shortcuts the pens show (capture's). */
  shortcuts?: boolean
  /** The word the one-minute bracket follows; null: none. */
  bracket?: number | null
  focus: number
  onFocus: (word: number) => void
  onWord: (word: number) => void
  onGap: (word: number) => void
  onSkipLine?: (word: number) => void
  onDescribe: (word: number, miscue: string, patch: Details) => void
  canUndo: boolean
  canRedo: boolean
  onUndo: () => void
  onRedo: () => void
  /** Shown between the pen and the passage (what the screen asks for now). */
  notices?: ReactNode
}

export function MarkingBoard(p: MarkingBoardProps) {
  return (
    <div className="space-y-4">
      {p.editable && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <MiscuePalette types={p.types} pen={p.pen} onPen={p.onPen} disabled={!p.editable} withBracket={p.withBracket} withLastWord={p.withLastWord} shortcuts={p.shortcuts} />
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={p.onUndo} disabled={!p.canUndo} className="min-h-11"><Trans>Undo</Trans></Button>
            <Button variant="secondary" size="sm" onClick={p.onRedo} disabled={!p.canRedo} className="min-h-11"><Trans>Redo</Trans></Button>
          </div>
        </div>
      )}
      {p.notices}
      <Passage words={p.words} lines={p.lines} direction={p.direction} marking={p.marking} types={p.types} focus={p.focus} onFocus={p.onFocus}
        onWord={p.onWord} onGap={p.onGap} showGaps={p.editable && p.pen === INSERTION} disabled={!p.editable} bracket={p.bracket ?? null}
        onSkipLine={p.editable && p.pen === OMISSION && p.onSkipLine ? p.onSkipLine : null} />
      {p.editable && p.pen === SELF_CORRECTION && (
        <p className="text-sm text-slate-600"><Trans>Self-correction: tap a word marked with an error to mark it corrected, or any other word to note a self-correction.</Trans></p>
      )}
      <MarkDetails marks={p.marking.marks} words={p.words} types={p.types} cues={p.cues} direction={p.direction} disabled={!p.editable} onDescribe={p.onDescribe} />
    </div>
  )
}
