// A list the server answers whole (a taxonomy, the profiles): searched, ordered and paged on the device with the
// same query state as the server's lists, so it uses the shared ListTable unchanged.
import { PAGE_SIZE } from '../../../shared/api'
import type { ListQueryState } from './list-types'

/** The text a row is searched and ordered by in a column (default: the value at the column's key). */
export type LocalColumnText<R> = (row: R, key: string) => unknown

function compare(a: unknown, b: unknown, locale: string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return String(a ?? '').localeCompare(String(b ?? ''), locale, { sensitivity: 'base', numeric: true })
}

/** The page of `rows` the query asks for and how many rows match. Without an ordering, `rows` keep their order. */
export function localListPage<R>(rows: readonly R[], query: ListQueryState, locale: string, text: LocalColumnText<R> = (row, key) => (row as Record<string, unknown>)[key]) {
  const needle = query.field && query.q ? query.q.toLocaleLowerCase(locale) : ''
  const matching = needle ? rows.filter((row) => String(text(row, query.field!) ?? '').toLocaleLowerCase(locale).includes(needle)) : [...rows]
  if (query.ordering) {
    const key = query.ordering.replace(/^-/, '')
    const sign = query.ordering.startsWith('-') ? -1 : 1
    // Stable: equal rows keep their list order in either direction.
    matching.sort((a, b) => sign * compare(text(a, key), text(b, key), locale))
  }
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE))
  const page = Math.min(Math.max(1, query.page), pages)
  return { rows: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), count: matching.length }
}
