import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { platformHost } from '../../middleware/platform-host'
import { readListParams } from '../../lib/list-query'
import { idParam } from '../../lib/validate'
import { LicenceSchema } from '../../../shared/schemas/licence'
import { requestScope } from '../../lib/request-scope'
import { licenceListSpec, licenceService } from './licences.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** Licences of an institution (platform host, platform admins). */
export const licenceRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.licences, platformHost, requireAuth)
  .use(`${routes.licences}/*`, platformHost, requireAuth)
  .get(routes.licences, describe({ summary: 'List licences of an institution (used_quantity = active students)', tag: 'licence', list: true }), allow('licence', 'read'), async (c) => {
    return c.json({ payload: await licenceService.list(requestScope(c), idParam(c, 'institutionId'), readListParams(c, licenceListSpec)) })
  })
  .post(routes.licences, describe({ summary: 'Add a licence', tag: 'licence', body: LicenceSchema }), allow('licence', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await licenceService.create(requestScope(c), idParam(c, 'institutionId'), input) }, 201)
  })
  .get(routes.licence, describe({ summary: 'Read a licence', tag: 'licence' }), allow('licence', 'read'), async (c) => {
    return c.json({ payload: await licenceService.get(requestScope(c), idParam(c, 'institutionId'), idParam(c, 'id')) })
  })
  .put(routes.licence, describe({ summary: 'Update a licence', tag: 'licence', body: LicenceSchema }), allow('licence', 'write'), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await licenceService.update(requestScope(c), idParam(c, 'institutionId'), idParam(c, 'id'), input) })
  })
