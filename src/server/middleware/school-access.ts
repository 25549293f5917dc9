// Routes under /api/school/:schoolId/ need a school of this institution that the user may reach.
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { schools } from '../db/schema/tables'
import { HttpError } from '../lib/http-error'
import { idParam } from '../lib/validate'
import { accessibleSchoolIds } from '../domain/accessible-schools'

/** 404 when the school is not this institution's, 403 when the user is not mapped to it. */
export async function assertSchoolAccess(c: Context<AppEnv>, schoolId: number): Promise<void> {
  const lang = c.get('lang')
  const institution = c.get('institution')
  if (!institution) throw HttpError.of(404, 'notFound', lang)
  const { db } = c.get('deps')
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.institution_id, institution.id)))
  if (!school) throw HttpError.of(404, 'notFound', lang)
  const allowed = await accessibleSchoolIds(db, c.get('user'), institution.id)
  if (allowed !== 'all' && !allowed.includes(schoolId)) throw HttpError.of(403, 'schoolForbidden', lang)
}

export const schoolAccess = createMiddleware<AppEnv>(async (c, next) => {
  await assertSchoolAccess(c, idParam(c, 'schoolId'))
  await next()
})
