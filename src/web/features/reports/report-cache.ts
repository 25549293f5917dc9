// Reports kept on this device for offline reading (ADR 0051). The one module that knows where they live:
// a small IndexedDB database of its own, one row per (owner, report key), with the time it was fetched.
// `owner` is `host|userId`, so a report fetched by one user is never shown to another on a shared tablet.
// Until the shared per-user device cache lands, this is the only place to change when switching to it.
import { Dexie } from 'dexie'
import type { EntityTable } from 'dexie'
import { currentWriter } from '../../lib/session/session'

export type CachedReport<T> = { value: T; fetchedAt: number }

type Row = { owner: string; key: string; value: unknown; fetchedAt: number }

class ReportCacheDb extends Dexie {
  reports!: EntityTable<Row, 'owner'>
  constructor() {
    super('miscue-report-cache')
    this.version(1).stores({ reports: '[owner+key], owner, fetchedAt' })
  }
}

let db: ReportCacheDb | null = null
function open(): ReportCacheDb {
  db ??= new ReportCacheDb()
  return db
}

/** Reports older than this are dropped the next time one is stored. */
export const REPORT_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export async function putReport<T>(key: string, value: T, fetchedAt = Date.now(), owner = currentWriter()): Promise<void> {
  if (!owner) return
  const table = open().reports
  await table.put({ owner, key, value, fetchedAt })
  await table.where('fetchedAt').below(fetchedAt - REPORT_CACHE_MAX_AGE_MS).delete()
}

export async function getReport<T>(key: string, owner = currentWriter()): Promise<CachedReport<T> | undefined> {
  if (!owner) return undefined
  const row = await open().reports.get({ owner, key } as unknown as string)
  return row ? { value: row.value as T, fetchedAt: row.fetchedAt } : undefined
}

/** Drops everything this device keeps for one user (sign-out). */
export async function clearReports(owner = currentWriter()): Promise<void> {
  if (!owner) return
  await open().reports.where('owner').equals(owner).delete()
}
