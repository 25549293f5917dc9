import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { institutionHost } from '../../middleware/platform-host'
import { readListParams } from '../../lib/list-query'
import { scopeOf } from '../../lib/scope'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { can } from '../../../shared/permissions'
import { UserSchema, UserSchoolsSchema } from '../../../shared/schemas/user'
import { type UserScope, userListSpec, userService as service } from './users.service'

function scope(c: Context<AppEnv>): UserScope {
  return { ...scopeOf(c), deps: c.get('deps'), host: c.req.header('host') ?? 'localhost' }
}

const one = '/user/:id{[0-9]+}'

/** Users of the institution of the host (404 on the platform host). */
export const userRoutes = new Hono<AppEnv>({ strict: false })
  .use('/work-flow/user', institutionHost, requireAuth)
  .get('/work-flow/user', allow('user', 'read'), (c) => {
    return c.json({ payload: { message: service.workflowMessage(scopeOf(c), can(c.get('user').role, 'user', 'write')) } })
  })
  .use('/user', institutionHost, requireAuth)
  .use('/user/*', institutionHost, requireAuth)
  .get('/user', allow('user', 'read'), async (c) => {
    return c.json({ payload: await service.list(scopeOf(c), readListParams(c, userListSpec)) })
  })
  .post('/user', allow('user', 'write'), async (c) => {
    const input = validate(UserSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await service.create(scope(c), input) }, 201)
  })
  .get(one, allow('user', 'read'), async (c) => {
    return c.json({ payload: await service.get(scopeOf(c), idParam(c, 'id')) })
  })
  .put(one, allow('user', 'write'), async (c) => {
    const input = validate(UserSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await service.update(scope(c), idParam(c, 'id'), input) })
  })
  .delete(one, allow('user', 'write'), async (c) => {
    await service.remove(scopeOf(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .get(`${one}/school`, allow('user', 'read'), async (c) => {
    return c.json({ payload: { schools: await service.schools(scopeOf(c), idParam(c, 'id')) } })
  })
  .post(`${one}/school`, allow('user', 'write'), async (c) => {
    const input = validate(UserSchoolsSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: { schools: await service.setSchools(scopeOf(c), idParam(c, 'id'), input.schools) } })
  })
