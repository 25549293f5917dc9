// How the taxonomy's data reads on screen: where a type is offered, how scoring profiles treat it, and whether it
// is a default, the institution's version of one, or the institution's own.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import type { PassageLanguage } from '../../../shared/reports/scoring-profile'
import type { MiscueType } from '../../../shared/schemas/scoring'
import type { ClassChoice, LanguageChoice } from './type-values'

export const LANGUAGE_CHOICES: Record<LanguageChoice, MessageDescriptor> = {
  all: msg`Every passage`,
  ar: msg`Arabic passages only`,
  en: msg`Other passages only`,
}

export const CLASS_CHOICES: Record<ClassChoice, MessageDescriptor> = {
  none: msg`Nothing special`,
  short_vowel: msg`Short-vowel (haraka) error`,
  case_ending: msg`Case-ending (i‘rab) error`,
}

export type TypeSource = 'default' | 'changed' | 'own'

const DEFAULT_CODES = new Set(DEFAULT_MISCUE_TYPES.map((t) => t.code))

/** A default as every institution has it, the institution's version of a default, or a type of its own. */
export function typeSource(type: Pick<MiscueType, 'code' | 'own'>): TypeSource {
  if (!type.own) return 'default'
  return DEFAULT_CODES.has(type.code) ? 'changed' : 'own'
}

export const SOURCE_LABELS: Record<TypeSource, MessageDescriptor> = {
  default: msg`Default`,
  changed: msg`Changed for your institution`,
  own: msg`Added by your institution`,
}

/** The two passage languages a profile is chosen for (shared/reports/scoring-profile.ts passageLanguage). */
export const PASSAGE_LABELS: Record<PassageLanguage, MessageDescriptor> = {
  ar: msg`Arabic passages`,
  en: msg`Other passages`,
}
