import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { platformHost } from '../../middleware/platform-host'
import { readListParams } from '../../lib/list-query'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { LicenceSchema } from '../../../shared/schemas/licence'
import { requestScope } from '../../lib/request-scope'
import { licenceListSpec, licenceService } from './licences.service'
import { describe } from '../../lib/route-doc'

const base = '/institution/:institutionId{[0-9]+}/license'

/** Licences of an institution (platform host, platform admins). */
export const licenceRoutes = new Hono<AppEnv>({ strict: false })
  .use(base, platformHost, requireAuth)
  .use(`${base}/*`, platformHost, requireAuth)
  .get(base, describe({ summary: 'List licences of an institution (used_quantity = active students)', tag: 'licence', list: true }), allow('licence', 'read'), async (c) => {
    return c.json({ payload: await licenceService.list(requestScope(c), idParam(c, 'institutionId'), readListParams(c, licenceListSpec)) })
  })
  .post(base, describe({ summary: 'Add a licence', tag: 'licence', body: LicenceSchema }), allow('licence', 'write'), async (c) => {
    const input = validate(LicenceSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await licenceService.create(requestScope(c), idParam(c, 'institutionId'), input) }, 201)
  })
  .get(`${base}/:id{[0-9]+}`, describe({ summary: 'Read a licence', tag: 'licence' }), allow('licence', 'read'), async (c) => {
    return c.json({ payload: await licenceService.get(requestScope(c), idParam(c, 'institutionId'), idParam(c, 'id')) })
  })
  .put(`${base}/:id{[0-9]+}`, describe({ summary: 'Update a licence', tag: 'licence', body: LicenceSchema }), allow('licence', 'write'), async (c) => {
    const input = validate(LicenceSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await licenceService.update(requestScope(c), idParam(c, 'institutionId'), idParam(c, 'id'), input) })
  })
