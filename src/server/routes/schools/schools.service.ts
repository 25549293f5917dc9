import { and, asc, eq, inArray } from 'drizzle-orm'
import type { AuthUser } from '../../context'
import type { Db } from '../../db/client'
import { schools, userSchools } from '../../db/schema/tables'
import { seesAllSchools } from '../../../shared/permissions'
import type { SchoolOption } from '../../../shared/schemas/reference'

/** 'all' for roles that see every school of the institution; otherwise the ids mapped to the user. */
export async function accessibleSchoolIds(db: Db, user: AuthUser, institutionId: number): Promise<'all' | number[]> {
  if (seesAllSchools(user.role)) return 'all'
  const rows = await db
    .select({ id: userSchools.school_id })
    .from(userSchools)
    .innerJoin(schools, eq(schools.id, userSchools.school_id))
    .where(and(eq(userSchools.user_id, user.id), eq(schools.institution_id, institutionId)))
  return rows.map((r) => r.id)
}

export async function mySchools(db: Db, user: AuthUser, institutionId: number): Promise<SchoolOption[]> {
  const allowed = await accessibleSchoolIds(db, user, institutionId)
  if (allowed !== 'all' && allowed.length === 0) return []
  return db
    .select({ id: schools.id, display_name: schools.display_name, arabic_display_name: schools.arabic_display_name })
    .from(schools)
    .where(and(eq(schools.institution_id, institutionId), allowed === 'all' ? undefined : inArray(schools.id, allowed)))
    .orderBy(asc(schools.display_name), asc(schools.id))
}
