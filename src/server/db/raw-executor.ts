// Runs a library's own SQL (pg-boss) on a Drizzle database or transaction, so that work the library writes
// (a queued job) commits or rolls back with the caller's transaction. On PGlite this is also what keeps a
// request's transaction from waiting on itself: the database has one connection.
import type { Db } from './client'

type Queryable = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }

export function rawExecutor(db: Db): { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> } {
  // Drizzle keeps the driver's client (PGlite, its transaction, a pg pool or a pg pool client) on its session.
  const client = (db as unknown as { session: { client: Queryable } }).session.client
  return { executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows as any[] }) }
}
