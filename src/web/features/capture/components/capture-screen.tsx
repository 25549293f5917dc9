// Capturing one sitting (issue 14, ADR 0090): the timer and recorder, the miscue "pen", the passage word by word,
// the live figures from the shared calculation, notes, then the last word read, listening again and saving.
// A saved sitting shows where it stands (saved on this device, sending, synced, or what the server refused).
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { KeyboardEvent } from 'react'
import { passageLines } from '../../../../shared/reports/figures'
import { INSERTION } from '../../../../shared/reports/miscue-types'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { AlertIcon } from '../../../components/ui/icons'
import type { MiscueDb } from '../../../lib/db/db'
import { getLanguage } from '../../../lib/i18n/language'
import { showToast } from '../../../lib/notify/toasts'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { updateCapture } from '../capture-store'
import { captureFigures, captureKind, comprehensionScored, passageOf } from '../sitting-body'
import { clockText } from '../timer'
import type { CaptureRow } from '../use-captures'
import { useCaptureSession } from '../use-capture-session'
import { CaptureStateBadge } from './capture-state-badge'
import { SpaceWarning, StoreFailedNote } from './device-space-notes'
import { ComprehensionStep } from './comprehension-step'
import { LiveFigures } from './live-figures'
import { MarkingBoard } from '../../../components/marking/marking-board'
import { BRACKET_PEN, LAST_WORD_PEN } from '../../../components/marking/miscue-palette'
import { RecordingPlayer } from './recording-player'
import { ShortcutsHelp } from './shortcuts-help'
import { DiscontinueControl, HesitationControl } from './timing-controls'

const TEXT_ENTRY = new Set(['TEXTAREA', 'SELECT'])

type ScreenProps = {
  db: MiscueDb
  row: CaptureRow
  onDone: () => void
  onReport: (studentId: number, sittingId: number) => void
}

export function CaptureScreen(props: ScreenProps) {
  const editable = props.row.state === 'in-progress' || props.row.item?.status === 'rejected'
  // A sitting that becomes editable again (sent again, refused) gets a session of its own.
  return <CaptureView key={String(editable)} {...props} editable={editable} />
}

