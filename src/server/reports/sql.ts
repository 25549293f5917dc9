// Raw SQL for the report aggregations: one helper that answers typed rows on PGlite and node-postgres alike.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'

/** Runs a SELECT and answers its rows (both drivers wrap them as { rows }). */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** Sittings that count in reports (alias `s`): a voided sitting stays as evidence but leaves every report (ADR 0123). */
export const COUNTED = sql`s.voided_at is null`

/** A count or sum as a number (pg answers bigint and numeric as text). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v))
