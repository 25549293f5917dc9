export const ROLES = ['platform_admin', 'institution_admin', 'school_admin', 'teacher', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** Roles whose users must be mapped to one or more schools (spec §3 required_school_mapping). */
export const ROLES_REQUIRING_SCHOOLS: readonly Role[] = ['school_admin', 'teacher', 'viewer']

export function requiresSchoolMapping(role: Role): boolean {
  return ROLES_REQUIRING_SCHOOLS.includes(role)
}
