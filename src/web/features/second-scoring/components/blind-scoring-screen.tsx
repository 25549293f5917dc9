// Scoring a synced sitting a second time, blind, from its recording (issue 27, ADR 0128): the passage word by
// word and the audio, marked on the shared marking board (capture's pen, passage and mark details); the first
// scorer's marks and figures are never shown (the blind view does not carry them). Saving sends the whole list
// of marks; the route decides where the save goes (the outbox) and what follows.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { KeyboardEvent } from 'react'
import { INSERTION } from '../../../../shared/reports/miscue-types'
import { passageLanguage } from '../../../../shared/reports/scoring-profile'
import type { BlindSitting } from '../../../../shared/schemas/second-scoring'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import type { SittingMarkInput } from '../../../../shared/schemas/sitting'
import { MarkingBoard } from '../../../components/marking/marking-board'
import {
  applyPen, commit, cycleError, describeMark, markInput, redo, skipLine, startHistory, stepInsertion, toggleSelfCorrection, undo,
  type CaptureMark, type History, type Marking,
} from '../../../components/marking/marking'
import { SignedInAudio } from '../../../components/media/signed-in-audio'
import { Button } from '../../../components/ui/button'

const TEXT_ENTRY = new Set(['TEXTAREA', 'SELECT'])

/** Where the scorer's marks stand: not saved yet, saved on this device waiting to be sent, or on the server. */
export type BlindSaveState = 'unsaved' | 'queued' | 'saved'

export function BlindScoringScreen({ blind, types, start, saveState, saving, errors, onSave }: {
  blind: BlindSitting
  /** The institution's miscue types (the palette keeps the active ones of the passage's language). */
  types: readonly MiscueType[]
  /** The marks to carry on from (startMarks). */
  start: readonly CaptureMark[]
  saveState: BlindSaveState
  saving: boolean
  errors: readonly string[]
  onSave: (marks: SittingMarkInput[]) => void
}) {
  const { t } = useLingui()
  const language = passageLanguage(blind.direction)
  const palette = types.filter((x) => x.active && (x.language === null || x.language === language))
  const [history, setHistory] = useState<History>(() => startHistory({ marks: [...start], lastWord: null }))
  const [chosenPen, setChosenPen] = useState<string | null>(null)
  const [focus, setFocus] = useState(0)
  const marking = history.present
  const words = blind.words
  const firstError = palette.find((x) => x.counts_as_error && x.code !== INSERTION)?.code ?? palette[0]?.code ?? ''
  const pen = chosenPen ?? firstError
  const isError = (code: string) => Boolean(palette.find((x) => x.code === code)?.counts_as_error)
  const change = (next: (m: Marking) => Marking) => setHistory((h) => commit(h, next(h.present)))
  const lineOf = (word: number) => {
    const line = blind.lines.find((l) => word >= l.start && word < l.start + l.length)
    return line ?? { start: word, length: 1 }
  }
  const skip = (word: number) => {
    const line = lineOf(word)
    change((m) => skipLine(m, line.start, line.length, isError))
  }

  function onWord(word: number) {
    const type = palette.find((x) => x.code === pen)
    if (type) change((m) => applyPen(m, word, type, isError))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement
    if (TEXT_ENTRY.has(target.tagName) || target.tagName === 'INPUT' || target.tagName === 'AUDIO' || event.altKey) return
    const key = event.key.toLowerCase()
    const mod = event.ctrlKey || event.metaKey
    if (mod && (key === 'z' || key === 'y')) {
      event.preventDefault()
      setHistory((h) => (key === 'y' || event.shiftKey ? redo(h) : undo(h)))
      return
    }
    if (mod) return
    const handled = (() => {
      if (/^[1-9]$/.test(key) && palette[Number(key) - 1]) setChosenPen(palette[Number(key) - 1]!.code)
      else if (key === 'c') change((m) => toggleSelfCorrection(m, focus, isError))
      else if (key === 'i') change((m) => stepInsertion(m, focus))
      else if (key === 'x') change((m) => cycleError(m, focus, palette.filter((x) => x.counts_as_error && x.code !== INSERTION).map((x) => x.code), isError))
      else if (key === 'k') skip(focus)
      else return false
      return true
    })()
    if (handled) event.preventDefault()
  }

  return (
    <div className="space-y-4" onKeyDown={onKeyDown}>
      <header className="space-y-1">
        <h2 className="text-xl font-semibold text-slate-900">{blind.student_name}</h2>
        <p className="text-sm text-slate-600"><span dir="auto">{blind.assessment_name}</span></p>
        <p className="text-sm text-slate-700">
          <Trans>Listen to the recording and mark what you hear. The first scorer's marks and figures stay hidden until you have saved yours.</Trans>
        </p>
      </header>

      <section aria-labelledby="blind-audio" className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h3 id="blind-audio" className="text-base font-semibold text-slate-900"><Trans>Recording</Trans></h3>
        {blind.audio_url
          ? <SignedInAudio path={blind.audio_url} label={t`Recording of this sitting`} />
          : <p className="text-sm text-amber-800"><Trans>This reading has no recording on the server.</Trans></p>}
      </section>

      <MarkingBoard words={words} lines={blind.lines} direction={blind.direction} marking={marking} types={palette} cues={blind.cue_categories}
        editable pen={pen} onPen={setChosenPen} withLastWord={false} focus={focus} onFocus={setFocus} onWord={onWord}
        onGap={(word) => change((m) => stepInsertion(m, word))} onSkipLine={skip} onDescribe={(word, miscue, patch) => change((m) => describeMark(m, word, miscue, patch))}
        canUndo={history.past.length > 0} canRedo={history.future.length > 0} onUndo={() => setHistory(undo)} onRedo={() => setHistory(redo)} />

      {errors.length > 0 && (
        <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
          <ul className="list-disc ps-6">{errors.map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p role="status" className="text-sm text-slate-600" data-testid="blind-save-state">
          {saveState === 'queued' && <Trans>Your scoring is saved on this device. It will be sent when you are back online.</Trans>}
          {saveState === 'saved' && <Trans>Your scoring is saved. Saving again replaces it.</Trans>}
        </p>
        <Button onClick={() => onSave(marking.marks.map(markInput))} disabled={saving || palette.length === 0} className="min-h-11 px-6 text-base">
          {saving ? <Trans>Saving…</Trans> : <Trans>Save my scoring</Trans>}
        </Button>
      </div>
    </div>
  )
}

