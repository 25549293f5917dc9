import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { DualList } from './dual-list'

const items = [
  { id: 1, label: 'Grade 1 A' },
  { id: 2, label: 'Grade 1 B' },
  { id: 3, label: 'Grade 2 A' },
]

function Harness({ initial = [], onChange = () => {} }: { initial?: number[]; onChange?: (ids: number[]) => void }) {
  const [selected, setSelected] = useState<number[]>(initial)
  return (
    <DualList items={items} selected={selected} availableLabel="Available" selectedLabel="Chosen" filterable draggable
      onChange={(ids) => { setSelected(ids); onChange(ids) }} />
  )
}

const list = (name: string) => screen.getByRole('listbox', { name })
const options = (name: string) => within(list(name)).queryAllByRole('option').map((o) => o.textContent)

describe('DualList', () => {
  it('moves the highlighted items with Add and back with Remove', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWithI18n(<Harness onChange={onChange} />)
    expect((screen.getByRole('button', { name: /^Add$/ }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(list('Available')).getByRole('option', { name: 'Grade 1 B' }))
    expect(within(list('Available')).getByRole('option', { name: 'Grade 1 B' }).getAttribute('aria-selected')).toBe('true')
    await user.click(screen.getByRole('button', { name: /^Add$/ }))
    expect(onChange).toHaveBeenLastCalledWith([2])
    expect(options('Chosen')).toEqual(['Grade 1 B'])
    expect(options('Available')).toEqual(['Grade 1 A', 'Grade 2 A'])
    await user.click(within(list('Chosen')).getByRole('option', { name: 'Grade 1 B' }))
    await user.click(screen.getByRole('button', { name: /^Remove$/ }))
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('moves everything with Add all and Remove all, keeping the items order', async () => {
    const user = userEvent.setup()
    renderWithI18n(<Harness initial={[3]} />)
    await user.click(screen.getByRole('button', { name: 'Add all' }))
    expect(options('Chosen')).toEqual(['Grade 1 A', 'Grade 1 B', 'Grade 2 A'])
    await user.click(screen.getByRole('button', { name: 'Remove all' }))
    expect(options('Available')).toEqual(['Grade 1 A', 'Grade 1 B', 'Grade 2 A'])
  })

  it('is operable from the keyboard: arrows, Space to select, Enter to move', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWithI18n(<Harness onChange={onChange} />)
    list('Available').focus()
    await user.keyboard('{ArrowDown}{ }{ArrowDown}{ }')
    expect(within(list('Available')).getAllByRole('option', { selected: true }).map((o) => o.textContent)).toEqual(['Grade 1 B', 'Grade 2 A'])
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith([2, 3])
    // Enter with nothing selected moves the focused item.
    list('Chosen').focus()
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith([3])
  })

  it('filters a list and moves only what is shown with Add all', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWithI18n(<Harness onChange={onChange} />)
    await user.type(screen.getByRole('searchbox', { name: 'Filter Available' }), 'grade 1')
    expect(options('Available')).toEqual(['Grade 1 A', 'Grade 1 B'])
    await user.click(screen.getByRole('button', { name: 'Add all' }))
    expect(onChange).toHaveBeenLastCalledWith([1, 2])
  })

  it('moves an item on double-click', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderWithI18n(<Harness onChange={onChange} />)
    await user.dblClick(within(list('Available')).getByRole('option', { name: 'Grade 2 A' }))
    expect(onChange).toHaveBeenLastCalledWith([3])
  })
})
