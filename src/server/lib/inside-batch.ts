// A write the batch call dispatches through the app carries this mark in its env (c.env), which no
// outside request can set: the batch refuses to run inside a batch, and a refusal inside one leaves the
// batch's own connection alone.
import type { Context } from 'hono'

const INSIDE_BATCH = Symbol('inside a batch')

/** The env for a write dispatched by a batch: the batch's own, marked. */
export function batchItemEnv(env: unknown): Record<PropertyKey, unknown> {
  return { ...(env && typeof env === 'object' ? env : {}), [INSIDE_BATCH]: true }
}

export function isInsideBatch(c: Context): boolean {
  const env = c.env as Record<PropertyKey, unknown> | undefined
  return Boolean(env && typeof env === 'object' && env[INSIDE_BATCH])
}
