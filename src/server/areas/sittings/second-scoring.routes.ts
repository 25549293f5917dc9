// Second scorings across sittings (issue 27, ADR 0128): the readings the signed-in user was asked to score, and
// the agreement summaries per teacher and per school over a period.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { validate } from '../../lib/validate'
import { ReportRangeSchema } from '../../../shared/schemas/report'
import { waitingScorings } from './second-scoring-request.service'
import { agreementSummary, type SummaryBy } from './second-scoring-summary.service'
import { scope } from './sitting-scope'
import { describe } from '../../lib/route-doc'
import { DATES_IN_PATH } from '../../reports/scope-paths'
import { routes } from '../../../shared/routes'

async function summary(c: Context<AppEnv>, by: SummaryBy) {
  const s = await scope(c)
  const range = validate(ReportRangeSchema, { from_date: c.req.param('from'), to_date: c.req.param('to') }, s.lang)
  return c.json({ payload: await agreementSummary(s, by, range.from_date, range.to_date) })
}

export const secondScoringRoutes = new Hono<AppEnv>({ strict: false })
  .use('/second-scoring/*', requireAuth, allow('second-scoring', 'read'))
  .get(routes.waitingScorings, describe({ summary: 'The readings the signed-in user was asked to score blind and has not yet ({results, count}): sitting, school and class, student, passage, who asked and when; never the first marks or figures', tag: 'sitting', operationId: 'listWaitingScorings' }), async (c) => {
    const results = await waitingScorings(await scope(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.agreementByTeacher, describe({ summary: `Agreement per teacher (who recorded the sittings) over sittings read in the range: sittings double-scored, second scorings, mean percent agreement, Cohen's kappa over all word codes pooled, and the miscue types most often disagreed on. School staff see the teachers of their schools, institution staff every teacher, a teacher only their own row. ${DATES_IN_PATH}`, tag: 'sitting', operationId: 'agreementSummaryByTeacher' }), (c) => summary(c, 'teacher'))
  .get(routes.agreementBySchool, describe({ summary: `The same figures per school: school staff see their schools, institution staff every school; not teachers (403). ${DATES_IN_PATH}`, tag: 'sitting', operationId: 'agreementSummaryBySchool' }), (c) => summary(c, 'school'))
