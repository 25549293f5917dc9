import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { platformHost } from '../../middleware/platform-host'
import { requestScope } from '../../lib/request-scope'
import { jsonBody, validate } from '../../lib/validate'
import { DemoInstitutionSchema, DemoStatusRequestSchema } from '../../../shared/schemas/demo-institution'
import { publicOrigin } from '../../domain/institution-hosts'
import { demoCopyStatus, startDemoCopy } from './demo-institution.service'

/** Demo institutions (platform host, platform admins): start a copy, then poll its task. */
export const demoInstitutionRoutes = new Hono<AppEnv>({ strict: false })
  .use('/demo-institution/*', platformHost, requireAuth)
  .post('/demo-institution/create', allow('demo-institution', 'write'), async (c) => {
    const s = requestScope(c)
    const input = validate(DemoInstitutionSchema, await jsonBody(c), s.lang)
    const accessUrl = publicOrigin(c.get('deps').env, input.demo_subdomain)
    return c.json({ payload: await startDemoCopy(s, c.get('deps').jobs, input, accessUrl) }, 202)
  })
  .post('/demo-institution/status', allow('demo-institution', 'read'), async (c) => {
    const s = requestScope(c)
    const { task_id } = validate(DemoStatusRequestSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await demoCopyStatus(s, c.get('deps').jobs, task_id) })
  })
