// GET /api/capture/school/{schoolId}/year/{yearId}/: the capture kit of one school and year (ADR 0090), for the
// roles that may record sittings; a school the user may not reach answers 403, another institution's 404.
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { schoolAccess } from '../../middleware/school-access'
import { HttpError } from '../../lib/http-error'
import { idParam } from '../../lib/validate'
import { captureKit } from './capture.service'
import { describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

export const captureRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.captureKit, requireAuth, allow('sitting', 'write'), schoolAccess)
  .get(routes.captureKit, describe({ summary: 'Capture kit for recording sittings offline: the classes the user may record for (teachers: the ones they teach that year) with their students, the text passages, the taxonomy and the scoring profiles', tag: 'sitting', operationId: 'captureKit' }), async (c) => {
    const institution = c.get('institution')
    if (!institution) throw HttpError.of(404, 'notFound', c.get('lang'))
    const kit = await captureKit({ db: c.get('deps').db, institutionId: institution.id, user: c.get('user') }, idParam(c, 'schoolId'), idParam(c, 'yearId'))
    if (!kit) throw HttpError.of(404, 'notFound', c.get('lang'))
    return c.json({ payload: kit })
  })
