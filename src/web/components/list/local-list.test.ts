import { describe, expect, it } from 'vitest'
import { localListPage } from './local-list'

const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Type ${i + 1}`, arabic: i % 2 ? 'حذف' : 'إضافة', error: i % 3 === 0 }))

describe('localListPage', () => {
  it('pages by 15 in list order and counts every row', () => {
    const first = localListPage(rows, { page: 1 }, 'en')
    expect(first.count).toBe(20)
    expect(first.rows.map((r) => r.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
    expect(localListPage(rows, { page: 2 }, 'en').rows.map((r) => r.id)).toEqual([16, 17, 18, 19, 20])
    // A page past the end (the list shrank) shows the last page.
    expect(localListPage(rows, { page: 9 }, 'en').rows.map((r) => r.id)).toEqual([16, 17, 18, 19, 20])
  })

  it('searches the chosen field only, ignoring case, in Arabic too', () => {
    expect(localListPage(rows, { page: 1, field: 'name', q: 'type 1' }, 'en').rows.map((r) => r.id)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect(localListPage(rows, { page: 1, field: 'arabic', q: 'حذف' }, 'ar').count).toBe(10)
    expect(localListPage(rows, { page: 1, field: 'arabic', q: 'Type' }, 'ar').count).toBe(0)
  })

  it('orders ascending and descending with numbers in their order, keeping equal rows in list order', () => {
    expect(localListPage(rows, { page: 1, ordering: '-name' }, 'en').rows.slice(0, 3).map((r) => r.name)).toEqual(['Type 20', 'Type 19', 'Type 18'])
    expect(localListPage(rows, { page: 1, ordering: 'name' }, 'en').rows.slice(0, 3).map((r) => r.name)).toEqual(['Type 1', 'Type 2', 'Type 3'])
    expect(localListPage(rows, { page: 1, ordering: '-error' }, 'en').rows.slice(0, 7).map((r) => r.id)).toEqual([1, 4, 7, 10, 13, 16, 19])
  })

  it('orders by the text a column shows when given one', () => {
    const shown = localListPage(rows.slice(0, 3), { page: 1, ordering: 'name' }, 'en', (row) => ['c', 'a', 'b'][row.id - 1])
    expect(shown.rows.map((r) => r.id)).toEqual([2, 3, 1])
  })
})
