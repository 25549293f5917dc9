// Background jobs on pg-boss, in the app's own database (PGlite by default, PostgreSQL with DATABASE_URL).
// pg-boss keeps its queue in the `pgboss` schema; tracked jobs also get a job_tasks row (state, progress,
// result, error) that status calls read. See docs/adr/0015-background-work.md.
//
// How to add a job:
//  1. Create src/server/jobs/<what-it-does>.job.ts exporting `defineJob({ name, payload, retries,
//     retryDelaySeconds, timeLimitSeconds, handle })` (plus `tracked: true` if a user watches it,
//     `cleanUp` if a failed run can leave partial rows, `cron` if it also runs on a schedule). The payload is
//     a valibot schema, checked when the job is queued and again when it runs. The handler gets a JobContext
//     (db, env, signal, progress, send, …), never a request: build a domain scope from the payload.
//  2. Add it to ALL_JOBS in src/server/job-registry.ts.
//  3. Queue it: `await c.get('deps').jobs.send(myJob, payload)` answers the job id at once (never inside a
//     database transaction: on PGlite the queue shares the one connection and would wait for it).
//     Tracked jobs: `jobs.status(id)` reads their state.
//  4. Test it through the API harness: nothing polls there; `await h.runJobs()` runs what is queued to the end.
//
// Guarantees: a run that throws is retried `retries` times, then ends FAILURE (cleanUp runs, the error is
// logged); an error with `final: true` ends it FAILURE at once. A run over its time limit is aborted and counts as failed. A run interrupted by a stop or crash
// is re-queued: on PGlite (one process) at the next start, on PostgreSQL when pg-boss expires it (time limit
// + 60 s); with no retry left it ends FAILURE after cleanUp. A tracked task never stays in PROGRESS.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm'
import { PgBoss, fromPglite, type JobWithMetadata } from 'pg-boss'
import * as v from 'valibot'
import type { Db, JobConnection } from '../db/client'
import { jobTasks, type JobTaskState } from '../db/schema/jobs'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { isUniqueViolation } from '../lib/db-errors'
import type { JobContext, JobDefinition } from './define-job'


export type TaskStatus = {
  id: string
  name: string
  state: JobTaskState
  current: number
  total: number
  status: string | null
  result: unknown
  error: string | null
  requested_by: number | null
}

/** A second open task with the same name and unique key (for example a demo for a sub-domain being copied). */
export class DuplicateTaskError extends Error {}

export type JobQueue = {
  /** Installs or migrates pg-boss, creates the queues, starts workers (server) and re-queues interrupted runs. */
  start(): Promise<void>
  /** Stops like a killed process: runs in flight are abandoned (their signal aborts), not failed. */
  stop(): Promise<void>
  /** Queues a job and answers its id. */
  send<P>(job: JobDefinition<P>, payload: P, opts?: { uniqueKey?: string; requestedBy?: number; id?: string }): Promise<string>
  /**
   * The same queue for code running inside the transaction `tx` (a keyed write, middleware/idempotency.ts):
   * `send` answers the job's id at once, and `flush()` queues the jobs once `tx` has committed (never when it
   * rolls back). On PGlite this is also what keeps the request from waiting on itself: pg-boss and the
   * transaction share the one connection.
   */
  withTransaction(tx: Db): JobQueue & { flush(): Promise<void> }
  /** A tracked task's state (null when unknown); a task whose job failed out of band is finalised first. */
  status(id: string): Promise<TaskStatus | null>
  /**
   * Runs queued jobs one at a time until none is ready (tests and benches; the server's workers poll).
   * `includeDelayed` also runs jobs waiting for a retry delay; `maxRuns` stops after that many runs.
   */
  runQueued(opts?: { only?: string[]; includeDelayed?: boolean; maxRuns?: number }): Promise<number>
}

type Options = {
  db: Db
  env: Env
  /** The real mail transport (the app's Deps.mailer queues instead). */
  transport: Mailer
  connection: JobConnection
  jobs: readonly JobDefinition<any>[]
  /** Server: poll with pg-boss workers, run maintenance and schedules. Tests: false, call runQueued. */
  workers: boolean
  log?: (line: string) => void
  /**
   * On PostgreSQL, a tracked run whose heartbeat (its task's updated_at, refreshed while it runs) is older
   * than this is taken for interrupted (its copy was killed or restarted) and failed, which re-queues it.
   * Default 45 s; the heartbeat is refreshed every third of it.
   */
  staleAfterMs?: number
}

class Abandoned extends Error {}

const OPEN: JobTaskState[] = ['PENDING', 'PROGRESS']

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

