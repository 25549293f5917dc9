// Copies an institution into a new demo institution (POST /api/demo-institution/create/ queues it; the screen
// polls /status/). Tracked: progress is rows copied / rows to copy. A failed or interrupted run leaves nothing:
// the next attempt, or the final clean-up, deletes the unfinished demo. Mails notify_email when done.
import * as v from 'valibot'
import { copyDemoInstitution, DemoCopyError, removeUnfinishedDemo, type DemoCopyResult } from './demo-copy.service'
import { demoReadyMail } from './demo-institution.messages'
import { DEMO_USER_PASSWORD } from '../../../shared/schemas/demo-institution'
import { defineJob } from '../../jobs/define-job'
import { sendMailJob } from '../../jobs/send-mail.job'

const Payload = v.object({
  source_client_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  demo_name: v.string(),
  demo_subdomain: v.string(),
  notify_email: v.pipe(v.string(), v.email()),
  /** Where users open the demo, e.g. http://demo-x.localhost:8080 (the configured public address, ADR 0114). */
  access_url: v.string(),
  lang: v.picklist(['en', 'ar']),
})
export type CopyDemoPayload = v.InferOutput<typeof Payload>

export const copyDemoInstitutionJob = defineJob<CopyDemoPayload, DemoCopyResult>({
  name: 'copy-demo-institution',
  payload: Payload,
  tracked: true,
  retries: 2,
  retryDelaySeconds: 10,
  timeLimitSeconds: 30 * 60,
  async handle(p, ctx) {
    try {
      const result = await copyDemoInstitution(ctx.db, {
        jobId: ctx.jobId,
        source_client_id: p.source_client_id,
        demo_name: p.demo_name,
        demo_subdomain: p.demo_subdomain,
        accessUrl: p.access_url,
        baseDomain: ctx.env.baseDomain,
      }, { progress: ctx.progress })
      const mail = demoReadyMail({
        name: p.demo_name, url: p.access_url, username: result.statistics.first_admin_username, password: DEMO_USER_PASSWORD, lang: p.lang,
      })
      await ctx.send(sendMailJob, { to: p.notify_email, ...mail })
      return result
    } catch (e) {
      // Leave nothing half-made behind this attempt, whether or not another one follows. An aborted run
      // (time limit, server stopping) may still have a statement in flight: the next attempt, or the final
      // clean-up, removes what it left.
      if (!ctx.signal.aborted) await removeUnfinishedDemo(ctx.db, ctx.jobId)
      if (e instanceof DemoCopyError) throw Object.assign(e, { final: true })
      throw e
    }
  },
  async cleanUp(_p, { db, jobId }) {
    await removeUnfinishedDemo(db, jobId)
  },
})
