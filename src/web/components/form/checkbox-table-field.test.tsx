import { useForm } from '@tanstack/react-form'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { CheckboxTableField } from './checkbox-table-field'
import type { CheckboxItem } from './checkbox-table-field'

let seen: number[] = []

function Harness({ items, initial = [] }: { items: CheckboxItem[]; initial?: number[] }) {
  const form = useForm({ defaultValues: { schools: initial } })
  return (
    <form.Field name="schools">
      {(field) => {
        seen = field.state.value
        return <CheckboxTableField field={field} label="Schools" columnLabel="School" items={items} lockSingle />
      }}
    </form.Field>
  )
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

describe('CheckboxTableField', () => {
  it('ticks everything with Select all and shows a partial choice as indeterminate', async () => {
    const user = userEvent.setup()
    renderWithI18n(<Harness items={[{ id: 1, label: 'Al Noor' }, { id: 2, label: 'Sunrise' }]} />)
    await user.click(checkbox('Sunrise'))
    expect(seen).toEqual([2])
    expect(checkbox('Select all').indeterminate).toBe(true)
    await user.click(checkbox('Select all'))
    expect([...seen].sort()).toEqual([1, 2])
    expect(checkbox('Select all').checked).toBe(true)
    await user.click(checkbox('Select all'))
    expect(seen).toEqual([])
  })

  it('ticks a single item for the user and locks it', () => {
    renderWithI18n(<Harness items={[{ id: 7, label: 'Al Noor' }]} />)
    expect(seen).toEqual([7])
    expect(checkbox('Al Noor').checked).toBe(true)
    expect(checkbox('Al Noor').disabled).toBe(true)
  })
})
