// Raw SQL for the report aggregations: one helper that answers typed rows on PGlite and node-postgres alike.
import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'

/** Runs a SELECT and answers its rows (both drivers wrap them as { rows }). */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** A count or sum as a number (pg answers bigint and numeric as text). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v))
