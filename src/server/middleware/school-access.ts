// Routes under /api/school/:schoolId/ need a school of this institution that the user may reach.
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { schools } from '../db/schema/tables'
import { HttpError } from '../lib/http-error'
import { idParam } from '../lib/validate'
import { accessibleSchoolIds } from '../domain/accessible-schools'
import { seesAllSchools } from '../../shared/permissions'

/** 404 when the school is not this institution's, 403 when the user is not mapped to it. */
export async function assertSchoolAccess(c: Context<AppEnv>, schoolId: number): Promise<void> {
  const lang = c.get('lang')
  const institution = c.get('institution')
  if (!institution) throw HttpError.of(404, 'notFound', lang)
  const { db, access } = c.get('deps')
  // Kept in memory (ADR 0101): a school never moves to another institution; a deleted one is forgotten.
  let owner = access?.schoolInstitution(schoolId)
  if (owner === undefined) {
    const [school] = await db.select({ institution: schools.institution_id }).from(schools).where(eq(schools.id, schoolId))
    if (school) access?.keepSchoolInstitution(schoolId, school.institution)
    owner = school?.institution
  }
  if (owner !== institution.id) throw HttpError.of(404, 'notFound', lang)
  const user = c.get('user')
  let allowed: 'all' | number[] | undefined = seesAllSchools(user.role) ? 'all' : access?.schoolsOf(user.id)
  if (allowed === undefined) {
    allowed = await accessibleSchoolIds(db, user, institution.id)
    if (allowed !== 'all') access?.keepSchoolsOf(user.id, allowed)
  }
  if (allowed !== 'all' && !allowed.includes(schoolId)) throw HttpError.of(403, 'schoolForbidden', lang)
}

export const schoolAccess = createMiddleware<AppEnv>(async (c, next) => {
  await assertSchoolAccess(c, idParam(c, 'schoolId'))
  await next()
})
