// Hourly: forgets idempotency keys past their retention (IDEMPOTENCY_TTL_HOURS), finished job tasks and
// finished bulk uploads (with their refused rows) older than 30 days. Replaces the start-up + setInterval timer of ADR 0015.
import { lt, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { IDEMPOTENCY_TTL_HOURS } from '../../shared/api'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema/tables'
import { defineJob } from './define-job'
import { pruneFinishedTasks } from './job-queue'
import { pruneFinishedUploads } from '../domain/bulk-import/upload-records'

const TASK_RETENTION_DAYS = 30

/** Forgets idempotency keys older than the retention period. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const cutoff = sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, cutoff)).returning({ key: idempotencyKeys.key })
  return rows.length
}

export const pruneStoredKeysJob = defineJob({
  name: 'prune-stored-keys',
  payload: v.object({}),
  retries: 2,
  retryDelaySeconds: 60,
  timeLimitSeconds: 120,
  cron: '0 * * * *',
  async handle(_payload, { db }) {
    return { keys: await pruneIdempotencyKeys(db), tasks: await pruneFinishedTasks(db, TASK_RETENTION_DAYS), uploads: await pruneFinishedUploads(db, TASK_RETENTION_DAYS) }
  },
})
