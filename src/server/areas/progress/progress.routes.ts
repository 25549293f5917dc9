// A student's progress and goal (issue 26, ADR 0125): the trend every reader of reports may see, the goal the
// staff who may write students set. Off an institution's host the student is unknown (404).
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { requestScope } from '../../lib/request-scope'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { StudentGoalSchema } from '../../../shared/schemas/student-goal'
import { setGoal, studentProgress, updateGoal } from './progress.service'

export const progressRoutes = new Hono<AppEnv>({ strict: false })
  .use('/student/:id/progress', requireAuth, allow('report', 'read'))
  .use('/student/:id/goal', requireAuth, allow('student-goal', 'write'))
  .use('/student/:id/goal/*', requireAuth, allow('student-goal', 'write'))
  .get('/student/:id/progress', async (c) => c.json({ payload: await studentProgress(requestScope(c), idParam(c, 'id')) }))
  .post('/student/:id/goal', async (c) => {
    const input = validate(StudentGoalSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await setGoal(requestScope(c), idParam(c, 'id'), input) }, 201)
  })
  .put('/student/:id/goal/:goalId', async (c) => {
    const input = validate(StudentGoalSchema, await jsonBody(c), c.get('lang'))
    return c.json({ payload: await updateGoal(requestScope(c), idParam(c, 'id'), idParam(c, 'goalId'), input) })
  })
