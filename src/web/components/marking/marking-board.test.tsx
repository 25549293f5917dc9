// The one marking board, as the capture screen uses it (last word read, the one-minute bracket, keyboard hints) and
// as the correction screen uses it (none of those): the same pens and taps give the same marks, each described the
// same way (what the child said, cues, a name).
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_CUE_CATEGORIES } from '../../../shared/reports/cue-categories'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import { renderWithI18n } from '../../test-utils'
import { applyPen, describeMark, stepInsertion, type Marking } from './marking'
import { MarkingBoard } from './marking-board'
import { useMarkingHistory } from './use-marking-history'

const TYPES = DEFAULT_MISCUE_TYPES.map((t, i) => ({ ...t, id: i + 1, language: t.language ?? null, scoring_class: t.scoring_class ?? null, active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z' }))
const CUES = DEFAULT_CUE_CATEGORIES.map((c, i) => ({ ...c, id: i + 1 })).filter((c) => c.language === null)
const WORDS = ['Tom', 'and', 'his', 'dog']
const isError = (code: string) => TYPES.find((t) => t.code === code)?.counts_as_error ?? false

let shown: Marking | null = null

function Board({ use }: { use: 'capture' | 'correction' }) {
  const history = useMarkingHistory(() => ({ marks: [], lastWord: null }))
  const [pen, setPen] = useState('substitution')
  const [focus, setFocus] = useState(0)
  shown = history.marking
  const capture = use === 'capture'
  return (
    <MarkingBoard words={WORDS} direction="ltr" marking={history.marking} types={TYPES} cues={CUES} editable pen={pen} onPen={setPen}
      withLastWord={capture} withBracket={capture} shortcuts={capture} focus={focus} onFocus={setFocus}
      onWord={(word) => history.change((m) => applyPen(m, word, TYPES.find((t) => t.code === pen)!, isError))}
      onGap={(word) => history.change((m) => stepInsertion(m, word))}
      onDescribe={(word, miscue, patch) => history.change((m) => describeMark(m, word, miscue, patch))}
      canUndo={history.canUndo} canRedo={history.canRedo} onUndo={history.undo} onRedo={history.redo} />
  )
}

afterEach(() => {
  cleanup()
  shown = null
})

describe('the marking board in its two uses', () => {
  it.each(['capture', 'correction'] as const)('%s: marks and describes a substitution, counts two inserted words, and undoes', async (use) => {
    const user = userEvent.setup()
    renderWithI18n(<Board use={use} />)
    expect(screen.queryAllByRole('radio', { name: 'Last word read' })).toHaveLength(use === 'capture' ? 1 : 0)
    expect(screen.queryAllByRole('radio', { name: 'Word reached at one minute' })).toHaveLength(use === 'capture' ? 1 : 0)
    expect(screen.getByRole('group', { name: 'Mark with' }).querySelectorAll('kbd').length > 0).toBe(use === 'capture')

    await user.click(screen.getByTestId('word-3'))
    const dog = within(screen.getByTestId('mark-details-3'))
    await user.click(dog.getByRole('button', { name: 'do' }))
    await user.click(dog.getByRole('button', { name: /Visual/ }))
    await user.click(dog.getByRole('checkbox', { name: 'A name (proper noun)' }))
    await user.click(screen.getByRole('radio', { name: 'Insertion' }))
    await user.click(screen.getByRole('button', { name: 'Mark an insertion before word 2' }))
    await user.click(screen.getByTestId('gap-1'))
    expect(shown!.marks).toEqual([
      { word_index: 1, miscue: 'insertion', self_corrected: false, words: 2 },
      { word_index: 3, miscue: 'substitution', self_corrected: false, said: 'do', cues: ['visual'], proper_noun: true },
    ])
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(shown!.marks.find((m) => m.miscue === 'insertion')?.words ?? 1).toBe(1)
  })
})
