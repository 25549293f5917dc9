// Which schools of an institution a user may reach: one rule for routes, middleware and jobs.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { schools, userSchools } from '../db/schema/tables'
import { seesAllSchools } from '../../shared/permissions'
import type { Role } from '../../shared/roles'

/** 'all' for roles that see every school of the institution; otherwise the ids mapped to the user. */
export async function accessibleSchoolIds(db: Db, user: { id: number; role: Role }, institutionId: number): Promise<'all' | number[]> {
  if (seesAllSchools(user.role)) return 'all'
  const rows = await db
    .select({ id: userSchools.school_id })
    .from(userSchools)
    .innerJoin(schools, eq(schools.id, userSchools.school_id))
    .where(and(eq(userSchools.user_id, user.id), eq(schools.institution_id, institutionId)))
  return rows.map((r) => r.id)
}