function CaptureView({ db, row, onDone, onReport, editable }: ScreenProps & { editable: boolean }) {
  const { t } = useLingui()
  const outbox = useOutbox()
  const online = useOnline()
  const rejected = row.item?.status === 'rejected'
  const s = useCaptureSession(db, outbox, row.record)
  const { session, record, marking } = s
  const arabicUi = getLanguage() === 'ar'
  const words = passageOf(record)
  const lines = passageLines(record.assessment.content)
  const [chosenPen, setChosenPen] = useState<string | null>(null)
  const [focus, setFocus] = useState(0)
  const [confirm, setConfirm] = useState<'discard' | 'too-large' | 'not-stored' | null>(null)
  const [saving, setSaving] = useState(false)
  const phase = record.phase
  const firstError = record.types.find((x) => x.counts_as_error && x.code !== INSERTION)?.code ?? record.types[0]?.code ?? ''
  const rules = record.profile.rules
  const pen = chosenPen ?? (s.bracketDue ? BRACKET_PEN : phase === 'finished' && marking.lastWord === null ? LAST_WORD_PEN : firstError)
  const typeOf = (code: string) => record.types.find((x) => x.code === code)
  const typeName = (code: string) => {
    const type = typeOf(code)
    return type ? (arabicUi ? type.arabic_display_name : type.display_name) : code
  }
  const figures = captureFigures({ ...record, marks: [...marking.marks], lastWord: marking.lastWord }, s.elapsedMs)
  const name = arabicUi && record.studentArabicName ? record.studentArabicName : record.studentName
  const limit = record.assessment.duration_seconds
  // Untimed passages (the usual running record) have no limit: they can always carry on.
  const timeLeft = limit === 0 || s.elapsedMs < limit * 1000
  const step = record.assessment.comprehension ?? null
  // A question set is scored by its answers: it waits for every one.
  const answersMissing = captureKind(record) === 'question_set' && !comprehensionScored(record)
  const canSave = editable && phase === 'finished' && marking.lastWord !== null && !answersMissing && !saving
  const hasAudio = record.audio.bytes > 0
  // A full device: the recording cannot be copied for sending, but the sitting can go without it.
  const offerWithoutAudio = hasAudio && (s.storage.failing || s.recorderStatus === 'failed')

  function onWord(word: number) {
    if (!editable) return
    if (s.cue?.state === 'tell') {
      session.tellAfterHesitation(word)
      return
    }
    if (pen === BRACKET_PEN) {
      session.bracket(word)
      setChosenPen(null)
      return
    }
    if (pen === LAST_WORD_PEN) {
      session.lastWord(marking.lastWord === word ? null : word)
      setChosenPen(null)
      return
    }
    const type = typeOf(pen)
    if (type) session.apply(word, type, typeName(pen))
  }

  function stop() {
    session.finish()
    setChosenPen(null)
  }

  async function save(withAudio: boolean) {
    setSaving(true)
    const outcome = await session.save(withAudio)
    setSaving(false)
    if (outcome === 'too-large') {
      setConfirm('too-large')
      return
    }
    if (outcome === 'failed' && withAudio && hasAudio) {
      setConfirm('not-stored')
      return
    }
    if (outcome === 'failed') {
      showToast('error', t`The sitting could not be saved on this device. Free some space and try again.`)
      return
    }
    showToast('success', online ? t`Sitting saved. It is being sent to the server.` : t`Sitting saved on this device. It will be sent when you are back online.`)
    onDone()
  }

  async function discard() {
    setConfirm(null)
    if (row.item) await outbox.discard(row.item.id)
    await session.discard()
    showToast('info', t`The sitting was discarded.`)
    onDone()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement
    if (TEXT_ENTRY.has(target.tagName) || (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text') || event.altKey) return
    const key = event.key.toLowerCase()
    const mod = event.ctrlKey || event.metaKey
    if (mod && key === 'z') {
      event.preventDefault()
      if (event.shiftKey) session.redo()
      else session.undo()
      return
    }
    if (mod && key === 'y') {
      event.preventDefault()
      session.redo()
      return
    }
    if (mod || !editable) return
    const pens = [...record.types.map((x) => x.code), LAST_WORD_PEN]
    const handled = (() => {
      if (/^[1-9]$/.test(key) && record.types[Number(key) - 1]) setChosenPen(record.types[Number(key) - 1]!.code)
      else if (key === '[' || key === ']') setChosenPen(pens[(pens.indexOf(pen) + (key === ']' ? 1 : pens.length - 1)) % pens.length]!)
      else if (key === 'c') session.selfCorrection(focus)
      else if (key === 'i') session.insertion(focus)
      else if (key === 'x') session.cycle(focus)
      else if (key === 'l') session.lastWord(marking.lastWord === focus ? null : focus)
      else if (key === 'b' && rules.one_minute_bracket) session.bracket(focus)
      else if (key === 'h' && rules.hesitation_cue && s.running) session.hesitation()
      else if (key === 'k') session.skipLine(focus)
      else if (key === 'p' && s.running) session.pause()
      else if (key === 'p') session.begin()
      else if (key === 's' && (s.running || phase === 'paused')) stop()
      else return false
      return true
    })()
    if (handled) event.preventDefault()
  }

  return (
    <div className="space-y-4" onKeyDown={onKeyDown}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{name}</h2>
          <p className="text-sm text-slate-600">
            {record.className} · <span dir="auto">{record.assessment.title}</span>
          </p>
        </div>
        <div className="flex items-center gap-3">
          <CaptureStateBadge state={row.state} />
          <Button variant="secondary" onClick={onDone}><Trans>All sittings</Trans></Button>
        </div>
      </header>

      <p role="status" aria-live="polite" className="sr-only" data-testid="capture-announcement">{s.announcement}</p>

      {editable && s.storage.failing && (
        <StoreFailedNote kept={s.storage} onRetry={() => session.retryStore()} onSaveWithoutAudio={canSave ? () => void save(false) : null} />
      )}
      {editable && record.recordAudio && phase !== 'finished' && s.recorderStatus !== 'failed' && (
        <SpaceWarning reading={{ limitSeconds: limit, elapsedMs: s.elapsedMs, recordedBytes: record.audio.bytes }} />
      )}

      {rejected && row.item && (
        <div role="alert" className="space-y-1 rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
          <p className="flex items-center gap-2 font-medium"><AlertIcon className="size-5" /><Trans>The server refused this sitting. Correct it and save again, or discard it.</Trans></p>
          <ul className="list-disc ps-6">{rejectionMessages(row.item).map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
      )}
      {row.state === 'attention' && !rejected && row.item?.held && (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <Trans>This sitting waits in the sync queue: open the sync panel (the cloud at the top) to decide what to do with it.</Trans>
        </p>
      )}
      {row.state === 'attention' && !row.item && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <Trans>This sitting was removed from the sync queue before it reached the server.</Trans>
          <Button size="sm" variant="secondary" onClick={() => void updateCapture(db, record.id, record.owner, { phase: 'finished' })}><Trans>Send it again</Trans></Button>
        </div>
      )}
      {(row.state === 'saved' || row.state === 'sending') && (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          {row.state === 'sending' ? <Trans>Sending this sitting to the server…</Trans> : <Trans>Saved on this device. It will be sent when you are online.</Trans>}
        </p>
      )}
      {row.state === 'synced' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <Trans>This sitting is on the server.</Trans>
          {row.record.serverId !== undefined && (
            <Button size="sm" variant="secondary" onClick={() => onReport(record.studentId, row.record.serverId!)}><Trans>View report</Trans></Button>
          )}
        </div>
      )}

      {editable && (
        // Stays in reach below the top bar while the teacher scrolls through the palette and the passage (phones).
        <section aria-label={t`Timer and recording`} data-testid="timer-bar"
          className="sticky top-16 z-10 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white/95 p-2 shadow-sm ring-1 ring-slate-200 backdrop-blur sm:p-4">
          <div role="timer" aria-label={t`Reading time`} className="text-2xl font-semibold tabular-nums text-slate-900 sm:text-3xl" dir="ltr" data-testid="clock">
            {clockText(s.elapsedMs)}{limit > 0 && <span className="text-base font-normal text-slate-500"> / {clockText(limit * 1000)}</span>}
          </div>
          <div className="flex flex-wrap gap-2">
            {phase === 'ready' && <Button onClick={() => session.begin()} className="min-h-11 px-6 text-base"><Trans>Start reading</Trans></Button>}
            {s.running && <Button variant="secondary" onClick={() => session.pause()} className="min-h-11"><Trans>Pause</Trans></Button>}
            {!s.running && (phase === 'paused' || phase === 'finished') && timeLeft && (
              <Button variant="secondary" onClick={() => session.begin()} className="min-h-11"><Trans>Carry on reading</Trans></Button>
            )}
            {(s.running || phase === 'paused') && <Button variant="danger" onClick={stop} className="min-h-11"><Trans>Stop</Trans></Button>}
            {rules.discontinue_first_line && !record.discontinued && (
              <DiscontinueControl discontinued={false} canStop={s.running || phase === 'paused'} onDiscontinue={() => session.discontinue()} onUndo={() => session.undoDiscontinue()} />
            )}
          </div>
          {rules.hesitation_cue && s.running && <HesitationControl cue={s.cue} onToggle={() => session.hesitation()} />}
          <RecorderState status={s.recorderStatus} wanted={record.recordAudio && phase !== 'finished'} />
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-4">
          <MarkingBoard words={words} lines={lines} direction={record.assessment.direction} marking={marking} types={record.types} cues={record.cueCategories ?? []}
            editable={editable} pen={pen} onPen={setChosenPen} withBracket={rules.one_minute_bracket} bracket={rules.one_minute_bracket ? (record.bracketWord ?? null) : null}
            focus={focus} onFocus={setFocus} onWord={onWord} onGap={(word) => session.insertion(word)} onSkipLine={(word) => session.skipLine(word)}
            onDescribe={(word, miscue, patch) => session.describe(word, miscue, patch)}
            canUndo={s.canUndo} canRedo={s.canRedo} onUndo={() => session.undo()} onRedo={() => session.redo()}
            notices={<>
              {editable && record.discontinued && (
                <DiscontinueControl discontinued canStop={false} onDiscontinue={() => session.discontinue()} onUndo={() => session.undoDiscontinue()} />
              )}
              {editable && s.bracketDue && (
                <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200" data-testid="bracket-due">
                  <Trans>One minute: touch the word the child has reached. Words correct per minute count up to it; the child reads on for accuracy.</Trans>
                </p>
              )}
              {editable && phase === 'finished' && marking.lastWord === null && (
                <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
                  <Trans>Tap the last word the student read (or press L on it), or choose “Read to the end”.</Trans>{' '}
                  <button type="button" className="font-medium underline" onClick={() => session.lastWord(words.length - 1)}><Trans>Read to the end</Trans></button>
                </p>
              )}
            </>} />
        </div>
        <aside className="space-y-4">
          <LiveFigures figures={figures} kind={captureKind(record)} reached={marking.lastWord !== null} answered={comprehensionScored(record)}
            profileName={arabicUi ? record.profile.arabic_display_name : record.profile.display_name} />
          {(record.audio.bytes > 0 || (record.phase === 'saved' && row.item?.file)) && !s.running && (
            <section aria-label={t`Recording`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <RecordingPlayer db={db} record={record} />
            </section>
          )}
          {editable && <ShortcutsHelp direction={record.assessment.direction} rules={rules} />}
        </aside>
      </div>

      <div className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <label htmlFor="capture-notes" className="block text-sm font-medium text-slate-700"><Trans>Notes</Trans></label>
        <textarea id="capture-notes" defaultValue={record.notes} readOnly={!editable} rows={3} maxLength={5000}
          onBlur={(e) => session.setNotes(e.target.value)} onChange={(e) => session.setNotes(e.target.value)}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base" />
      </div>

      {step && (phase === 'finished' || phase === 'saved') && (
        <ComprehensionStep step={step} given={record.comprehension ?? []} editable={editable} onGive={(item, points) => session.setComprehension(item, points)} />
      )}

      {editable && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="danger" onClick={() => setConfirm('discard')} className="min-h-11"><Trans>Discard sitting</Trans></Button>
          <div className="flex flex-wrap items-center gap-3">
            {!canSave && phase !== 'finished' && <span className="text-sm text-slate-500"><Trans>Stop the reading to save the sitting.</Trans></span>}
            {phase === 'finished' && marking.lastWord === null && <span className="text-sm text-slate-500"><Trans>Mark the last word read to save.</Trans></span>}
            {phase === 'finished' && answersMissing && <span className="text-sm text-slate-500"><Trans>Score every question to save.</Trans></span>}
            {offerWithoutAudio && (
              <Button variant="secondary" onClick={() => void save(false)} disabled={!canSave} className="min-h-11"><Trans>Save without audio</Trans></Button>
            )}
            <Button onClick={() => void save(true)} disabled={!canSave} className="min-h-11 px-6 text-base">
              {saving ? <Trans>Saving…</Trans> : <Trans>Save sitting</Trans>}
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog open={confirm === 'discard'} title={t`Discard this sitting?`} confirmLabel={t`Discard`}
        onClose={() => setConfirm(null)} onConfirm={() => void discard()}>
        <Trans>The marks, notes and recording of this sitting will be deleted from this device. This cannot be undone.</Trans>
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'too-large'} title={t`The recording is too large to send`} confirmLabel={t`Save without audio`} tone="primary"
        onClose={() => setConfirm(null)} onConfirm={() => { setConfirm(null); void save(false) }}>
        <Trans>The server takes recordings up to 20 MB. Save the sitting without its recording?</Trans>
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'not-stored'} title={t`The recording could not be stored for sending`} confirmLabel={t`Save without audio`} tone="primary"
        onClose={() => setConfirm(null)} onConfirm={() => { setConfirm(null); void save(false) }}>
        <Trans>Saving copies the recording, and the device has no space for it. Save the sitting without its recording? The marks, the time and the notes are kept.</Trans>
      </ConfirmDialog>
    </div>
  )
}

function RecorderState({ status, wanted }: { status: string; wanted: boolean }) {
  if (status === 'recording') return <span className="inline-flex items-center gap-2 text-sm font-medium text-rose-700" data-testid="recorder-state"><span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-rose-600" /><Trans>Recording</Trans></span>
  if (status === 'paused') return <span className="text-sm text-slate-600" data-testid="recorder-state"><Trans>Recording paused</Trans></span>
  if (status === 'refused') return <span className="text-sm text-amber-800" data-testid="recorder-state"><Trans>No microphone: not recording</Trans></span>
  if (status === 'lost') return <span className="text-sm text-rose-700" data-testid="recorder-state"><Trans>Microphone lost: not recording (the clock runs on)</Trans></span>
  if (status === 'failed') return <span className="text-sm text-rose-700" data-testid="recorder-state"><Trans>Recording stopped: the device is full</Trans></span>
  return <span className="text-sm text-slate-500" data-testid="recorder-state">{wanted ? <Trans>Recording starts with the reading</Trans> : <Trans>Not recording audio</Trans>}</span>
}
