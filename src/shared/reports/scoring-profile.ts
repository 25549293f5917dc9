// Scoring profiles (ADR 0091): the choices a school makes about what counts as an error, applied to the marks
// before the one calculation (figures.ts). A profile is data with a version; each sitting stores the profile
// and version it was scored with, and its figures, so changing a profile never changes a past report.
// The server scores a sitting with this module; the capture screen calls the same function for its live figures.
import { passageWords, sittingFigures } from './figures'
import type { ScoredMark, SittingFigures } from './figures'
import { INSERTION, SELF_CORRECTION } from './miscue-types'
import type { ScoringClass } from './miscue-types'

export type ScoringRules = {
  /** A self-corrected error counts as read correctly; false: it stays an error (and still counts as a self-correction). */
  self_corrections_correct: boolean
  /**
   * Short-vowel and case-ending marks on a word written without diacritics do not count as errors: the reader
   * could not see the vowel (EGRA Arabic on unvowelled text). A word that shows its vowels is still held to them.
   */
  ignore_unwritten_short_vowels: boolean
  /** Case-ending (i'rab) marks never count as errors: reading the ending or stopping on it are both accepted. */
  ignore_case_endings: boolean
  /** Insertions count as errors (running records); EGRA counts only the words of the passage. */
  count_insertions: boolean
}

export const RULE_NAMES = ['self_corrections_correct', 'ignore_unwritten_short_vowels', 'ignore_case_endings', 'count_insertions'] as const satisfies readonly (keyof ScoringRules)[]

/** The rules of scoring version 1: every error type counts, self-corrections are correct. */
export const STANDARD_RULES: ScoringRules = {
  self_corrections_correct: true,
  ignore_unwritten_short_vowels: false,
  ignore_case_endings: false,
  count_insertions: true,
}

/** Passages in Arabic (right to left) and all others: each institution picks a profile for each. */
export type PassageLanguage = 'ar' | 'en'
export const PASSAGE_LANGUAGES: readonly PassageLanguage[] = ['ar', 'en']

export function passageLanguage(direction: 'ltr' | 'rtl' | string): PassageLanguage {
  return direction === 'rtl' ? 'ar' : 'en'
}

export type BuiltInProfile = { code: string; display_name: string; arabic_display_name: string; rules: ScoringRules }

/** Profiles every institution sees (institution_id null on the server); never edited, only chosen or copied. */
export const BUILT_IN_PROFILES: readonly BuiltInProfile[] = [
  { code: 'standard', display_name: 'Standard (every error counts)', arabic_display_name: 'قياسي (تُحتسب كل الأخطاء)', rules: STANDARD_RULES },
  {
    code: 'egra-arabic',
    display_name: 'EGRA Arabic',
    arabic_display_name: 'تقييم القراءة المبكرة (EGRA) للعربية',
    rules: { self_corrections_correct: true, ignore_unwritten_short_vowels: true, ignore_case_endings: true, count_insertions: false },
  },
]
export const DEFAULT_PROFILE_CODE = 'standard'

/** A profile as the API answers it (GET /api/scoring-profile/, the capture kit). */
export type ScoringProfile = {
  id: number
  /** Built-in profiles have a code; an institution's own profiles do not. */
  code: string | null
  display_name: string
  arabic_display_name: string
  built_in: boolean
  /** Bumped whenever the rules change; every version is kept. */
  version: number
  rules: ScoringRules
  updated_at: string
}

/** The profiles an institution sees and the one it scores each passage language with. */
export type ScoringSettings = { profiles: ScoringProfile[]; selected: Record<PassageLanguage, number> }

/** Which profile (and version) a sitting was scored with. */
export type ProfileVersion = { id: number; version: number }

/** Arabic harakat, tanween, shadda, sukun and the dagger alif. */
const DIACRITIC = /[\u064B-\u0652\u0670]/u

/** Whether a word is written with any Arabic diacritic (short vowel, tanween, shadda, sukun). */
export function hasDiacritics(word: string): boolean {
  return DIACRITIC.test(word)
}

/** What scoring needs to know about a type of the taxonomy. */
export type ScoringType = { code: string; counts_as_error: boolean; scoring_class?: ScoringClass }
/** A mark as recorded: the word, the type's code and whether the reader corrected it. */
export type RecordedMark = { word_index: number; miscue: string; self_corrected: boolean }

/**
 * Whether a mark counts as an error under the profile, before self-correction: the type's own flag, unless the
 * profile sets insertions, case endings or unwritten short vowels aside.
 */
export function countsAsError(rules: ScoringRules, type: ScoringType, word: string | undefined): boolean {
  if (!type.counts_as_error) return false
  if (type.code === INSERTION && !rules.count_insertions) return false
  if (type.scoring_class === 'case_ending' && rules.ignore_case_endings) return false
  const vowel = type.scoring_class === 'short_vowel' || type.scoring_class === 'case_ending'
  // A PDF passage has no words to look at: its vowels cannot be judged, so they count as the type says.
  if (vowel && rules.ignore_unwritten_short_vowels && word !== undefined && !hasDiacritics(word)) return false
  return true
}

/** The marks as the calculation scores them under a profile; marks of unknown types are left out. */
export function scoredMarks(rules: ScoringRules, marks: readonly RecordedMark[], types: ReadonlyMap<string, ScoringType>, words: readonly string[]): ScoredMark[] {
  return marks.flatMap((m) => {
    const type = types.get(m.miscue)
    if (!type) return []
    return [{
      word_index: m.word_index,
      counts_as_error: countsAsError(rules, type, words[m.word_index]),
      is_self_correction_type: type.code === SELF_CORRECTION,
      self_corrected: m.self_corrected,
      corrected_still_error: !rules.self_corrections_correct,
    }]
  })
}

/**
 * The figures of a sitting under a profile: the server stores them, the capture screen shows them live.
 * `content` is the passage text ('' for a PDF, with `total_question` given instead).
 */
export function scoreSitting(input: {
  rules: ScoringRules
  content: string
  total_question?: number
  total_attempted: number
  duration_seconds: number
  marks: readonly RecordedMark[]
  types: readonly ScoringType[]
}): SittingFigures {
  const words = passageWords(input.content)
  const byCode = new Map(input.types.map((t) => [t.code, t]))
  return sittingFigures({
    total_question: words.length > 0 ? words.length : (input.total_question ?? 0),
    total_attempted: input.total_attempted,
    duration_seconds: input.duration_seconds,
    marks: scoredMarks(input.rules, input.marks, byCode, words),
  })
}
