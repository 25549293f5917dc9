// Scoring profiles (ADR 0091): the choices a school makes about what counts as an error, applied to the marks
// before the one calculation (figures.ts). A profile is data with a version; each sitting stores the profile
// and version it was scored with, and its figures, so changing a profile never changes a past report.
// The server scores a sitting with this module; the capture screen calls the same function for its live figures.
import { DEFAULT_CUTOFFS, passageLines, passageWords, sittingFigures } from './figures'
import type { BandCutoffs, ScoredMark, SittingFigures } from './figures'
import { INSERTION, REVERSAL, SELF_CORRECTION, TOLD } from './miscue-types'
import { FP_COMPREHENSION } from './comprehension'
import type { ComprehensionRule } from './comprehension'
import type { ScoringClass } from './miscue-types'

/** Cut-offs for texts of the listed levels (null: any level). */
export type LevelCutoffs = BandCutoffs & { levels: string[] | null }

export type ScoringRules = {
  /** A self-corrected error counts as read correctly; false: it stays an error (and still counts as a self-correction). */
  self_corrections_correct: boolean
  /**
   * Short-vowel and case-ending marks on a letter written without diacritics do not count as errors: the reader
   * could not see the vowel (EGRA Arabic on unvowelled text). A letter that shows its vowel is still held to it;
   * a mark that names no letter is judged by its word.
   */
  ignore_unwritten_short_vowels: boolean
  /** Case-ending (i'rab) marks never count as errors: reading the ending or stopping on it are both accepted. */
  ignore_case_endings: boolean
  /** Insertions count against accuracy, one error per inserted word (running records); EGRA counts only the words of the passage. */
  count_insertions: boolean
  /** Insertions count against words correct per minute; DIBELS 8 and EGRA score only the passage's words. */
  insertions_against_wcpm: boolean
  /** A reversal (two words swapped) is two errors, one per word out of place (DIBELS 8); otherwise one. */
  reversal_two_errors: boolean
  /** A proper noun misread again and again is one error (Clay, F&P); otherwise one each time (DIBELS 8). */
  proper_noun_once: boolean
  /** A case ending dropped at the end of a phrase (the pausal form, waqf) is correct reading, not an error. */
  pausal_endings_correct: boolean
  /**
   * WCPM counts the words up to the one the child reached at 60 seconds (the bracket) while the child reads on for
   * accuracy (DIBELS 8, EGRA); otherwise it is the words of the whole reading over its time.
   */
  one_minute_bracket: boolean
  /** No correct word in the first line of the passage: the reading stops, with no words correct (DIBELS 8, EGRA). */
  discontinue_first_line: boolean
  /** After 3 seconds on one word the teacher tells it and it counts as an error (DIBELS 8, EGRA); the screen offers the cue. */
  hesitation_cue: boolean
  /** A line the child skipped is one error; otherwise each of its words is an error (every manual cited, ADR 0120). */
  skipped_line_one_error: boolean
  /** The band cut-offs by text level: the first entry listing the sitting's level, else the first without levels. */
  bands: LevelCutoffs[]
  /** How accuracy and comprehension decide a text's level (F&P, ADR 0122); absent: no level decision. */
  comprehension?: ComprehensionRule[]
}

/** The rules that are switches, in the order the profile form shows them. */
export const RULE_NAMES = [
  'self_corrections_correct', 'ignore_unwritten_short_vowels', 'ignore_case_endings', 'pausal_endings_correct', 'count_insertions',
  'insertions_against_wcpm', 'reversal_two_errors', 'proper_noun_once', 'one_minute_bracket', 'discontinue_first_line', 'hesitation_cue',
  'skipped_line_one_error',
] as const satisfies readonly (keyof ScoringRules)[]

const ANY_LEVEL: LevelCutoffs[] = [{ levels: null, ...DEFAULT_CUTOFFS }]

/** Clay's running records (An Observation Survey, 2019): every error counts, a name once, self-corrections are correct. */
export const STANDARD_RULES: ScoringRules = {
  self_corrections_correct: true,
  ignore_unwritten_short_vowels: false,
  ignore_case_endings: false,
  count_insertions: true,
  insertions_against_wcpm: true,
  reversal_two_errors: false,
  proper_noun_once: true,
  pausal_endings_correct: true,
  one_minute_bracket: false,
  discontinue_first_line: false,
  hesitation_cue: false,
  skipped_line_one_error: false,
  bands: ANY_LEVEL,
}

/** The timing conventions of DIBELS 8 and EGRA (ADR 0120): the one-minute bracket, the discontinue rule, the hesitation cue. */
const TIMED_FLUENCY = { one_minute_bracket: true, discontinue_first_line: true, hesitation_cue: true } as const

