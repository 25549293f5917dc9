import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { platformHost } from '../../middleware/platform-host'
import { requestScope } from '../../lib/request-scope'

import { DemoInstitutionSchema, DemoStatusRequestSchema } from '../../../shared/schemas/demo-institution'
import { publicOrigin } from '../../domain/institution-hosts'
import { demoCopyStatus, startDemoCopy } from './demo-institution.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** Demo institutions (platform host, platform admins): start a copy, then poll its task. */
export const demoInstitutionRoutes = new Hono<AppEnv>({ strict: false })
  .use('/demo-institution/*', platformHost, requireAuth)
  .post(routes.demoInstitutionCreate, describe({ summary: 'Copy institution source_client_id into a new demo institution on sub-domain demo_subdomain, for platform admins on the platform host; answers 202 {task_id} at once, the copy runs as a job and notify_email is mailed when it is ready. 400 for an unknown source or a reserved, taken or already queued sub-domain', tag: 'institution', body: DemoInstitutionSchema }), allow('demo-institution', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    const accessUrl = publicOrigin(c.get('deps').env, input.demo_subdomain)
    return c.json({ payload: await startDemoCopy(s, c.get('deps').jobs, input, accessUrl) }, 202)
  })
  .post(routes.demoInstitutionStatus, describe({ summary: 'The state of a demo copy task (a read sent as POST): PENDING or PROGRESS {current, total, status}, SUCCESS {demo_client_id, statistics, message}, FAILURE {error}, or UNKNOWN for an id that is not a demo copy', tag: 'institution', body: DemoStatusRequestSchema }), allow('demo-institution', 'read'), async (c) => {
    const s = requestScope(c)
    const { task_id } = await bodyOf(c)
    return c.json({ payload: await demoCopyStatus(s, c.get('deps').jobs, task_id) })
  })
