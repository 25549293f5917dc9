// The fields the conflict view compares for a type or a profile (ADR 0040), shared by the forms and the page's
// banner of refused changes.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { ConflictField } from '../../components/form/conflict-dialog'
import { RULE_NAMES } from '../../../shared/reports/scoring-profile'
import { colourName } from './colours'
import { RULE_TEXTS } from './rule-texts'
import { CLASS_CHOICES, LANGUAGE_CHOICES } from './type-labels'
import type { ClassChoice, LanguageChoice } from './type-values'

export function typeConflictFields(i18n: I18n): ConflictField[] {
  return [
    { key: 'display_name', label: i18n._(msg`English name`), dir: 'ltr' },
    { key: 'arabic_display_name', label: i18n._(msg`Arabic name`), dir: 'rtl' },
    { key: 'color_code', label: i18n._(msg`Colour`), format: (hex) => `${colourName(i18n, String(hex))} ${String(hex).toUpperCase()}` },
    { key: 'counts_as_error', label: i18n._(msg`Counts as an error`) },
    { key: 'language', label: i18n._(msg`Offered on`), format: (value) => i18n._(LANGUAGE_CHOICES[(value ?? 'all') as LanguageChoice]) },
    { key: 'scoring_class', label: i18n._(msg`Scoring profiles treat it as`), format: (value) => i18n._(CLASS_CHOICES[(value ?? 'none') as ClassChoice]) },
    { key: 'sort_order', label: i18n._(msg`Position in the list`) },
    { key: 'active', label: i18n._(msg`Active`) },
  ]
}

type WithRules = { rules?: Partial<Record<(typeof RULE_NAMES)[number], boolean>> }

export function profileConflictFields(i18n: I18n): ConflictField[] {
  return [
    { key: 'display_name', label: i18n._(msg`English name`), dir: 'ltr' },
    { key: 'arabic_display_name', label: i18n._(msg`Arabic name`), dir: 'rtl' },
    ...RULE_NAMES.map((name): ConflictField<WithRules, WithRules> => ({
      key: name, label: i18n._(RULE_TEXTS[name].label), mine: (body) => body.rules?.[name], theirs: (current) => current.rules?.[name],
    })),
  ]
}