/**
 * The rules a stored rule set means: versions written before a rule existed keep the behaviour they were scored
 * with (insertions against WCPM as against accuracy, a reversal one error, a name each time, endings as marked).
 */
export function rulesOf(stored: Partial<ScoringRules>): ScoringRules {
  const countInsertions = stored.count_insertions ?? STANDARD_RULES.count_insertions
  return {
    ...STANDARD_RULES,
    insertions_against_wcpm: countInsertions,
    reversal_two_errors: false,
    proper_noun_once: false,
    pausal_endings_correct: false,
    ...stored,
  }
}

const letters = (from: string, to: string) => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i))

/** Passages in Arabic (right to left) and all others: each institution picks a profile for each. */
export type PassageLanguage = 'ar' | 'en'
export const PASSAGE_LANGUAGES: readonly PassageLanguage[] = ['ar', 'en']

export function passageLanguage(direction: 'ltr' | 'rtl' | string): PassageLanguage {
  return direction === 'rtl' ? 'ar' : 'en'
}

/**
 * A profile every institution sees. `version` is the version of `rules`: a change to a built-in profile's rules
 * is a new version (the server adds it beside the old ones, so sittings scored with the old keep their figures).
 * `source`: the manual the rules follow (ADR 0118).
 */
export type BuiltInProfile = { code: string; display_name: string; arabic_display_name: string; version: number; source: string; rules: ScoringRules }

/** Profiles every institution sees (institution_id null on the server); never edited, only chosen or copied. */
export const BUILT_IN_PROFILES: readonly BuiltInProfile[] = [
  {
    code: 'standard', display_name: 'Running records (Clay)', arabic_display_name: 'السجل الجاري (كلاي)', version: 2,
    source: 'Clay, M. M. (2019). An Observation Survey of Early Literacy Achievement, 4th ed., "Running records"',
    rules: STANDARD_RULES,
  },
  {
    code: 'fountas-pinnell', display_name: 'Fountas & Pinnell', arabic_display_name: 'فاونتس وبينيل', version: 2,
    source: 'Fountas, I. C. & Pinnell, G. S. (2016). Benchmark Assessment System, 3rd ed., "Coding and scoring errors", the accuracy criteria by level and "Finding the independent, instructional and hard texts"',
    rules: {
      ...STANDARD_RULES,
      bands: [
        { levels: letters('A', 'K'), independent: 95, instructional: 90 },
        { levels: letters('L', 'Z'), independent: 98, instructional: 95 },
        ...ANY_LEVEL,
      ],
      comprehension: FP_COMPREHENSION,
    },
  },
  {
    code: 'dibels-8', display_name: 'DIBELS 8 oral reading fluency', arabic_display_name: 'ديبلز 8: الطلاقة في القراءة الجهرية', version: 2,
    source: 'University of Oregon (2020). DIBELS 8th Edition Administration and Scoring Guide, "Oral Reading Fluency: scoring rules"',
    rules: { ...STANDARD_RULES, ...TIMED_FLUENCY, count_insertions: false, insertions_against_wcpm: false, reversal_two_errors: true, proper_noun_once: false },
  },
  {
    code: 'egra', display_name: 'EGRA', arabic_display_name: 'تقييم القراءة المبكرة (EGRA)', version: 2,
    source: 'RTI International (2016). Early Grade Reading Assessment (EGRA) Toolkit, 2nd ed., "Oral reading fluency"',
    rules: { ...STANDARD_RULES, ...TIMED_FLUENCY, count_insertions: false, insertions_against_wcpm: false, proper_noun_once: false },
  },
  {
    code: 'egra-arabic', display_name: 'EGRA Arabic', arabic_display_name: 'تقييم القراءة المبكرة (EGRA) للعربية', version: 3,
    source: 'RTI International (2016). EGRA Toolkit, 2nd ed., and its Arabic adaptations (vowelled and unvowelled passages)',
    rules: {
      ...STANDARD_RULES, ...TIMED_FLUENCY, ignore_unwritten_short_vowels: true, ignore_case_endings: true, count_insertions: false, insertions_against_wcpm: false, proper_noun_once: false,
    },
  },
]
export const DEFAULT_PROFILE_CODE = 'standard'

/** The text levels the rules set cut-offs for, in their order (none: the band does not depend on the level). */
export function levelsOf(rules: Pick<ScoringRules, 'bands'>): string[] {
  return [...new Set(rules.bands.flatMap((b) => b.levels ?? []))]
}

