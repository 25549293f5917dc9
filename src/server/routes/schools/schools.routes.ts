import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { readListParams } from '../../lib/list-query'
import { scopeOf } from '../../lib/scope'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { can } from '../../../shared/permissions'
import { SchoolSchema } from '../../../shared/schemas/school'
import { SCHOOL_MESSAGES } from './schools.messages'
import { mySchools, schoolListSpec, schoolService } from './schools.service'

export const schoolRoutes = new Hono<AppEnv>({ strict: false })
  .use('/myschools', requireAuth)
  .get('/myschools', async (c) => {
    const results = c.get('institution') ? await mySchools(scopeOf(c)) : []
    return c.json({ payload: { results, count: results.length } })
  })
  .use('/all_schools', requireAuth)
  .get('/all_schools', async (c) => {
    const results = await mySchools(scopeOf(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .use('/work-flow/school', requireAuth)
  .get('/work-flow/school', (c) => {
    const message = can(c.get('user').role, 'school', 'write') ? null : SCHOOL_MESSAGES.readOnly[c.get('lang')]
    return c.json({ payload: { message } })
  })
  .use('/school', requireAuth)
  .get('/school', allow('school', 'read'), async (c) => {
    return c.json({ payload: await schoolService.list(scopeOf(c), readListParams(c, schoolListSpec)) })
  })
  .post('/school', allow('school', 'write'), async (c) => {
    const s = scopeOf(c)
    const input = validate(SchoolSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await schoolService.create(s, input) }, 201)
  })
  .use('/school/:id{[0-9]+}', requireAuth)
  .get('/school/:id{[0-9]+}', allow('school', 'read'), async (c) => {
    return c.json({ payload: await schoolService.get(scopeOf(c), idParam(c, 'id')) })
  })
  .put('/school/:id{[0-9]+}', allow('school', 'write'), async (c) => {
    const s = scopeOf(c)
    const input = validate(SchoolSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await schoolService.update(s, idParam(c, 'id'), input) })
  })
  .delete('/school/:id{[0-9]+}', allow('school', 'write'), async (c) => {
    await schoolService.remove(scopeOf(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
