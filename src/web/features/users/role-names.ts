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
