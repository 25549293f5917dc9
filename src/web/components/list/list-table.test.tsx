import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { ListTable } from './list-table'
import type { ListTableProps } from './list-table'

type Row = { id: number; identifier: string; display_name: string }
const rows: Row[] = [
  { id: 1, identifier: 'G1', display_name: 'Grade One' },
  { id: 2, identifier: 'G2', display_name: 'Grade Two' },
]

function setup(overrides: Partial<ListTableProps<Row>> = {}) {
  const props: ListTableProps<Row> = {
    title: 'Grades',
    columns: [
      { key: 'identifier', header: 'Identifier', sortable: true, searchable: true },
      { key: 'display_name', header: 'Grade name', sortable: true, searchable: true },
    ],
    rows,
    count: 32,
    status: 'success',
    isOffline: false,
    query: { page: 1 },
    onQueryChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => {}),
    describeRow: (row) => row.display_name,
    ...overrides,
  }
  renderWithI18n(<ListTable {...props} />)
  return props
}

describe('ListTable', () => {
  it('searches the chosen field only when Enter is pressed', async () => {
    const user = userEvent.setup()
    const props = setup()
    await user.selectOptions(screen.getByLabelText('Search by'), 'display_name')
    await user.type(screen.getByLabelText('Search text'), 'One')
    expect(props.onQueryChange).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(props.onQueryChange).toHaveBeenCalledWith({ page: 1, field: 'display_name', q: 'One' })
  })

  it('clears the search with the empty field choice', async () => {
    const user = userEvent.setup()
    const props = setup({ query: { page: 2, field: 'identifier', q: 'G1' } })
    await user.selectOptions(screen.getByLabelText('Search by'), '')
    expect(props.onQueryChange).toHaveBeenCalledWith({ page: 1, field: undefined, q: undefined })
  })

  it('sorts by a column header and shows the direction with aria-sort', async () => {
    const user = userEvent.setup()
    const props = setup({ query: { page: 1, ordering: 'identifier' } })
    expect(screen.getByRole('columnheader', { name: /identifier/i }).getAttribute('aria-sort')).toBe('ascending')
    await user.click(screen.getByRole('button', { name: /identifier/i }))
    expect(props.onQueryChange).toHaveBeenCalledWith({ page: 1, ordering: '-identifier' })
    await user.click(screen.getByRole('button', { name: /grade name/i }))
    expect(props.onQueryChange).toHaveBeenLastCalledWith({ page: 1, ordering: 'display_name' })
  })

  it('pages through 15 rows at a time', async () => {
    const user = userEvent.setup()
    const props = setup()
    expect(screen.getByText('1–15 of 32')).toBeTruthy()
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(props.onQueryChange).toHaveBeenCalledWith({ page: 2 })
  })

  it('disables Add and shows the work-flow message in a modal with OK', async () => {
    const user = userEvent.setup()
    setup({ addDisabledMessage: 'Set up an academic year first.' })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Set up an academic year first.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('asks before deleting and deletes only after confirmation', async () => {
    const user = userEvent.setup()
    const props = setup()
    await user.click(screen.getByRole('button', { name: 'Delete Grade Two' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/“Grade Two” will be deleted/)).toBeTruthy()
    expect(props.onDelete).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(props.onDelete).toHaveBeenCalledWith(rows[1])
  })

  it('shows rows waiting in the outbox with a Pending sync badge', () => {
    setup({
      pendingRows: [
        { key: 'k1', kind: 'create', values: { identifier: 'G9', display_name: 'Typed offline' }, rejected: false },
        { key: 'k2', kind: 'update', rowId: 1, values: { display_name: 'Renamed' }, rejected: false },
      ],
    })
    const newRow = screen.getByText('G9').closest('tr')!
    expect(within(newRow).getByText('Pending sync')).toBeTruthy()
    const edited = screen.getByText('Renamed').closest('tr')!
    expect(within(edited).getByText('Pending sync')).toBeTruthy()
    expect((within(edited).getByRole('button', { name: /edit/i }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('tells the user when offline and nothing is saved yet', () => {
    setup({ status: 'error', rows: undefined, isOffline: true })
    expect(screen.getByRole('alert').textContent).toContain('You are offline and this list has not been saved on this device yet.')
  })
})
