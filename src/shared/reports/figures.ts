// The one calculation of a sitting's figures (design/domain.md "Figures of a sitting"). The server stores its
// result with each sitting (with SCORING_VERSION), the reports aggregate the stored columns in SQL, and the web
// may call it to preview a sitting before it is sent. Change the rules here only, and bump SCORING_VERSION.

/** Bumped whenever a rule below changes; stored with each sitting so old figures can be told apart. */
export const SCORING_VERSION = 3

export type Band = 'independent' | 'instructional' | 'frustration'

export const BANDS: readonly Band[] = ['independent', 'instructional', 'frustration']

export const BAND_NAMES: Record<Band, { en: string; ar: string }> = {
  independent: { en: 'Independent', ar: 'مستقل' },
  instructional: { en: 'Instructional', ar: 'تعليمي' },
  frustration: { en: 'Frustration', ar: 'إحباط' },
}

/**
 * A word mark as the figures need it: its type's error flag and whether the reader corrected it.
 * `corrected_still_error`: a scoring profile that does not count self-corrections as correct keeps a corrected
 * error an error (it still counts as a self-correction too); see scoring-profile.ts.
 * `errors` and `fluency_errors`: how many errors the mark is worth against accuracy and against words correct per
 * minute (an insertion of three words is three; a reversal two under DIBELS; a repeated proper noun none under
 * Clay); 1 and `errors` when absent.
 */
export type ScoredMark = {
  word_index: number
  counts_as_error: boolean
  is_self_correction_type: boolean
  self_corrected: boolean
  corrected_still_error?: boolean
  errors?: number
  fluency_errors?: number
}

/** The accuracy at or above which a sitting is independent, and instructional (percent, compared unrounded). */
export type BandCutoffs = { independent: number; instructional: number }

/** Running records' cut-offs (Clay): independent 95-100, instructional 90-94, frustration below 90. */
export const DEFAULT_CUTOFFS: BandCutoffs = { independent: 95, instructional: 90 }

export type SittingFigures = {
  /** Words in the passage. */
  total_question: number
  /** Words reached (running words N). */
  total_attempted: number
  /** N - E, never below 0. */
  total_correct: number
  /** E: the errors against accuracy (uncorrected error marks, each worth what the profile says). */
  error_count: number
  /** The errors against words correct per minute (DIBELS and EGRA do not count insertions here). */
  fluency_error_count: number
  /** SC: marks of the self-correction type, and error marks the reader corrected. */
  self_correction_count: number
  /** (N - E) / N x 100, two decimals kept; shown with 0 decimals. */
  accuracy: number
  /** Accuracy rounded to a whole percent (the sitting's score). */
  score: number
  /** (N - fluency errors) / (seconds / 60), one decimal. */
  wcpm: number
  /** The x of "1 : x" = round(N / E); null without errors. */
  error_rate: number | null
  /** The x of "1 : x" = round((E + SC) / SC), E without the corrected errors; null without self-corrections. */
  self_correction_ratio: number | null
  /** From the unrounded accuracy: 94.5 % is instructional under 95/90. */
  band: Band
}

/** Level band from an accuracy in percent, compared unrounded with the cut-offs (95/90 unless given). */
export function bandOf(accuracy: number, cutoffs: BandCutoffs = DEFAULT_CUTOFFS): Band {
  if (accuracy >= cutoffs.independent) return 'independent'
  if (accuracy >= cutoffs.instructional) return 'instructional'
  return 'frustration'
}

const round2 = (n: number) => Math.round(n * 100) / 100
const round1 = (n: number) => Math.round(n * 10) / 10

/** Whether a mark counts as a self-correction rather than an error. */
export function isSelfCorrection(mark: Pick<ScoredMark, 'is_self_correction_type' | 'self_corrected'>): boolean {
  return mark.is_self_correction_type || mark.self_corrected
}

/** Whether a mark counts as an error (E). */
export function isError(mark: Pick<ScoredMark, 'counts_as_error' | 'self_corrected' | 'corrected_still_error'>): boolean {
  return mark.counts_as_error && (!mark.self_corrected || mark.corrected_still_error === true)
}

const sum = (marks: readonly ScoredMark[], of: (m: ScoredMark) => number) => marks.reduce((n, m) => n + of(m), 0)

/** The one-minute bracket (DIBELS 8, EGRA): words correct per minute from the words reached at `seconds`. */
export type FluencyBracket = { words: number; seconds: number }

export function sittingFigures(input: {
  total_question: number; total_attempted: number; duration_seconds: number; marks: readonly ScoredMark[]; cutoffs?: BandCutoffs; bracket?: FluencyBracket | null
}): SittingFigures {
  const N = Math.max(0, Math.min(input.total_attempted, input.total_question))
  const errors = input.marks.filter(isError)
  const E = sum(errors, (m) => m.errors ?? 1)
  const fluencyE = sum(errors, (m) => m.fluency_errors ?? m.errors ?? 1)
  // Clay's self-correction ratio: a corrected error is a self-correction, never also an error.
  const uncorrectedE = sum(errors.filter((m) => !m.self_corrected), (m) => m.errors ?? 1)
  const SC = input.marks.filter(isSelfCorrection).length
  const correct = Math.max(0, N - E)
  const exact = N > 0 ? (correct / N) * 100 : 0
  const accuracy = round2(exact)
  const bracket = input.bracket ? { words: Math.min(N, input.bracket.words), seconds: input.bracket.seconds } : null
  const fluencyWords = bracket ? bracket.words : N
  const fluencyErrors = bracket ? sum(errors.filter((m) => m.word_index < bracket.words), (m) => m.fluency_errors ?? m.errors ?? 1) : fluencyE
  const minutes = (bracket ? bracket.seconds : input.duration_seconds) / 60
  return {
    total_question: input.total_question,
    total_attempted: N,
    total_correct: correct,
    error_count: E,
    fluency_error_count: fluencyE,
    self_correction_count: SC,
    accuracy,
    score: Math.round(accuracy),
    wcpm: minutes > 0 ? round1(Math.max(0, fluencyWords - fluencyErrors) / minutes) : 0,
    error_rate: E > 0 ? Math.round(N / E) : null,
    self_correction_ratio: SC > 0 ? Math.round((uncorrectedE + SC) / SC) : null,
    band: bandOf(exact, input.cutoffs),
  }
}

/** Words of a passage as the marks count them: split on white space. */
export function passageWords(content: string): string[] {
  return content.split(/\s+/u).filter(Boolean)
}

/** The passage's lines (its line breaks; blank lines left out) as the index of each line's first word and its length. */
export function passageLines(content: string): { start: number; length: number }[] {
  const lines: { start: number; length: number }[] = []
  let start = 0
  for (const line of content.split(/\r?\n/u)) {
    const length = passageWords(line).length
    if (length === 0) continue
    lines.push({ start, length })
    start += length
  }
  return lines
}

/** "1 : x", or an empty string when there is nothing to compare. */
export function ratioText(x: number | null): string {
  return x === null ? '' : `1 : ${x}`
}

/** A share of a total in percent with 0 decimals (the pie's value; its remainder is 100 minus it). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0
}

/** seconds → "00:MM:SS" (how the spec shows durations). */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':')
}

/** "00:MM:SS" or "MM:SS" → seconds; null when malformed. */
export function durationSeconds(text: string): number | null {
  const m = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2})$/.exec(text.trim())
  if (!m) return null
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])]
  if (min > 59 || s > 59) return null
  return h * 3600 + min * 60 + s
}