export function createJobQueue(opts: Options): JobQueue {
  const { db, env, transport } = opts
  const log = opts.log ?? ((line: string) => console.log(line))
  const byName = new Map(opts.jobs.map((j) => [j.name, j]))
  /** Job ids running in this process, with the controller that aborts them. */
  const inFlight = new Map<string, AbortController>()
  const singleProcess = 'pglite' in opts.connection
  let boss: PgBoss | null = null
  let starting: Promise<void> | null = null
  let stopped = false
  let sweeper: NodeJS.Timeout | undefined
  const staleAfterMs = opts.staleAfterMs ?? 45_000

  async function updateTask(id: string, values: Partial<typeof jobTasks.$inferInsert>) {
    await db.update(jobTasks).set({ ...values, updated_at: new Date() }).where(eq(jobTasks.id, id))
  }

  /** The job has failed for good: undo its partial work, then record FAILURE. */
  async function finalFailure(def: JobDefinition<any>, id: string, data: unknown, message: string) {
    log(`[jobs] ${def.name} ${id} FAILED for good: ${message}`)
    if (def.cleanUp) {
      const parsed = v.safeParse(def.payload, data)
      if (parsed.success) {
        try {
          await def.cleanUp(parsed.output, { db, env, jobId: id, log })
        } catch (e) {
          log(`[jobs] ${def.name} ${id} clean-up failed: ${messageOf(e)}`)
        }
      }
    }
    if (def.tracked) await updateTask(id, { state: 'FAILURE', error: message })
  }

  async function run(def: JobDefinition<any>, job: JobWithMetadata<unknown>): Promise<unknown> {
    const attempt = job.retryCount + 1
    const lastAttempt = job.retryCount >= job.retryLimit
    const controller = new AbortController()
    inFlight.set(job.id, controller)
    const limit = setTimeout(
      () => controller.abort(new Error(`time limit of ${def.timeLimitSeconds} s passed`)),
      def.timeLimitSeconds * 1000,
    )
    job.signal?.addEventListener('abort', () => controller.abort(new Abandoned('the worker stopped')))
    // The heartbeat other copies read to tell a run in progress from one whose process is gone.
    const heartbeat = def.tracked
      ? setInterval(() => void updateTask(job.id, {}).catch(() => {}), Math.max(100, Math.floor(staleAfterMs / 3)))
      : undefined
    heartbeat?.unref()
    const ctx: JobContext = {
      db,
      env,
      transport,
      send: (next, payload) => queue.send(next, payload),
      jobId: job.id,
      attempt,
      lastAttempt,
      signal: controller.signal,
      progress: async (current, total, status) => {
        controller.signal.throwIfAborted()
        if (def.tracked) await updateTask(job.id, { current, total, status })
      },
      log,
    }
    try {
      const payload = v.parse(def.payload, job.data)
      if (def.tracked) await updateTask(job.id, { state: 'PROGRESS', attempts: attempt, status: 'starting', error: null })
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason))
      })
      aborted.catch(() => {})
      const result = await Promise.race([def.handle(payload, ctx), aborted])
      if (stopped) throw new Abandoned('the queue stopped')
      if (def.tracked) await updateTask(job.id, { state: 'SUCCESS', result: result ?? null, status: 'done', error: null })
      return result
    } catch (err) {
      if (stopped || err instanceof Abandoned) throw new Abandoned(messageOf(err))
      const message = messageOf(err)
      log(`[jobs] ${def.name} ${job.id} attempt ${attempt} of ${job.retryLimit + 1} failed: ${message}`)
      // An error marked `final` (retrying cannot fix it) ends the job now: pg-boss cancels its retries.
      const final = (err as { final?: unknown }).final === true
      if (lastAttempt || final) {
        await finalFailure(def, job.id, job.data, message)
        if (!lastAttempt) await boss?.cancel(def.name, job.id)
      } else if (def.tracked) {
        await updateTask(job.id, { state: 'PENDING', status: 'retrying', error: message })
      }
      throw err
    } finally {
      clearTimeout(limit)
      clearInterval(heartbeat)
      inFlight.delete(job.id)
    }
  }

  /**
   * Open tasks whose job is no longer running: failed or lost → FAILURE (after clean-up); waiting for a
   * retry → back to PENDING. A run left active by a process that is gone is failed first, which re-queues
   * it when it has retries left: on PGlite (one process) any active run found at start; on PostgreSQL
   * (several copies) a run whose heartbeat is older than staleAfterMs.
   */
  async function reconcile(ids?: string[], atStart = false) {
    if (!boss) return
    const where = ids ? and(inArray(jobTasks.id, ids), inArray(jobTasks.state, OPEN)) : inArray(jobTasks.state, OPEN)
    const open = await db.select().from(jobTasks).where(where)
    for (const task of open) {
      const def = byName.get(task.name)
      if (!def || inFlight.has(task.id)) continue
      let [job] = await boss.findJobs(task.name, { id: task.id })
      const orphaned = singleProcess ? atStart : Date.now() - task.updated_at.getTime() > staleAfterMs
      if (job?.state === 'active' && orphaned) {
        log(`[jobs] ${task.name} ${task.id} was interrupted by a restart`)
        await boss.fail(task.name, task.id, { message: 'interrupted by a restart' })
        ;[job] = await boss.findJobs(task.name, { id: task.id })
      }
      if (!job || job.state === 'failed' || job.state === 'cancelled') {
        await finalFailure(def, task.id, job?.data, task.error ?? 'The job was interrupted and could not be resumed')
      } else if ((job.state === 'retry' || job.state === 'created') && task.state === 'PROGRESS') {
        await updateTask(task.id, { state: 'PENDING', status: 'requeued' })
      }
    }
  }

  async function doStart() {
    const common = { supervise: opts.workers, schedule: opts.workers, migrate: true }
    const b = 'pglite' in opts.connection
      ? new PgBoss({ ...common, db: fromPglite(opts.connection.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: opts.connection.url, max: 4 })
    b.on('error', (e) => log(`[jobs] pg-boss: ${messageOf(e)}`))
    await b.start()
    for (const def of opts.jobs) {
      const options = {
        retryLimit: def.retries,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff ?? false,
        // pg-boss's own limit is a backstop for a process that died mid-run; ours aborts first.
        expireInSeconds: def.timeLimitSeconds + 60,
      }
      if (await b.getQueue(def.name)) await b.updateQueue(def.name, options)
      else await b.createQueue(def.name, options)
    }
    boss = b
    await reconcile(undefined, true)
    if (!opts.workers) return
    for (const def of opts.jobs) {
      await b.work(def.name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) return { result: (await run(def, job)) ?? null }
      })
      if (def.cron) await b.schedule(def.name, def.cron, {})
    }
    sweeper = setInterval(() => void reconcile().catch((e) => log(`[jobs] sweep: ${messageOf(e)}`)), 60_000)
    sweeper.unref()
  }

  function ready(): Promise<void> {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'))
    starting ??= doStart()
    return starting
  }

  const queue: JobQueue = {
    start: ready,
    async stop() {
      stopped = true
      clearInterval(sweeper)
      for (const c of inFlight.values()) c.abort(new Abandoned('the queue stopped'))
      if (starting) await starting.catch(() => {})
      await boss?.stop({ graceful: false, close: !singleProcess })
    },
    async send(def, payload, o = {}) {
      await ready()
      const data = v.parse(def.payload, payload) as object
      const id = o.id ?? randomUUID()
      if (def.tracked) {
        try {
          await db.insert(jobTasks).values({ id, name: def.name, unique_key: o.uniqueKey ?? null, requested_by: o.requestedBy ?? null })
        } catch (e) {
          if (isUniqueViolation(e)) throw new DuplicateTaskError(`${def.name} ${o.uniqueKey} is already queued`)
          throw e
        }
      }
      try {
        await boss!.send(def.name, data, { id })
      } catch (e) {
        if (def.tracked) await db.delete(jobTasks).where(eq(jobTasks.id, id))
        throw e
      }
      return id
    },
    withTransaction(_tx) {
      const after: (() => Promise<unknown>)[] = []
      return {
        ...queue,
        async send(def, payload, o = {}) {
          v.parse(def.payload, payload) // refused now, while the request can still answer 400
          const id = randomUUID()
          after.push(() => queue.send(def, payload, { ...o, id }))
          return id
        },
        async flush() {
          for (const run of after.splice(0)) await run()
        },
      }
    },
    async status(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null
      if (boss) await reconcile([id])
      const [row] = await db.select().from(jobTasks).where(eq(jobTasks.id, id))
      if (!row) return null
      return {
        id: row.id, name: row.name, state: row.state, current: row.current, total: row.total,
        status: row.status, result: row.result, error: row.error, requested_by: row.requested_by,
      }
    },
    async runQueued(o = {}) {
      if (!boss || stopped) return 0
      let ran = 0
      for (let any = true; any && !stopped;) {
        any = false
        for (const def of opts.jobs) {
          if (o.only && !o.only.includes(def.name)) continue
          if (o.maxRuns !== undefined && ran >= o.maxRuns) return ran
          const [job] = await boss.fetch<unknown>(def.name, { includeMetadata: true, batchSize: 1, ignoreStartAfter: o.includeDelayed ?? false })
          if (!job) continue
          any = true
          ran++
          try {
            const result = await run(def, job)
            await boss.complete(def.name, job.id, { result: result ?? null })
          } catch (e) {
            if (e instanceof Abandoned) return ran // a "killed" process neither completes nor fails its job
            await boss.fail(def.name, job.id, { message: messageOf(e) })
          }
        }
      }
      return ran
    },
  }
  return queue
}

/** Final tasks older than `days`: deleted by the pruning job. */
export async function pruneFinishedTasks(db: Db, days: number): Promise<number> {
  const rows = await db
    .delete(jobTasks)
    .where(and(notInArray(jobTasks.state, OPEN), lt(jobTasks.updated_at, new Date(Date.now() - days * 86_400_000))))
    .returning({ id: jobTasks.id })
  return rows.length
}
