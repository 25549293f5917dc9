// The default miscue taxonomy (design/domain.md "Miscue types"). The server seeds these rows (institution_id
// null: every institution sees them); an institution may add types of its own, or override and switch off a
// default one (ADR 0091). Colours come from the Okabe-Ito palette, then Paul Tol's "muted" scheme for the
// Arabic types, so they stay apart for colour-blind readers; screens also print the name.
//
// Arabic specifics are data, not code: types whose `language` is 'ar' are offered only on Arabic (right-to-left)
// passages, and `scoring_class` lets a scoring profile treat short-vowel and case-ending errors differently
// (src/shared/reports/scoring-profile.ts).

export type MiscueTypeCode =
  | 'substitution' | 'omission' | 'insertion' | 'told' | 'reversal' | 'mispronunciation'
  | 'self_correction' | 'repetition' | 'hesitation'

/** Passages a type is offered on: every passage (null), or only Arabic or only English ones. */
export type MiscueLanguage = 'ar' | 'en' | null
export const MISCUE_LANGUAGES = ['ar', 'en'] as const

/** What a scoring profile may treat specially: a short vowel (haraka) inside a word, or a case ending. */
export type ScoringClass = 'short_vowel' | 'case_ending' | null
export const SCORING_CLASSES = ['short_vowel', 'case_ending'] as const

export type MiscueTypeDef = {
  code: string
  display_name: string
  arabic_display_name: string
  color_code: string
  counts_as_error: boolean
  sort_order: number
  language?: MiscueLanguage
  scoring_class?: ScoringClass
}

/** The insertion type: marked between words (before the word it is stored on), not on a word. */
export const INSERTION = 'insertion'

export const SELF_CORRECTION: MiscueTypeCode = 'self_correction'

/** The teacher supplied the word: always an error, never a self-correction (Clay; DIBELS 8 after 3 seconds). */
export const TOLD: MiscueTypeCode = 'told'

/** Two words read in swapped order, marked on the first of them. */
export const REVERSAL: MiscueTypeCode = 'reversal'

export const DEFAULT_MISCUE_TYPES: readonly MiscueTypeDef[] = [
  { code: 'substitution', display_name: 'Substitution', arabic_display_name: 'استبدال', color_code: '#D55E00', counts_as_error: true, sort_order: 1 },
  { code: 'omission', display_name: 'Omission', arabic_display_name: 'حذف', color_code: '#0072B2', counts_as_error: true, sort_order: 2 },
  { code: 'insertion', display_name: 'Insertion', arabic_display_name: 'إضافة', color_code: '#E69F00', counts_as_error: true, sort_order: 3 },
  { code: 'told', display_name: 'Told', arabic_display_name: 'تلقين', color_code: '#CC79A7', counts_as_error: true, sort_order: 4 },
  { code: 'reversal', display_name: 'Reversal', arabic_display_name: 'قلب الترتيب', color_code: '#56B4E9', counts_as_error: true, sort_order: 5 },
  { code: 'mispronunciation', display_name: 'Mispronunciation', arabic_display_name: 'خطأ في النطق', color_code: '#F0E442', counts_as_error: true, sort_order: 6 },
  { code: 'self_correction', display_name: 'Self-correction', arabic_display_name: 'تصحيح ذاتي', color_code: '#009E73', counts_as_error: false, sort_order: 7 },
  { code: 'repetition', display_name: 'Repetition', arabic_display_name: 'تكرار', color_code: '#999999', counts_as_error: false, sort_order: 8 },
  { code: 'hesitation', display_name: 'Hesitation', arabic_display_name: 'تردد', color_code: '#000000', counts_as_error: false, sort_order: 9 },
  // Arabic passages only.
  { code: 'short_vowel', display_name: 'Short vowel (haraka)', arabic_display_name: 'خطأ في الحركة', color_code: '#882255', counts_as_error: true, sort_order: 10, language: 'ar', scoring_class: 'short_vowel' },
  { code: 'case_ending', display_name: 'Case ending', arabic_display_name: 'خطأ في الحركة الإعرابية', color_code: '#44AA99', counts_as_error: true, sort_order: 11, language: 'ar', scoring_class: 'case_ending' },
  { code: 'hamza', display_name: 'Hamza', arabic_display_name: 'خطأ في الهمزة', color_code: '#332288', counts_as_error: true, sort_order: 12, language: 'ar' },
  { code: 'taa_marbuta', display_name: 'Taa marbuta', arabic_display_name: 'خطأ في التاء المربوطة', color_code: '#AA4499', counts_as_error: true, sort_order: 13, language: 'ar' },
  { code: 'confusable_letters', display_name: 'Confusable letters', arabic_display_name: 'خلط بين الحروف المتشابهة', color_code: '#117733', counts_as_error: true, sort_order: 14, language: 'ar' },
]
