import type { ListQueryState } from './list-types'

/** Search params of a list route; all optional so links to a list need none. */
export type ListSearch = Partial<ListQueryState>

/** validateSearch for list routes: anything malformed in the URL is dropped. */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const page = Number(search.page)
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined)
  const q = text(search.q)
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    ordering: text(search.ordering)?.replace(/[^\w-]/g, '') || undefined,
    field: q ? text(search.field)?.replace(/[^\w]/g, '') || undefined : undefined,
    q,
  }
}

export function toListQueryState(search: ListSearch): ListQueryState {
  return { page: search.page ?? 1, ordering: search.ordering, field: search.field, q: search.q }
}

/** Drops defaults so URLs stay short. */
export function toSearch(state: ListQueryState): ListSearch {
  return validateListSearch({ ...state })
}
