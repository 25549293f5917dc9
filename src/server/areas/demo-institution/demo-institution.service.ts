// Starting a demo institution copy and reading its progress (platform admins). The copy itself runs in the
// copy-demo-institution job (demo-copy.service.ts); this service only checks the request and reads the task.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DomainScope } from '../../domain/scope'
import { institutions, jobTasks } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import type { JobQueue } from '../../jobs/job-queue'
import { DuplicateTaskError } from '../../jobs/job-queue'
import { copyDemoInstitutionJob } from './copy-demo-institution.job'
import type { DemoInstitutionRequest, DemoStatistics, DemoTaskStatus } from '../../../shared/schemas/demo-institution'
import { RESERVED_SUBDOMAINS } from '../../domain/institution-hosts'
import { DEMO_MESSAGES as M, DEMO_STEPS } from './demo-institution.messages'

const taken = (lang: Lang) => HttpError.say(400, M.subdomainTaken, lang, 'demo_subdomain', 'subdomain_taken')

/** Checks the request, queues the copy and answers its task id at once. */
export async function startDemoCopy(s: DomainScope, jobs: JobQueue, input: DemoInstitutionRequest, accessUrl: string): Promise<{ task_id: string }> {
  const [source] = await s.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, input.source_client_id))
  if (!source) throw HttpError.say(400, M.sourceNotFound, s.lang, 'source_client_id', 'not_found')
  if (RESERVED_SUBDOMAINS.has(input.demo_subdomain)) throw HttpError.say(400, M.subdomainReserved, s.lang, 'demo_subdomain', 'subdomain_reserved')
  const [clash] = await s.db
    .select({ id: institutions.id })
    .from(institutions)
    .where(sql`lower(${institutions.subdomain_name}) = ${input.demo_subdomain}`)
  if (clash) throw taken(s.lang)
  // A copy to this sub-domain already queued or running (the queue's own unique index stays the last word
  // when two requests race; this check answers in the request, whose job is queued after it commits).
  const [open] = await s.db
    .select({ id: jobTasks.id })
    .from(jobTasks)
    .where(and(eq(jobTasks.name, copyDemoInstitutionJob.name), eq(jobTasks.unique_key, input.demo_subdomain), inArray(jobTasks.state, ['PENDING', 'PROGRESS'])))
  if (open) throw taken(s.lang)
  try {
    const id = await jobs.send(copyDemoInstitutionJob, {
      source_client_id: input.source_client_id,
      demo_name: input.demo_name,
      demo_subdomain: input.demo_subdomain,
      notify_email: input.notify_email,
      access_url: accessUrl,
      lang: s.lang,
    }, { uniqueKey: input.demo_subdomain, requestedBy: s.user.id })
    return { task_id: id }
  } catch (e) {
    // Another copy to this sub-domain is queued or running.
    if (e instanceof DuplicateTaskError) throw taken(s.lang)
    throw e
  }
}

function errorText(error: string | null, lang: Lang): string {
  if (!error) return M.interrupted[lang]
  const known = (M as Record<string, unknown>)[error]
  if (known && typeof known === 'object') return (known as { en: string; ar: string })[lang]
  return M.failed(error)[lang]
}

/** The task as the screen polls it; UNKNOWN for an id that is not a demo copy. */
export async function demoCopyStatus(s: DomainScope, jobs: JobQueue, taskId: string): Promise<DemoTaskStatus> {
  const task = await jobs.status(taskId)
  if (!task || task.name !== copyDemoInstitutionJob.name) return { state: 'UNKNOWN' }
  const status = task.status ? (DEMO_STEPS[task.status]?.[s.lang] ?? task.status) : null
  switch (task.state) {
    case 'PENDING':
      return { state: 'PENDING', status }
    case 'PROGRESS':
      return { state: 'PROGRESS', current: task.current, total: task.total, status }
    case 'SUCCESS': {
      const result = task.result as { demo_client_id: number; statistics: DemoStatistics }
      return { state: 'SUCCESS', demo_client_id: result.demo_client_id, statistics: result.statistics, message: M.created[s.lang] }
    }
    case 'FAILURE':
      return { state: 'FAILURE', error: errorText(task.error, s.lang) }
  }
}
