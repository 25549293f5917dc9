// A student's progress and goal (issue 26, ADR 0125): the trend every reader of reports may see, the goal the
// staff who may write students set. Off an institution's host the student is unknown (404).
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { requestScope } from '../../lib/request-scope'
import { idParam } from '../../lib/validate'
import { StudentGoalSchema } from '../../../shared/schemas/student-goal'
import { setGoal, studentProgress, updateGoal } from './progress.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

export const progressRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.studentProgress, requireAuth, allow('report', 'read'))
  .use(routes.studentGoals, requireAuth, allow('student-goal', 'write'))
  .use(`${routes.studentGoals}/*`, requireAuth, allow('student-goal', 'write'))
  .get(routes.studentProgress, describe({ summary: "A student's progress: every reading oldest first across years (day, WCPM, accuracy, band, text level), the goal, the rate of improvement (words per week, least squares over the newest year's readings) and below_aimline (the last three readings from the aimline's start all under it)", tag: 'report', operationId: 'studentProgress' }), async (c) => c.json({ payload: await studentProgress(requestScope(c), idParam(c, 'id')) }))
  .post(routes.studentGoals, describe({ summary: "Set the student's goal and aimline (start day and WCPM, goal day and WCPM); a student has one goal, so this replaces any earlier one", tag: 'report', body: StudentGoalSchema, operationId: 'setStudentGoal' }), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await setGoal(requestScope(c), idParam(c, 'id'), input) }, 201)
  })
  .put(routes.studentGoal, describe({ summary: "Change the student's goal (send updated_at to detect conflicting edits: 409 with the goal as it is now)", tag: 'report', body: StudentGoalSchema, operationId: 'updateStudentGoal' }), async (c) => {
    const input = await bodyOf(c)
    return c.json({ payload: await updateGoal(requestScope(c), idParam(c, 'id'), idParam(c, 'goalId'), input) })
  })
