import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { Role } from '../../../shared/roles'

const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  platform_admin: msg`Platform administrator`,
  institution_admin: msg`Institution administrator`,
  school_admin: msg`School administrator`,
  teacher: msg`Teacher`,
  viewer: msg`Viewer`,
}

/** The translated name of a role; an unknown role keeps its code. */
export function roleName(i18n: I18n, role: string): string {
  const descriptor = (ROLE_NAMES as Record<string, MessageDescriptor | undefined>)[role]
  return descriptor ? i18n._(descriptor) : role
}

/**
 * What the role search sends: the server matches the role's code, so a typed role name (in the page's
 * language) becomes the code of the one role it names; anything else is sent as typed.
 */
export function roleSearchValue(i18n: I18n, typed: string): string {
  const text = typed.trim().toLowerCase()
  if (!text) return typed
  const matches = (Object.keys(ROLE_NAMES) as Role[]).filter((role) => i18n._(ROLE_NAMES[role]).toLowerCase().includes(text))
  return matches.length === 1 ? matches[0]! : typed
}
