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

async function summary(c: Context<AppEnv>, by: SummaryBy) {
  const s = await scope(c)
  const range = validate(ReportRangeSchema, { from_date: c.req.param('from'), to_date: c.req.param('to') }, s.lang)
  return c.json({ payload: await agreementSummary(s, by, range.from_date, range.to_date) })
}

export const secondScoringRoutes = new Hono<AppEnv>({ strict: false })
  .use('/second-scoring/*', requireAuth, allow('second-scoring', 'read'))
  .get('/second-scoring/waiting', async (c) => {
    const results = await waitingScorings(await scope(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .get('/second-scoring/summary/teacher/from/:from/to/:to', (c) => summary(c, 'teacher'))
  .get('/second-scoring/summary/school/from/:from/to/:to', (c) => summary(c, 'school'))
