// What a sitting route works with: the caller, their institution and the schools they reach; and for a route
// naming one sitting, its id and the school and class of the path (after the school check).
import type { Context } from 'hono'
import type { AppEnv } from '../../context'
import { accessibleSchoolIds } from '../../domain/accessible-schools'
import { HttpError } from '../../lib/http-error'
import { idParam } from '../../lib/validate'
import { assertSchoolAccess } from '../../middleware/school-access'
import type { SittingScope } from './sittings.service'

export async function scope(c: Context<AppEnv>): Promise<SittingScope> {
  const institution = c.get('institution')
  if (!institution) throw HttpError.of(404, 'notFound', c.get('lang'))
  const { db, env } = c.get('deps')
  return { db, env, lang: c.get('lang'), institutionId: institution.id, user: c.get('user'), schools: await accessibleSchoolIds(db, c.get('user'), institution.id) }
}

/** The sitting a change names, after the school check. */
export async function changeScope(c: Context<AppEnv>) {
  const schoolId = idParam(c, 'schoolId')
  await assertSchoolAccess(c, schoolId)
  return { s: await scope(c), id: idParam(c, 'sittingId'), where: { schoolId, classId: idParam(c, 'classId') } }
}