/** The cut-offs for a text of this level under the rules. */
export function cutoffsFor(rules: Pick<ScoringRules, 'bands'>, level: string | null | undefined): BandCutoffs {
  const key = level?.trim().toUpperCase()
  const found = (key ? rules.bands.find((b) => b.levels?.includes(key)) : undefined) ?? rules.bands.find((b) => b.levels === null)
  return found ?? DEFAULT_CUTOFFS
}

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
const DIACRITICS = /[\u064B-\u0652\u0670]/gu

/** Whether a word is written with any Arabic diacritic (short vowel, tanween, shadda, sukun). */
export function hasDiacritics(word: string): boolean {
  return DIACRITIC.test(word)
}

/** Whether the word's letter at `letter` (0-based, diacritics not counted) carries a diacritic. */
export function letterHasDiacritic(word: string, letter: number): boolean {
  let index = -1
  for (const ch of word) {
    if (DIACRITIC.test(ch)) {
      if (index === letter) return true
    } else {
      if (index === letter) return false
      index++
    }
  }
  return false
}

/** The word's letters, each with the diacritics written on it, indexed as `letter_index` counts them. */
export function lettersOf(word: string): string[] {
  const letters: string[] = []
  for (const ch of word) {
    if (DIACRITIC.test(ch) && letters.length > 0) letters[letters.length - 1] += ch
    else letters.push(ch)
  }
  return letters
}

