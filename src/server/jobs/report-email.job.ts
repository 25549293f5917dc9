// Email variants of the tally, bundle, parent and comparative reports: the request answers at once; this job
// builds the .xlsx (the same code as the download) and queues the mail with the file attached to the requester.
import * as v from 'valibot'
import { emailReport } from '../reports/report-email'
import type { ReportRequest } from '../reports/report-files'
import { defineJob } from './define-job'
import { jobMailer } from './send-mail.job'

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))
const ReportEmailPayload = v.object({
  kind: v.picklist(['tally', 'bundle', 'parent', 'comparative']),
  institutionId: v.number(),
  userId: v.number(),
  lang: v.picklist(['en', 'ar']),
  scope: v.picklist(['class', 'school', 'institution']),
  scopeId: v.nullable(v.number()),
  libraryId: v.nullable(v.number()),
  from_date: day,
  to_date: day,
  second_from_date: v.optional(day),
  second_to_date: v.optional(day),
}) satisfies v.GenericSchema<unknown, ReportRequest>

export const reportEmailJob = defineJob<ReportRequest>({
  name: 'report-email',
  payload: ReportEmailPayload,
  tracked: true,
  retries: 2,
  retryDelaySeconds: 30,
  timeLimitSeconds: 600,
  async handle(payload, ctx) {
    await emailReport({ db: ctx.db, mailer: jobMailer(ctx.send) }, payload)
    return null
  },
})
