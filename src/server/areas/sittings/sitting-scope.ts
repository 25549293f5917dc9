// What a sitting route works with: the request's institution scope; and for a route naming one sitting, its id
// and the school and class of the path (after the school check).
import type { Context } from 'hono'
import type { AppEnv } from '../../context'
import type { InstitutionScope } from '../../domain/scope'
import { institutionScope } from '../../lib/request-scope'
import { idParam } from '../../lib/validate'
import { assertSchoolAccess } from '../../middleware/school-access'

/** The request's scope, the schools the user reaches read already (the services' transactions need not read them). */
export async function scope(c: Context<AppEnv>): Promise<InstitutionScope> {
  const s = institutionScope(c)
  await s.schools()
  return s
}

/** The sitting a change names, after the school check. */
export async function changeScope(c: Context<AppEnv>) {
  const schoolId = idParam(c, 'schoolId')
  await assertSchoolAccess(c, schoolId)
  return { s: await scope(c), id: idParam(c, 'sittingId'), where: { schoolId, classId: idParam(c, 'classId') } }
}
