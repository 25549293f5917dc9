// What a job is: a name (its pg-boss queue), a payload schema, a handler and its limits.
// See job-queue.ts (top comment) for how to add one.
import type * as v from 'valibot'
import type { Db } from '../db/client'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'

/** What a handler may use. It never sees an HTTP request: everything else comes from its payload. */
export type JobContext = {
  db: Db
  env: Env
  /** Sends at once (the transport, not the queue): only the mail job should need it. */
  transport: Mailer
  /** Queues another job (for example the mail a finished job sends). */
  send: <P>(job: JobDefinition<P>, payload: P) => Promise<string>
  jobId: string
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number
  /** True when a failure now is final (no retry left): the job is about to end FAILURE. */
  lastAttempt: boolean
  /** Aborted when the time limit passes or the server stops: check it between steps. */
  signal: AbortSignal
  /** Stores progress where the status call reads it (tracked jobs only; a no-op otherwise). */
  progress: (current: number, total: number, status: string) => Promise<void>
  log: (line: string) => void
}

export type JobDefinition<P, R = unknown> = {
  /** The pg-boss queue name: lower-case words joined by dashes. */
  name: string
  payload: v.GenericSchema<unknown, P>
  /**
   * Tracked jobs get a job_tasks row (PENDING → PROGRESS → SUCCESS | FAILURE) that a status call
   * reads; untracked ones (mail, pruning) keep only pg-boss's own record and the log.
   */
  tracked?: boolean
  /** Times a failed run is tried again (pg-boss retryLimit). */
  retries: number
  /** Seconds before a retry (doubled each time when backoff is on). */
  retryDelaySeconds: number
  retryBackoff?: boolean
  /** Seconds one run may take; then its signal is aborted and the run counts as failed. */
  timeLimitSeconds: number
  /** Cron expression: the job is also queued on this schedule (payload must accept {}). */
  cron?: string
  handle: (payload: P, ctx: JobContext) => Promise<R>
  /**
   * Called once when the job has failed for good (last attempt failed, or it was interrupted and no
   * retry is left): undo partial work so nothing half-done stays behind.
   */
  cleanUp?: (payload: P, ctx: Pick<JobContext, 'db' | 'env' | 'jobId' | 'log'>) => Promise<void>
}

export function defineJob<P, R = unknown>(def: JobDefinition<P, R>): JobDefinition<P, R> {
  return def
}