/** A phrase ends at a word closed by punctuation, and at the passage's last word. */
const PHRASE_END = /[.!?؟،,;؛:…]["'»”’)\]]*$/u

function endsPhrase(words: readonly string[], index: number): boolean {
  return index === words.length - 1 || PHRASE_END.test(words[index] ?? '')
}

/** A word as a repeated name is recognised: without case, punctuation or diacritics. */
function nameKey(word: string): string {
  return word.toLocaleLowerCase().replace(DIACRITICS, '').replace(/[\p{P}\p{S}]/gu, '')
}

/** What scoring needs to know about a type of the taxonomy. */
export type ScoringType = { code: string; counts_as_error: boolean; scoring_class?: ScoringClass }
/**
 * A mark as recorded: the word, the type's code and whether the reader corrected it. `words`: how many words an
 * insertion holds (1 when absent). `proper_noun`: the word is a name. `letter_index`: the letter a short-vowel or
 * case-ending mark is on (diacritics not counted), so the rule on unwritten vowels is decided per letter.
 */
export type RecordedMark = {
  word_index: number; miscue: string; self_corrected: boolean; words?: number; proper_noun?: boolean; letter_index?: number
  /** One of the words of a skipped line (ADR 0120). */
  skipped_line?: boolean
}

/** Where a mark sits in the passage, for the rules that look at the text. */
export type MarkContext = { word: string | undefined; letter_index?: number; phrase_end?: boolean }

/**
 * Whether a mark counts as an error under the profile, before self-correction: the type's own flag, unless the
 * profile sets case endings, pausal endings or unwritten short vowels aside.
 */
export function countsAsError(rules: ScoringRules, type: ScoringType, at: MarkContext | string | undefined): boolean {
  const { word, letter_index, phrase_end } = typeof at === 'object' ? at : { word: at }
  if (!type.counts_as_error) return false
  if (type.scoring_class === 'case_ending' && (rules.ignore_case_endings || (rules.pausal_endings_correct && phrase_end === true))) return false
  const vowel = type.scoring_class === 'short_vowel' || type.scoring_class === 'case_ending'
  // A PDF passage has no words to look at: its vowels cannot be judged, so they count as the type says.
  if (vowel && rules.ignore_unwritten_short_vowels && word !== undefined) {
    const written = letter_index === undefined ? hasDiacritics(word) : letterHasDiacritic(word, letter_index)
    if (!written) return false
  }
  return true
}

/** How many errors a counted mark is worth against accuracy and against words correct per minute. */
function weights(rules: ScoringRules, type: ScoringType, mark: RecordedMark): { errors: number; fluency_errors: number } {
  if (type.code === INSERTION) {
    const words = Math.max(1, mark.words ?? 1)
    return { errors: rules.count_insertions ? words : 0, fluency_errors: rules.insertions_against_wcpm ? words : 0 }
  }
  const n = type.code === REVERSAL && rules.reversal_two_errors ? 2 : 1
  return { errors: n, fluency_errors: n }
}

/**
 * Each mark as the calculation scores it under a profile, in the order given (null: a type the taxonomy lacks);
 * the rules that look at neighbours (one skipped line, a repeated name) take them in passage order. A told word
 * is an error the reader did not correct, whatever `self_corrected` says.
 */
export function scoredMarks(rules: ScoringRules, marks: readonly RecordedMark[], types: ReadonlyMap<string, ScoringType>, words: readonly string[]): (ScoredMark | null)[] {
  const namesCounted = new Set<string>()
  let skippedBefore = -2
  const scored: (ScoredMark | null)[] = marks.map(() => null)
  const inPassageOrder = marks.map((_, i) => i).sort((a, b) => marks[a]!.word_index - marks[b]!.word_index)
  for (const i of inPassageOrder) {
    const m = marks[i]!
    const type = types.get(m.miscue)
    if (!type) continue
    // The words of one skipped line follow each other: under the one-error rule only the first counts.
    const restOfSkippedLine = rules.skipped_line_one_error && m.skipped_line === true && m.word_index === skippedBefore + 1
    if (m.skipped_line) skippedBefore = m.word_index
    const selfCorrected = m.self_corrected && type.code !== TOLD
    const at = { word: words[m.word_index], letter_index: m.letter_index, phrase_end: words.length > 0 ? endsPhrase(words, m.word_index) : undefined }
    let { errors, fluency_errors } = restOfSkippedLine ? { errors: 0, fluency_errors: 0 } : weights(rules, type, m)
    const counts = countsAsError(rules, type, at) && errors + fluency_errors > 0
    const uncorrectedError = counts && (!selfCorrected || !rules.self_corrections_correct)
    if (uncorrectedError && m.proper_noun && rules.proper_noun_once && at.word !== undefined) {
      const key = nameKey(at.word)
      if (namesCounted.has(key)) errors = fluency_errors = 0
      namesCounted.add(key)
    }
    scored[i] = {
      word_index: m.word_index,
      counts_as_error: counts,
      is_self_correction_type: type.code === SELF_CORRECTION,
      self_corrected: selfCorrected,
      corrected_still_error: !rules.self_corrections_correct,
      errors,
      fluency_errors,
    }
  }
  return scored
}

type SittingToScore = {
  rules: ScoringRules
  content: string
  total_question?: number
  total_attempted: number
  duration_seconds: number
  marks: readonly RecordedMark[]
  types: readonly ScoringType[]
  text_level?: string | null
  /** The word reached at the one-minute bracket, under a profile with one (ADR 0120). */
  bracket_word?: number | null
  /** Stopped under the profile's discontinue rule. */
  discontinued?: boolean
}

/**
 * The figures of a sitting under a profile: the server stores them, the capture screen shows them live.
 * `content` is the passage text ('' for a PDF, with `total_question` given instead); `text_level` picks the
 * band cut-offs of profiles that set them by level (F&P).
 */
export function scoreSitting(input: SittingToScore): SittingFigures {
  return scoreSittingAndMarks(input).figures
}

/** The figures, and each mark as they scored it (in the order given): what the server stores with the marks. */
export function scoreSittingAndMarks(input: SittingToScore): { figures: SittingFigures; marks: (ScoredMark | null)[] } {
  const words = passageWords(input.content)
  const byCode = new Map(input.types.map((t) => [t.code, t]))
  const marks = scoredMarks(input.rules, input.marks, byCode, words)
  const common = {
    total_question: words.length > 0 ? words.length : (input.total_question ?? 0),
    duration_seconds: input.duration_seconds,
    cutoffs: cutoffsFor(input.rules, input.text_level),
  }
  if (input.discontinued && input.rules.discontinue_first_line) {
    // DIBELS 8 and EGRA: the first line read with no word correct; the reading stops and scores no word correct.
    const n = passageLines(input.content)[0]?.length ?? input.total_attempted
    const none: ScoredMark = { word_index: 0, counts_as_error: true, is_self_correction_type: false, self_corrected: false, errors: n, fluency_errors: n }
    return { figures: sittingFigures({ ...common, total_attempted: n, marks: [none] }), marks }
  }
  const bracketed = input.rules.one_minute_bracket && input.bracket_word != null && input.duration_seconds >= BRACKET_SECONDS
  const figures = sittingFigures({
    ...common,
    total_attempted: input.total_attempted,
    marks: marks.filter((m) => m !== null),
    bracket: bracketed ? { words: input.bracket_word! + 1, seconds: BRACKET_SECONDS } : null,
  })
  return { figures, marks }
}

/** The one-minute bracket's time (DIBELS 8, EGRA). */
export const BRACKET_SECONDS = 60

/** The hesitation after which the teacher tells the word (DIBELS 8, EGRA). */
export const HESITATION_SECONDS = 3
