// The miscue type form's values and the body the API takes (shared/schemas/scoring.ts): selects hold strings
// ('all' for every passage, 'none' for no scoring class) and the position is typed as text; the body carries
// every field, because the server fills a missing one with its default (an edit would move the type to 100).
import type { MiscueType, MiscueTypeInput } from '../../../shared/schemas/scoring'
import { MiscueTypeCreateSchema, MiscueTypeUpdateSchema } from '../../../shared/schemas/scoring'
import { fieldIssues } from '../../components/form/field-issues'

export type LanguageChoice = 'all' | 'ar' | 'en'
export type ClassChoice = 'none' | 'short_vowel' | 'case_ending'

export type MiscueTypeValues = {
  code: string
  display_name: string
  arabic_display_name: string
  color_code: string
  counts_as_error: boolean
  sort_order: string
  language: LanguageChoice
  scoring_class: ClassChoice
  active: boolean
}

/** The body a save sends (the code goes with an edit too; the server takes it from the path). */
export type MiscueTypeBody = MiscueTypeInput

export const TYPE_FIELDS = ['code', 'display_name', 'arabic_display_name', 'color_code', 'counts_as_error', 'sort_order', 'language', 'scoring_class', 'active'] as const

/** The form's values for a type, or for a new one placed after the last of `existing`. */
export function typeValues(type: MiscueType | undefined, existing: readonly Pick<MiscueType, 'sort_order'>[] = []): MiscueTypeValues {
  if (!type) {
    const last = Math.max(0, ...existing.map((t) => t.sort_order))
    return {
      code: '', display_name: '', arabic_display_name: '', color_code: '#117799', counts_as_error: true,
      sort_order: String(Math.min(1000, last + 1)), language: 'all', scoring_class: 'none', active: true,
    }
  }
  return {
    code: type.code, display_name: type.display_name, arabic_display_name: type.arabic_display_name, color_code: type.color_code,
    counts_as_error: type.counts_as_error, sort_order: String(type.sort_order), language: type.language ?? 'all',
    scoring_class: type.scoring_class ?? 'none', active: type.active,
  }
}

/** The body for the values; an empty or non-numeric position stays NaN so the schema refuses it. */
export function typeBody(values: MiscueTypeValues): MiscueTypeBody {
  return {
    code: values.code.trim(), display_name: values.display_name, arabic_display_name: values.arabic_display_name,
    color_code: values.color_code, counts_as_error: values.counts_as_error,
    sort_order: values.sort_order.trim() === '' ? NaN : Number(values.sort_order),
    language: values.language === 'all' ? null : values.language,
    scoring_class: values.scoring_class === 'none' ? null : values.scoring_class,
    active: values.active,
  }
}

/** The form's issues per field from the shared schema: a new type (with its code) or an edit. */
export function typeIssues(values: MiscueTypeValues, mode: 'create' | 'edit') {
  const body = typeBody(values)
  if (mode === 'create') return fieldIssues(MiscueTypeCreateSchema, body)
  const { code: _code, ...fields } = body
  return fieldIssues(MiscueTypeUpdateSchema, fields)
}

/** The other active types offered on the same passages as a type: the ones its colour must stay apart from. */
export function offeredAlongside<T extends Pick<MiscueType, 'code' | 'language' | 'active'>>(code: string, language: LanguageChoice, types: readonly T[]): T[] {
  const lang = language === 'all' ? null : language
  return types.filter((t) => t.code !== code && t.active && (t.language === null || lang === null || t.language === lang))
}
