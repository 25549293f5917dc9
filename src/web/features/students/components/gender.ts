import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'

/** Gender values are m and f (spec §3); anything else shows as empty. */
export function genderLabel(i18n: I18n, gender: string): string {
  if (gender === 'm') return i18n._(msg`Male`)
  if (gender === 'f') return i18n._(msg`Female`)
  return ''
}
