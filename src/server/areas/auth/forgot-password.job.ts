// "Forgot password": the request answers at once and this job does the rest — finds the account, issues
// its reset key and queues the mail — so the answer takes the same time whether the account exists
// (docs/adr/0113).
import * as v from 'valibot'
import type { Deps } from '../../context'
import { forgotPassword } from './auth.service'
import { defineJob } from '../../jobs/define-job'
import { jobMailer } from '../../jobs/send-mail.job'

const ForgotPasswordPayload = v.object({
  email: v.string(),
  institution: v.nullable(v.object({ id: v.number(), organization_name: v.string(), subdomain_name: v.string() })),
  lang: v.picklist(['en', 'ar']),
})

export const forgotPasswordJob = defineJob<v.InferOutput<typeof ForgotPasswordPayload>>({
  name: 'forgot-password',
  payload: ForgotPasswordPayload,
  retries: 2,
  retryDelaySeconds: 30,
  timeLimitSeconds: 60,
  async handle(payload, ctx) {
    // forgotPassword reads only the database, the settings and the mailer.
    await forgotPassword({ db: ctx.db, env: ctx.env, mailer: jobMailer(ctx.send) } as Pick<Deps, 'db' | 'env' | 'mailer'> as Deps, payload)
    return null
  },
})
