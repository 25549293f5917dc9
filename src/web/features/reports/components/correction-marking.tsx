// Correcting the marks of a recorded sitting (ADR 0123) on the capture screen's marking board: every pen capture
// has (a self-correction, an insertion counted word by word in its gap, a skipped line) and what each error and
// self-correction tells (what the child said, the cues, a name, the letter). How far the child read stays as
// recorded: the words after it take no marks.
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { INSERTION } from '../../../../shared/reports/miscue-types'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import type { Sitting, SittingMarkInput } from '../../../../shared/schemas/sitting'
import { applyPen, countedMarks, describeMark, lineOf, markInput, markOfSitting, skipLine, stepInsertion, type Marking } from '../../../components/marking/marking'
import { MarkingBoard } from '../../../components/marking/marking-board'
import { useMarkingHistory } from '../../../components/marking/use-marking-history'

/** The sitting's marks to correct, on the words it reached (a correction cannot change how far the child read). */
const recorded = (sitting: Sitting): Marking => ({ marks: sitting.marks.map(markOfSitting), lastWord: sitting.total_attempted - 1 })

/** `onMarks` hears the marks to send, as the correction stands, each time they change. */
type Props = { sitting: Sitting; types: readonly MiscueType[]; onMarks: (marks: SittingMarkInput[]) => void }

export function CorrectionMarking({ sitting, types, onMarks }: Props) {
  const history = useMarkingHistory(() => recorded(sitting))
  useEffect(() => onMarks(countedMarks(history.marking, sitting.words.length).map(markInput)), [history.marking, sitting.words.length, onMarks])
  const [chosenPen, setPen] = useState<string | null>(null)
  const [focus, setFocus] = useState(0)
  const isError = (code: string) => types.find((t) => t.code === code)?.counts_as_error ?? false
  const pen = chosenPen ?? types.find((t) => t.counts_as_error && t.code !== INSERTION)?.code ?? types[0]?.code ?? ''
  const reached = (word: number) => word < sitting.total_attempted
  // A report kept on this device before the server answered these has neither.
  const lines = sitting.lines ?? []
  const cues = sitting.cue_categories ?? []

  function onWord(word: number) {
    const type = types.find((t) => t.code === pen)
    if (type && reached(word)) history.change((m) => applyPen(m, word, type, isError))
  }
  function onSkipLine(word: number) {
    const line = lineOf(lines, word)
    if (line && reached(line.start)) history.change((m) => skipLine(m, line.start, line.length, isError))
  }

  return (
    <MarkingBoard words={sitting.words} lines={lines} direction={sitting.direction} marking={history.marking} types={types} cues={cues}
      editable pen={pen} onPen={setPen} withLastWord={false} shortcuts={false} bracket={sitting.bracket_word}
      focus={focus} onFocus={setFocus} onWord={onWord} onGap={(word) => { if (reached(word)) history.change((m) => stepInsertion(m, word)) }} onSkipLine={onSkipLine}
      onDescribe={(word, miscue, patch) => history.change((m) => describeMark(m, word, miscue, patch))}
      canUndo={history.canUndo} canRedo={history.canRedo} onUndo={history.undo} onRedo={history.redo}
      notices={<p className="text-sm text-slate-700"><Trans>Pick a miscue type, then tap a word to mark it or to take the mark away.</Trans></p>} />
  )
}
