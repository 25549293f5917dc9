// Translated names of the built-in report types and the report scopes (spec §3, §9).
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { REPORT_TYPES, SCOPE_TYPES, libraryOfReportType } from '../../../shared/schemas/assessment-library'

const BUILT_IN: Record<number, MessageDescriptor> = {
  [REPORT_TYPES.common]: msg`Common miscue report`,
  [REPORT_TYPES.accurate]: msg`Miscue accuracy report`,
  [REPORT_TYPES.tally]: msg`Tally report`,
}

const SCOPES: Record<number, MessageDescriptor> = {
  [SCOPE_TYPES.class]: msg`Class`,
  [SCOPE_TYPES.school]: msg`School`,
  [SCOPE_TYPES.institution]: msg`Institution`,
}

/** Class, school, institution: from the narrowest scope to the widest. */
export const SCOPE_ORDER = [SCOPE_TYPES.class, SCOPE_TYPES.school, SCOPE_TYPES.institution] as const
export const BUILT_IN_REPORT_TYPES = [REPORT_TYPES.common, REPORT_TYPES.accurate, REPORT_TYPES.tally] as const

export function scopeLabel(i18n: I18n, scope: number): string {
  const descriptor = SCOPES[scope]
  return descriptor ? i18n._(descriptor) : String(scope)
}

/** A built-in type by name; a custom type (100 + library id) by its library's name when known. */
export function reportTypeLabel(i18n: I18n, type: number, libraryNames: ReadonlyMap<number, string> = new Map()): string {
  const descriptor = BUILT_IN[type]
  if (descriptor) return i18n._(descriptor)
  const library = libraryOfReportType(type)
  const name = library === null ? undefined : libraryNames.get(library)
  return name ? i18n._(msg`Custom report: ${name}`) : i18n._(msg`Custom report ${type}`)
}
