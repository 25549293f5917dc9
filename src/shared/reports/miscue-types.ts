// The default miscue taxonomy (design/domain.md "Miscue types"). The server seeds these rows (institution_id
// null: every institution sees them); an institution may later get more types of its own. Colours come from
// the Okabe-Ito palette so they stay apart for colour-blind readers; screens also print the name or a pattern.

export type MiscueTypeCode =
  | 'substitution' | 'omission' | 'insertion' | 'told' | 'reversal' | 'mispronunciation'
  | 'self_correction' | 'repetition' | 'hesitation'

export type MiscueTypeDef = {
  code: string
  display_name: string
  arabic_display_name: string
  color_code: string
  counts_as_error: boolean
  sort_order: number
}

export const SELF_CORRECTION: MiscueTypeCode = 'self_correction'

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
]
