// A sitting being captured on this device (ADR 0090): everything the screen needs to carry on after a reload, with
// what it was started from (the passage, the taxonomy and the scoring profile version), so it scores and sends the
// same way even if the institution changes them meanwhile. Stored per owner (`host|userId`) in Dexie `captures`.
import type { ScoringRules } from '../../../shared/reports/scoring-profile'
import type { CaptureAssessment } from '../../../shared/schemas/capture'
import type { CueCategory, MiscueType } from '../../../shared/schemas/scoring'
import type { ReadingGap } from '../../../shared/schemas/sitting'
import type { CaptureMark } from '../../components/marking/marking'

/**
 * ready: chosen, not started; reading: the timer runs; paused; finished: stopped, the teacher marks the last word,
 * re-listens and re-marks; saved: handed to the outbox (its state there tells sending, synced or refused).
 */
export type CapturePhase = 'ready' | 'reading' | 'paused' | 'finished' | 'saved'

export type CaptureProfile = { id: number; version: number; rules: ScoringRules; display_name: string; arabic_display_name: string }

export type CaptureRecord = {
  /** Also the outbox item id and the Idempotency-Key of the sitting once saved. */
  id: string
  owner: string
  schoolId: number
  yearId: number
  classId: number
  className: string
  studentId: number
  studentName: string
  studentArabicName: string
  assessment: CaptureAssessment
  /** The types offered for this passage when the capture started (active, and for its language). */
  types: MiscueType[]
  /** The cue categories offered for this passage when the capture started (absent on captures started before them). */
  cueCategories?: CueCategory[]
  profile: CaptureProfile
  /** The level of the text read (an F&P letter), for profiles whose bands depend on it; null: not given. */
  textLevel?: string | null
  marks: CaptureMark[]
  lastWord: number | null
  phase: CapturePhase
  elapsedMs: number
  /** When the reading started (sent as created_in_device_at); null before it starts. */
  startedAt: string | null
  recordAudio: boolean
  /** How many recording segments there are (one per start of the recorder) and their size. */
  audio: { segments: number; bytes: number; type: string | null }
  notes: string
  /** Where the page was hidden or the microphone lost while the clock ran on (ADR 0120); absent: none. */
  gaps?: ReadingGap[]
  /** The word the child had reached at one minute, under a profile with the bracket; null/absent: not bracketed. */
  bracketWord?: number | null
  /** Stopped under the profile's discontinue rule. */
  discontinued?: boolean
  /** The points given to each item of the assessment's comprehension step (null: not scored yet). */
  comprehension?: (number | null)[]
  createdAt: number
  updatedAt: number
  savedAt?: number
  /** The sitting's id on the server, once it is known to be synced. */
  serverId?: number
  syncedAt?: number
}

/** How a sitting on this device stands: in the capture list and on its screen. */
export type CaptureState = 'in-progress' | 'saved' | 'sending' | 'synced' | 'attention'
