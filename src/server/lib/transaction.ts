import type { Deps } from '../context'
import type { Db } from '../db/client'

type HasDb = { db: Db } | { deps: Deps }

/**
 * Runs `fn` in a transaction with a copy of the scope whose database (and deps' database) is the
 * transaction. Inside a request that already runs in one (Idempotency-Key) it becomes a savepoint.
 * Everything in `fn` must use the scope it is given: on PGlite a query through the outer database
 * would wait for this transaction forever.
 */
export function inTransaction<S extends HasDb, T>(s: S, fn: (s: S) => Promise<T>): Promise<T> {
  const db = 'db' in s ? s.db : s.deps.db
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db
    const scoped: Record<string, unknown> = { ...s }
    if ('db' in s) scoped.db = tx
    if ('deps' in s) scoped.deps = { ...s.deps, db: tx }
    return fn(scoped as S)
  })
}
