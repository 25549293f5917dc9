// The running capture (ADR 0090), outside React so its rules are plain code: marks with undo and redo, the
// timer with its limit, the recorder, the notes, saving. Every change is written to the device at once, one write
// at a time (changes made meanwhile go together in the next); while the timer runs its time is written every
// second. A reload or a closed tab leaves the sitting paused where it was stored. Screens read `snapshot()`
// through useSyncExternalStore.
// Timing that stays valid on a tablet (ADR 0120): the clock is timestamps and only the teacher's Pause or Stop
// stops it; a hidden page (a tablet asleep) or a lost microphone is kept as a gap with the sitting; the screen is
// kept on while the clock runs; the one-minute bracket, the discontinue rule and the hesitation cue follow the
// profile's rules.
// A full device (ADR 0117): once a write fails the recorder stops, nothing more is written every second, the
// screen keeps the whole sitting in memory and says which marks the device holds, and the marks are tried again
// every STORE_RETRY_MS (or when the teacher asks); the sitting can be saved without its recording.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { passageLines } from '../../../shared/reports/figures'
import { INSERTION } from '../../../shared/reports/miscue-types'
import { BRACKET_SECONDS, HESITATION_SECONDS } from '../../../shared/reports/scoring-profile'
import type { GapReason, ReadingGap } from '../../../shared/schemas/sitting'
import type { MiscueDb } from '../../lib/db/db'
import type { OutboxApi as Outbox } from '../../lib/sync/deferred-outbox'
import { holdReloads } from '../../lib/session/reload-hold'
import { recordingSupported, SegmentRecorder } from './audio-recorder'
import type { CaptureRecord } from './capture-record'
import { appendChunk, deleteCapture, updateCapture } from './capture-store'
import { keptOnDevice } from './device-space'
import type { KeptOnDevice } from './device-space'
import * as M from '../../components/marking/marking'
import { AudioTooLargeError, saveCapture } from './mutations'
import { ScreenWakeLock } from './screen-wake-lock'
import { passageOf } from './sitting-body'
import * as T from './timer'

/** lost: the microphone went away while recording (unplugged, taken by another app). */
export type RecorderStatus = 'off' | 'recording' | 'paused' | 'refused' | 'failed' | 'lost'

/** The hesitation cue (ADR 0120): counting the seconds on one word, then telling the teacher to tell the word. */
export type HesitationCue = { state: 'counting' | 'tell'; seconds: number }

export type SessionSnapshot = {
  record: CaptureRecord
  marking: M.Marking
  canUndo: boolean
  canRedo: boolean
  elapsedMs: number
  running: boolean
  recorderStatus: RecorderStatus
  /** The last thing that happened, for the screen's live region. */
  announcement: string
  /** Whether writing to the device fails, and what of the marking on screen it holds. */
  storage: KeptOnDevice & { failing: boolean }
  /** The hesitation cue, while the teacher has it running. */
  cue: HesitationCue | null
  /** One minute has passed: the next word touched is the bracket (the word the child reached). */
  bracketDue: boolean
}

/** Problems the screen shows as toasts. */
export type SessionProblem = 'store-failed' | 'device-full' | 'microphone-refused' | 'microphone-lost'

export type SaveOutcome = 'saved' | 'too-large' | 'failed'

/** While writing fails, the marks are tried again this often. */
export const STORE_RETRY_MS = 10_000

const TELL_WORD = msg`3 seconds: tell the child the word, then touch it.`
const DISCONTINUED = msg`Discontinued: no word of the first line correct. The reading stopped.`

export class CaptureSession {
  private record: CaptureRecord
  private history: M.History
  private timer: T.TimerState
  private recorder: SegmentRecorder | null = null
  private recorderStatus: RecorderStatus = 'off'
  private announcement = ''
  private ticker: ReturnType<typeof setInterval> | null = null
  /** While the reading runs, an accepted update waits (a reload would cut the reading and the recording). */
  private releaseReloads: (() => void) | null = null
  private listeners = new Set<() => void>()
  private view: SessionSnapshot
  private readonly words: string[]
  private readonly limitMs: number
  /** Changes not written yet, the one write under way, and the marking the device is known to hold. */
  private unwritten: Partial<CaptureRecord> = {}
  private writing: Promise<void> | null = null
  /** While saving: the save stores the whole record, and no earlier change may be written after it. */
  private saving = false
  private storeFailing = false
  private storeRetry: ReturnType<typeof setTimeout> | null = null
  private stored: M.Marking
  /** Gaps that began and have not ended: when each began. */
  private openGaps = new Map<GapReason, number>()
  private hesitationSince: number | null = null
  /** Whether the cue has said to tell the word. */
  private cueTold = false
  private bracketDue = false

