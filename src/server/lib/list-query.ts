// The list contract: page (15 rows), ordering (`field` or `-field`) and `<field>=<text>` filters
// (case-insensitive contains), applied to a query that the caller has already scoped to its tenant.
import { and, asc, count, desc, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { PAGE_SIZE } from '../../shared/api'
import type { Db } from '../db/client'
import { HttpError } from './http-error'
import type { Lang } from './messages'

export type ListSpec = {
  /** Columns that may be ordered and searched, by their API field name. */
  columns: Record<string, PgColumn>
  searchable: string[]
  defaultOrdering: string
}

export type ListParams = {
  page: number
  ordering: string
  filters: Record<string, string>
  /** Rows per page; only downloads raise it (to DOWNLOAD_MAX_ROWS). */
  pageSize?: number
}

/** The most rows a spreadsheet download holds. */
export const DOWNLOAD_MAX_ROWS = 10_000

/** The same list, every row (up to DOWNLOAD_MAX_ROWS), for a download. */
export function allRows(params: ListParams): ListParams {
  return { ...params, page: 1, pageSize: DOWNLOAD_MAX_ROWS }
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

export function readListParams(c: Context, spec: ListSpec): ListParams {
  const lang = c.get('lang') as Lang
  const query = c.req.query()
  const pageText = query.page ?? '1'
  const page = Number(pageText)
  if (!/^\d+$/.test(pageText) || page < 1 || page > 1_000_000) throw HttpError.of(400, 'invalidPage', lang)
  const ordering = query.ordering || spec.defaultOrdering
  // Own keys only: `in` would also accept inherited names such as toString or constructor.
  if (!Object.hasOwn(spec.columns, ordering.replace(/^-/, ''))) throw HttpError.of(400, 'invalidOrdering', lang)
  const filters: Record<string, string> = {}
  for (const field of spec.searchable) {
    const value = query[field]?.trim()
    if (value) filters[field] = value.slice(0, 200)
  }
  return { page, ordering, filters }
}


/**
 * One page of a list and the number of rows in all its pages, in ONE statement (ADR 0101): the count is a
 * sub-query PostgreSQL runs once. `extra` adds computed columns to each row (for example whether a grade
 * is in use), so a list needs no further query per page.
 */
export async function runList<T>(
  db: Db,
  table: PgTable,
  scoped: SQL | undefined,
  spec: ListSpec,
  params: ListParams,
  toRow: (row: Record<string, unknown>) => T | Promise<T>,
  extra: Record<string, SQL> = {},
): Promise<{ results: T[]; count: number }> {
  const conditions = [scoped]
  for (const [field, value] of Object.entries(params.filters)) {
    const column = spec.columns[field]
    if (column) conditions.push(ilike(column, containsPattern(value)))
  }
  const where = and(...conditions)
  const desc_ = params.ordering.startsWith('-')
  const column = spec.columns[params.ordering.replace(/^-/, '')]!
  const idColumn = (table as unknown as Record<string, PgColumn>).id!
  const total = db.select({ n: count() }).from(table).where(where)
  const rows = (await db
    .select({ ...getTableColumns(table), ...extra, __total: sql<number>`(${total})` })
    .from(table)
    .where(where)
    .orderBy(desc_ ? desc(column) : asc(column), asc(idColumn))
    .limit(params.pageSize ?? PAGE_SIZE)
    .offset((params.page - 1) * (params.pageSize ?? PAGE_SIZE))) as Record<string, unknown>[]
  // A page past the last has no row to carry the count: ask for it alone (rare).
  const n = rows.length ? Number(rows[0]!.__total) : params.page > 1 ? Number((await total)[0]?.n ?? 0) : 0
  return {
    results: await Promise.all(rows.map(({ __total: _, ...r }) => toRow(r))),
    count: n,
  }
}
