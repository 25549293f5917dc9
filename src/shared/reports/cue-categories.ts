// What a child's miscue tells about the cues they used (issue 25, ADR 0121). The categories are data: the server
// keeps them as taxonomy rows (institution_id null: every institution sees them; an institution's row with the
// same code replaces it), the capture kit carries them to the tablet, and a mark stores the codes it was coded with.
//
// Meaning, structure and visual are Clay's cue analysis of running records (every passage). The Arabic categories
// are those Arabic reading specialists sort a misreading into (root, pattern, short vowel, letter confusion);
// `language` 'ar' offers them only on Arabic passages. Sources are in docs/adr/0121-*.md.
import type { MiscueLanguage } from './miscue-types'

export type CueCategoryDef = {
  code: string
  display_name: string
  arabic_display_name: string
  /** One letter (or short sign) for the capture buttons and the report columns. */
  short_name: string
  arabic_short_name: string
  sort_order: number
  language: MiscueLanguage
}

export const DEFAULT_CUE_CATEGORIES: readonly CueCategoryDef[] = [
  { code: 'meaning', display_name: 'Meaning', arabic_display_name: 'المعنى', short_name: 'M', arabic_short_name: 'م', sort_order: 1, language: null },
  { code: 'structure', display_name: 'Structure', arabic_display_name: 'التركيب', short_name: 'S', arabic_short_name: 'ت', sort_order: 2, language: null },
  { code: 'visual', display_name: 'Visual', arabic_display_name: 'الشكل المرئي', short_name: 'V', arabic_short_name: 'ش', sort_order: 3, language: null },
  { code: 'root', display_name: 'Root kept', arabic_display_name: 'الجذر', short_name: 'R', arabic_short_name: 'ج', sort_order: 4, language: 'ar' },
  { code: 'pattern', display_name: 'Pattern (wazn) kept', arabic_display_name: 'الوزن الصرفي', short_name: 'P', arabic_short_name: 'و', sort_order: 5, language: 'ar' },
  { code: 'short_vowel', display_name: 'Short vowel', arabic_display_name: 'الحركة القصيرة', short_name: 'SV', arabic_short_name: 'ح', sort_order: 6, language: 'ar' },
  { code: 'letter_confusion', display_name: 'Letter confusion', arabic_display_name: 'الخلط بين الحروف', short_name: 'L', arabic_short_name: 'خ', sort_order: 7, language: 'ar' },
]

/** Most categories one mark may carry. */
export const MAX_MARK_CUES = 10

/** A category's share of the coded errors and self-corrections. */
export type CueShare = { code: string; display_name: string; arabic_display_name: string; short_name: string; arabic_short_name: string; count: number; percentage: number }

/**
 * The cue analysis of some marks: how many errors and self-corrections there were (`analysable`), how many of them
 * were coded (`coded`), and for each category how many coded marks used it (a mark may use several, so the
 * percentages of the coded marks need not add up to 100).
 */
export type CueSummary = { analysable: number; coded: number; cues: CueShare[] }

type Category = Pick<CueCategoryDef, 'code' | 'display_name' | 'arabic_display_name' | 'short_name' | 'arabic_short_name' | 'sort_order'>

/** The summary from counts: per category code, and the two totals. Categories are listed in their order, unknown codes last. */
export function cueSummaryOf(counts: ReadonlyMap<string, number>, analysable: number, coded: number, categories: readonly Category[]): CueSummary {
  const known = new Map(categories.map((c) => [c.code, c]))
  const cues = [...counts].filter(([, n]) => n > 0).map(([code, count]) => {
    const c = known.get(code) ?? { code, display_name: code, arabic_display_name: code, short_name: code, arabic_short_name: code, sort_order: Number.MAX_SAFE_INTEGER }
    return { sort: c.sort_order, share: { code, display_name: c.display_name, arabic_display_name: c.arabic_display_name, short_name: c.short_name, arabic_short_name: c.arabic_short_name, count, percentage: coded ? Math.round((count / coded) * 100) : 0 } }
  })
  return { analysable, coded, cues: cues.sort((a, b) => a.sort - b.sort || a.share.code.localeCompare(b.share.code)).map((c) => c.share) }
}