  constructor(
    private readonly db: MiscueDb,
    private readonly outbox: Outbox,
    initial: CaptureRecord,
    private readonly i18n: I18n,
    private readonly onProblem: (problem: SessionProblem) => void,
    private readonly now: () => number = Date.now,
    private readonly wakeLock: ScreenWakeLock = new ScreenWakeLock(),
  ) {
    // Reloaded while the reading ran: it carries on from the time last stored, once the teacher resumes.
    this.record = initial.phase === 'reading' ? { ...initial, phase: 'paused' } : initial
    this.history = M.startHistory({ marks: initial.marks, lastWord: initial.lastWord })
    this.timer = { elapsedMs: initial.elapsedMs, runningSince: null }
    this.words = passageOf(initial)
    this.limitMs = initial.assessment.duration_seconds * 1000
    this.stored = { marks: initial.marks, lastWord: initial.lastWord }
    this.view = this.build()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  snapshot = (): SessionSnapshot => this.view

  /** Whether a type code counts as an error on this sitting. */
  isError = (code: string): boolean => this.record.types.find((t) => t.code === code)?.counts_as_error ?? false

  private build(): SessionSnapshot {
    return {
      record: this.record,
      marking: this.history.present,
      canUndo: this.history.past.length > 0,
      canRedo: this.history.future.length > 0,
      elapsedMs: T.elapsed(this.timer, this.now(), this.limitMs),
      running: this.timer.runningSince !== null,
      recorderStatus: this.recorderStatus,
      announcement: this.announcement,
      storage: { failing: this.storeFailing, ...keptOnDevice(this.stored, this.history.present) },
      cue: this.cue(),
      bracketDue: this.bracketDue,
    }
  }

  private cue(): HesitationCue | null {
    if (this.hesitationSince === null) return null
    const seconds = Math.min(HESITATION_SECONDS, Math.floor((this.now() - this.hesitationSince) / 1000))
    return { state: seconds >= HESITATION_SECONDS ? 'tell' : 'counting', seconds }
  }

  private emit(): void {
    this.view = this.build()
    for (const listener of this.listeners) listener()
  }

  private say(message: MessageDescriptor): void {
    this.announcement = this.i18n._(message)
  }

  private persist(patch: Partial<CaptureRecord>): void {
    this.record = { ...this.record, ...patch }
    this.unwritten = { ...this.unwritten, ...patch }
    // While the device refuses writes, changes wait in memory for the next try.
    if (!this.storeFailing) this.write()
  }

  private write(): void {
    if (this.writing || this.saving || Object.keys(this.unwritten).length === 0) return
    const patch = this.unwritten
    this.unwritten = {}
    this.writing = updateCapture(this.db, this.record.id, this.record.owner, patch, this.now()).then(() => {
      this.writing = null
      if (patch.marks) this.stored = { marks: patch.marks, lastWord: patch.lastWord ?? null }
      if (this.storeFailing) this.storeRecovered()
      this.write()
    }, () => {
      this.writing = null
      this.unwritten = { ...patch, ...this.unwritten }
      this.storeFailed()
    })
  }

  private storeFailed(): void {
    this.scheduleStoreRetry()
    if (this.storeFailing) return
    this.storeFailing = true
    this.onProblem('store-failed')
    // What is recorded could not be stored either: the recording ends here, the marking goes on.
    if (this.recorder) {
      void this.stopRecorder()
      this.recorderStatus = 'failed'
    }
    this.emit()
  }

  private storeRecovered(): void {
    this.storeFailing = false
    this.cancelStoreRetry()
    this.say(msg`The device has space again: every mark is stored.`)
    this.emit()
  }

  private scheduleStoreRetry(): void {
    this.cancelStoreRetry()
    this.storeRetry = setTimeout(() => this.retryStore(), STORE_RETRY_MS)
  }

  private cancelStoreRetry(): void {
    if (this.storeRetry) clearTimeout(this.storeRetry)
    this.storeRetry = null
  }

  /** Tries again to store what waits in memory (the marks, the time, the notes; never the recording). */
  retryStore(): void {
    this.write()
  }

  // ---- Marking ----

  private change(next: M.Marking, message: MessageDescriptor): void {
    const before = this.history
    this.history = M.commit(this.history, next)
    if (this.history !== before) this.persist({ marks: [...next.marks], lastWord: next.lastWord })
    this.say(message)
    this.emit()
  }

  apply(word: number, pen: M.PenType, typeName: string): void {
    const text = this.words[word] ?? ''
    const n = word + 1
    this.change(M.applyPen(this.history.present, word, pen, this.isError), msg`${typeName} on word ${n}: ${text}`)
  }

  /** What the child said, the cues, a name or a letter, on the mark of `miscue` on `word`. */
  describe(word: number, miscue: string, patch: M.MarkDetails): void {
    const n = word + 1
    this.change(M.describeMark(this.history.present, word, miscue, patch), msg`Details of word ${n} changed`)
  }

  insertion(word: number): void {
    const n = word + 1
    this.change(M.stepInsertion(this.history.present, word), msg`Insertion before word ${n} changed`)
  }

  selfCorrection(word: number): void {
    const n = word + 1
    this.change(M.toggleSelfCorrection(this.history.present, word, this.isError), msg`Self-correction on word ${n} changed`)
  }

  cycle(word: number): void {
    const codes = this.record.types.filter((t) => t.counts_as_error && t.code !== INSERTION).map((t) => t.code)
    const n = word + 1
    this.change(M.cycleError(this.history.present, word, codes, this.isError), msg`Error on word ${n} changed`)
  }

  /** A line skipped in one gesture (or given back): the line the word is on. */
  skipLine(word: number): void {
    const line = M.lineOf(passageLines(this.record.assessment.content), word)
    if (!line) return
    const n = line.start + 1
    this.change(M.skipLine(this.history.present, line.start, line.length, this.isError), msg`Line from word ${n} skipped or given back`)
  }

  lastWord(word: number | null): void {
    const n = (word ?? 0) + 1
    this.change(M.setLastWord(this.history.present, word), word === null ? msg`Last word cleared` : msg`Last word read: word ${n}`)
  }

  private travel(next: M.History, message: MessageDescriptor): void {
    if (next === this.history) return
    this.history = next
    this.persist({ marks: [...next.present.marks], lastWord: next.present.lastWord })
    this.say(message)
    this.emit()
  }

  undo(): void {
    this.travel(M.undo(this.history), msg`Undone`)
  }

  redo(): void {
    this.travel(M.redo(this.history), msg`Redone`)
  }

  setNotes(notes: string): void {
    this.persist({ notes })
    this.emit()
  }

  /** The points of one item of the comprehension step, scored after the reading (null: not scored). */
  setComprehension(item: number, points: number | null): void {
    const items = this.record.assessment.comprehension?.items ?? []
    const given = items.map((_, i) => (i === item ? points : this.record.comprehension?.[i] ?? null))
    this.persist({ comprehension: given })
    this.emit()
  }

  // ---- Timer and recorder ----

  /** Starts the reading, or carries on after a pause (a new recording segment after a reload). */
  begin(): void {
    if (this.timer.runningSince !== null || this.record.phase === 'saved' || T.isOver(this.timer, this.now(), this.limitMs)) return
    const at = this.now()
    this.timer = T.start(this.timer, at)
    this.persist({ phase: 'reading', startedAt: this.record.startedAt ?? new Date(at).toISOString() })
    this.say(msg`Reading started`)
    this.startTicking()
    this.wakeLock.hold()
    if (this.recorder) {
      this.recorder.resume()
      this.recorderStatus = 'recording'
    } else if (this.recorderStatus !== 'failed') void this.startRecorder()
    this.emit()
  }

  pause(): void {
    this.hold('paused')
    this.say(msg`Reading paused`)
    this.emit()
  }

  /** Stops the reading: the teacher marks the last word read, listens again and re-marks before saving. */
  finish(timeUp = false): void {
    this.hold('finished')
    this.say(timeUp ? msg`Time is up. Mark the last word read.` : msg`Reading stopped. Mark the last word read.`)
    this.emit()
  }

  private hold(phase: 'paused' | 'finished'): void {
    const stopped = T.pause(this.timer, this.now(), this.limitMs)
    this.closeGaps()
    this.timer = stopped
    this.stopTicking()
    this.wakeLock.release()
    this.hesitationSince = null
    this.persist({ phase, elapsedMs: stopped.elapsedMs })
    if (phase === 'finished') void this.stopRecorder()
    else if (this.recorder) {
      this.recorder.pause()
      this.recorderStatus = 'paused'
    }
  }

  private startTicking(): void {
    this.stopTicking()
    this.ticker = setInterval(() => this.tick(), 250)
    this.releaseReloads = holdReloads()
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
    this.releaseReloads?.()
    this.releaseReloads = null
  }

  /** Every quarter second while running: the clock moves, the limit stops the reading, the time is stored. */
  tick(): void {
    if (this.timer.runningSince === null) return
    const at = this.now()
    if (T.isOver(this.timer, at, this.limitMs)) {
      this.finish(true)
      return
    }
    const elapsedMs = T.elapsed(this.timer, at, this.limitMs)
    if (Math.floor(elapsedMs / 1000) !== Math.floor(this.record.elapsedMs / 1000)) this.persist({ elapsedMs })
    this.checkBracket(elapsedMs)
    if (this.cue()?.state === 'tell' && !this.cueTold) {
      this.cueTold = true
      this.say(TELL_WORD)
    }
    this.emit()
  }

  // ---- Gaps: the clock ran on, the recording did not ----

  private openGap(reason: GapReason, at = this.now()): void {
    if (!this.openGaps.has(reason)) this.openGaps.set(reason, at)
  }

  /** Ends a gap, no later than the moment the time limit was reached. */
  private closeGap(reason: GapReason): void {
    const began = this.openGaps.get(reason)
    if (began === undefined) return
    this.openGaps.delete(reason)
    const t = this.timer
    const limitAt = t.runningSince !== null && this.limitMs > 0 ? t.runningSince + this.limitMs - t.elapsedMs : Number.POSITIVE_INFINITY
    const ended = Math.max(began, Math.min(this.now(), limitAt))
    const gap: ReadingGap = { at: new Date(began).toISOString(), seconds: Math.round((ended - began) / 1000), reason }
    this.persist({ gaps: [...(this.record.gaps ?? []), gap] })
  }

  private closeGaps(): void {
    for (const reason of [...this.openGaps.keys()]) this.closeGap(reason)
  }

  // ---- The one-minute bracket, the discontinue rule, the hesitation cue (profile rules) ----

  /** At one minute under a bracket profile: the furthest word marked is taken until the teacher touches the word reached. */
  private checkBracket(elapsedMs: number): void {
    if (!this.record.profile.rules.one_minute_bracket || elapsedMs < BRACKET_SECONDS * 1000 || this.record.bracketWord !== undefined) return
    const furthest = this.history.present.marks.reduce<number | null>((max, m) => Math.max(max ?? -1, m.word_index), null)
    this.bracketDue = true
    this.persist({ bracketWord: furthest })
    this.say(msg`One minute. Touch the word the child has reached: words correct per minute count up to it.`)
  }

  /** The word the child had reached at one minute (touched when asked, or moved later). */
  bracket(word: number): void {
    this.bracketDue = false
    this.persist({ bracketWord: word })
    const n = word + 1
    const text = this.words[word] ?? ''
    this.say(msg`One-minute bracket after word ${n}: ${text}`)
    this.emit()
  }

  /** No correct word in the first line (a profile with the discontinue rule): the reading stops there. */
  discontinue(): void {
    if (!this.record.profile.rules.discontinue_first_line || this.record.phase === 'saved') return
    const first = passageLines(this.record.assessment.content)[0]
    if (this.timer.runningSince !== null) this.hold('finished')
    else this.persist({ phase: 'finished' })
    this.persist({ discontinued: true })
    if (first) this.change(M.setLastWord(this.history.present, first.start + first.length - 1), DISCONTINUED)
    else {
      this.say(DISCONTINUED)
      this.emit()
    }
  }

  /** The discontinue was a mistake: the sitting is scored as read. */
  undoDiscontinue(): void {
    this.persist({ discontinued: false })
    this.say(msg`Not discontinued: the sitting is scored as read.`)
    this.emit()
  }

  /** Starts the hesitation cue on the word the child is stuck on, or stops it (the child read on). */
  hesitation(): void {
    if (this.hesitationSince !== null) {
      this.hesitationSince = null
      this.say(msg`Hesitation cue stopped`)
    } else if (this.timer.runningSince !== null) {
      this.hesitationSince = this.now()
      this.cueTold = false
      this.say(msg`Hesitation cue started: 3 seconds`)
    }
    this.emit()
  }

  /** The word told after the cue: marked told, with its hesitation. */
  tellAfterHesitation(word: number): void {
    this.hesitationSince = null
    const n = word + 1
    const text = this.words[word] ?? ''
    this.change(M.tellAfterHesitation(this.history.present, word, this.isError), msg`Told after a hesitation: word ${n}, ${text}`)
  }

  private async startRecorder(): Promise<void> {
    const r = this.record
    if (!r.recordAudio || !recordingSupported()) return
    const segment = r.audio.segments
    try {
      const started = await SegmentRecorder.start({
        onChunk: async (data, type) => {
          await appendChunk(this.db, { captureId: r.id, owner: r.owner, segment, type, data, createdAt: this.now() })
          const audio = this.record.audio
          this.record = { ...this.record, audio: { segments: Math.max(audio.segments, segment + 1), bytes: audio.bytes + data.byteLength, type: audio.type ?? type } }
          this.emit()
        },
        onError: () => {
          this.recorder = null
          if (this.recorderStatus !== 'failed') this.onProblem('device-full')
          this.recorderStatus = 'failed'
          this.emit()
        },
        onLost: () => this.microphoneLost(),
      })
      // The reading may have been paused or stopped while the microphone was being opened.
      if (this.timer.runningSince === null) {
        if (this.record.phase === 'finished') {
          await started.stop()
          return
        }
        started.pause()
        this.recorder = started
        this.recorderStatus = 'paused'
      } else {
        this.recorder = started
        this.recorderStatus = 'recording'
      }
    } catch {
      this.recorderStatus = 'refused'
      this.persist({ recordAudio: false })
      this.onProblem('microphone-refused')
    }
    this.emit()
  }

  private async stopRecorder(): Promise<void> {
    const current = this.recorder
    this.recorder = null
    if (this.recorderStatus === 'recording' || this.recorderStatus === 'paused') this.recorderStatus = 'off'
    if (current) await current.stop()
    this.emit()
  }

  /** The microphone went away while reading: the clock runs on, and the recording has a gap until the reading ends. */
  microphoneLost(): void {
    this.recorder = null
    this.recorderStatus = 'lost'
    if (this.timer.runningSince !== null) this.openGap('microphone')
    this.onProblem('microphone-lost')
    this.emit()
  }

  /**
   * The page is hidden (a tablet going to sleep, another app): what was recorded is written; the clock runs on
   * (the child may still be reading) and the time hidden is kept as a gap.
   */
  hidden(): void {
    this.recorder?.flush()
    if (this.timer.runningSince !== null) this.openGap('hidden')
  }

  /** The page is shown again: the gap ends, the screen is kept on again and the clock shows the real time. */
  shown(): void {
    if (this.openGaps.has('hidden')) {
      this.closeGap('hidden')
      this.say(msg`The page was hidden while the clock ran: the gap is kept with the sitting.`)
    }
    if (this.timer.runningSince !== null) {
      this.wakeLock.renew()
      this.tick()
    }
    this.emit()
  }

  /** The screen goes away: pause, and release the microphone. */
  dispose(): void {
    this.wakeLock.release()
    if (this.timer.runningSince !== null) this.hold('paused')
    this.stopTicking()
    this.cancelStoreRetry()
    void this.stopRecorder()
  }

  // ---- Saving ----

  /** Saves the sitting as the screen shows it (marks not yet stored included). */
  async save(withAudio: boolean): Promise<SaveOutcome> {
    await this.stopRecorder()
    this.saving = true
    await this.writing
    try {
      const marking = this.history.present
      await saveCapture(this.db, this.outbox, { ...this.record, marks: [...marking.marks], lastWord: marking.lastWord }, { withAudio })
      this.record = { ...this.record, phase: 'saved' }
      this.unwritten = {}
      this.stored = marking
      this.storeFailing = false
      this.cancelStoreRetry()
      this.emit()
      return 'saved'
    } catch (error) {
      return error instanceof AudioTooLargeError ? 'too-large' : 'failed'
    } finally {
      this.saving = false
      this.write()
    }
  }

  async discard(): Promise<void> {
    await this.stopRecorder()
    await deleteCapture(this.db, this.record.id, this.record.owner)
  }
}
