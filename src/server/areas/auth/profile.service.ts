import { and, count, eq } from 'drizzle-orm'
import type { Access, ProfilePayload } from '../../../shared/schemas/auth'
import { CREATE_ROLES, LANDING_URL, MENU, seesAllSchools } from '../../../shared/permissions'
import type { Role } from '../../../shared/roles'
import type { Db } from '../../db/client'
import { institutions, schools, userSchools, users } from '../../db/schema/tables'
import type { Institution } from '../../context'

/**
 * Profile, menu, create_roles and access flags for a user on the current host. Platform admins on an
 * institution's host work as that institution's admin (see docs/adr/0004-tenancy-and-tokens.md).
 */
export async function buildProfile(db: Db, userId: number, institution: Institution | null): Promise<ProfilePayload> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new Error(`user ${userId} vanished`)
  const role = user.role as Role
  const actingRole: Role = role === 'platform_admin' && institution ? 'institution_admin' : role
  let schoolCount = 0
  let multipleSchools = false
  if (institution) {
    const [settings] = await db.select({ multiple: institutions.has_multiple_school }).from(institutions).where(eq(institutions.id, institution.id))
    multipleSchools = settings?.multiple ?? true
    const [row] = seesAllSchools(actingRole)
      ? await db.select({ n: count() }).from(schools).where(eq(schools.institution_id, institution.id))
      : await db
          .select({ n: count() })
          .from(userSchools)
          .innerJoin(schools, eq(schools.id, userSchools.school_id))
          .where(and(eq(userSchools.user_id, user.id), eq(schools.institution_id, institution.id)))
    schoolCount = Number(row?.n ?? 0)
  }
  const access: Access = {
    has_access_to_multiple_tenant: role === 'platform_admin',
    has_multiple_school_access: seesAllSchools(actingRole),
    // Spec §6: only admins of an institution with several schools (and several schools to them) choose one.
    has_school_selection: institution !== null && multipleSchools && schoolCount > 1,
    has_year_selection: institution !== null,
    landing_url: LANDING_URL,
  }
  return {
    profile: {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      role,
      institution: institution
        ? { id: institution.id, name: institution.organization_name, subdomain: institution.subdomain_name }
        : null,
    },
    menu: [...MENU[actingRole]],
    create_roles: [...CREATE_ROLES[actingRole]],
    access,
  }
}
