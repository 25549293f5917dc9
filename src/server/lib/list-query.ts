// The list contract: page (15 rows), ordering (`field` or `-field`) and `<field>=<text>` filters
// (case-insensitive contains), applied to a query that the caller has already scoped to its tenant.
import { and, asc, count, desc, eq, getTableColumns, getTableName, ilike, type Placeholder, sql, type SQL } from 'drizzle-orm'
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
 * A list's tenant scope built once per shape and kept with its statement (ADR 0107): `where` and `extra`
 * name their values with `sql.placeholder(name)`, and `values` gives them for this call. `shape` names what
 * `where` and `extra` build (the same shape must always build the same text), for example `grades:school`.
 */
export type KeptScope = {
  shape: string
  values: Record<string, unknown>
  where: () => SQL | undefined
  extra?: () => Record<string, SQL>
}

type Scoped = PgTable & { institution_id: PgColumn; school_id?: PgColumn }

/** The rows of one institution, as a kept scope. */
export function inInstitution(table: Scoped, institutionId: number): KeptScope {
  return { shape: `${getTableName(table)}:institution`, values: { institutionId }, where: () => eq(table.institution_id, sql.placeholder('institutionId')) }
}

/** The rows of one school of one institution, as a kept scope; `extra` as in runList, built once with it. */
export function inSchool(table: Scoped & { school_id: PgColumn }, institutionId: number, schoolId: number, extra?: () => Record<string, SQL>): KeptScope {
  return {
    shape: `${getTableName(table)}:school`,
    values: { institutionId, schoolId },
    where: () => and(eq(table.institution_id, sql.placeholder('institutionId')), eq(table.school_id, sql.placeholder('schoolId'))),
    extra,
  }
}

type Prepared = { execute: (values: Record<string, unknown>) => Promise<unknown> }
/** The kept statements of each database handle: a transaction's handle builds its own, run on its connection. */
const keptStatements = new WeakMap<Db, Map<string, Prepared>>()
/** Shapes x orderings x filter sets stay in the hundreds; past this the oldest is dropped. */
const MAX_KEPT_STATEMENTS = 500

function isKept(scoped: SQL | KeptScope | undefined): scoped is KeptScope {
  return scoped !== undefined && 'shape' in scoped && 'values' in scoped
}

/** No name: drizzle keeps the built text and node-postgres sends it unnamed, so PostgreSQL plans each call with its values. */
function unnamed(query: { prepare: (name: string) => Prepared }): Prepared {
  return query.prepare(undefined as unknown as string)
}

function keptStatement(db: Db, key: string, make: () => Prepared): Prepared {
  let kept = keptStatements.get(db)
  if (!kept) keptStatements.set(db, (kept = new Map()))
  let statement = kept.get(key)
  if (!statement) {
    statement = make()
    if (kept.size >= MAX_KEPT_STATEMENTS) kept.delete(kept.keys().next().value!)
    kept.set(key, statement)
  }
  return statement
}

/** The page (with its count as a sub-query) and the count alone, of rows matching `where`. */
function pageQueries(db: Db, table: PgTable, where: SQL | undefined, spec: ListSpec, ordering: string, extra: Record<string, SQL>, limit: number | Placeholder, offset: number | Placeholder) {
  const column = spec.columns[ordering.replace(/^-/, '')]!
  const idColumn = (table as unknown as Record<string, PgColumn>).id!
  const total = db.select({ n: count() }).from(table).where(where)
  const page = db
    .select({ ...getTableColumns(table), ...extra, __total: sql<number>`(${total})` })
    .from(table)
    .where(where)
    .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(idColumn))
    .limit(limit as number)
    .offset(offset as number)
  return { total, page }
}

/** A contains condition per searched field; its text given, or a placeholder `filter_<field>`. */
function filterConditions(spec: ListSpec, filters: Record<string, string | Placeholder>): SQL[] {
  return Object.entries(filters).map(([field, value]) => ilike(spec.columns[field]!, typeof value === 'string' ? containsPattern(value) : value))
}

type Page = { rows: Record<string, unknown>[]; countAlone: () => Promise<number> }

async function plainPage(db: Db, table: PgTable, scoped: SQL | undefined, spec: ListSpec, params: ListParams, extra: Record<string, SQL>, size: number, offset: number): Promise<Page> {
  const searched = Object.fromEntries(Object.entries(params.filters).filter(([f]) => spec.columns[f]))
  const q = pageQueries(db, table, and(scoped, ...filterConditions(spec, searched)), spec, params.ordering, extra, size, offset)
  return { rows: (await q.page) as Record<string, unknown>[], countAlone: async () => Number((await q.total)[0]?.n ?? 0) }
}

async function keptPage(db: Db, table: PgTable, scope: KeptScope, spec: ListSpec, params: ListParams, size: number, offset: number): Promise<Page> {
  const fields = Object.keys(params.filters).filter((f) => spec.columns[f]).sort()
  const values: Record<string, unknown> = { ...scope.values, limit: size, offset }
  for (const field of fields) values[`filter_${field}`] = containsPattern(params.filters[field]!)
  const build = () => pageQueries(
    db, table, and(scope.where(), ...filterConditions(spec, Object.fromEntries(fields.map((f) => [f, sql.placeholder(`filter_${f}`)])))),
    spec, params.ordering, scope.extra?.() ?? {}, sql.placeholder('limit'), sql.placeholder('offset'),
  )
  const page = keptStatement(db, `${scope.shape}|${params.ordering}|${fields.join(',')}`, () => unnamed(build().page))
  return {
    rows: (await page.execute(values)) as Record<string, unknown>[],
    countAlone: async () => Number(((await unnamed(build().total).execute(values)) as { n: number }[])[0]?.n ?? 0),
  }
}

/**
 * One page of a list and the number of rows in all its pages, in ONE statement (ADR 0101): the count is a
 * sub-query PostgreSQL runs once. `extra` adds computed columns to each row (for example whether a grade
 * is in use), so a list needs no further query per page. With a KeptScope the statement's text is built
 * once per shape, ordering and set of filters, and kept (ADR 0107); its `extra` replaces this one.
 */
export async function runList<T>(
  db: Db,
  table: PgTable,
  scoped: SQL | KeptScope | undefined,
  spec: ListSpec,
  params: ListParams,
  toRow: (row: Record<string, unknown>) => T | Promise<T>,
  extra: Record<string, SQL> = {},
): Promise<{ results: T[]; count: number }> {
  const size = params.pageSize ?? PAGE_SIZE
  const offset = (params.page - 1) * size
  const { rows, countAlone } = isKept(scoped)
    ? await keptPage(db, table, scoped, spec, params, size, offset)
    : await plainPage(db, table, scoped, spec, params, extra, size, offset)
  // A page past the last has no row to carry the count: ask for it alone (rare).
  const n = rows.length ? Number(rows[0]!.__total) : params.page > 1 ? await countAlone() : 0
  return {
    results: await Promise.all(rows.map(({ __total: _, ...r }) => toRow(r))),
    count: n,
  }
}
