// A table of checkboxes with a select-all box in its header, bound to a TanStack Form field holding the
// ticked ids (spec §2: school, subject and teacher tables). With exactly one item and `lockSingle`, that
// item is ticked and cannot be unticked (spec: "with a single school it is auto-selected and disabled").
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'
import { validationMessage } from '../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../lib/i18n/validation-messages'
import { Spinner } from '../ui/spinner'
import { cx } from '../ui/cx'

export type CheckboxItem = { id: number; label: string; detail?: ReactNode }

type Props = {
  field: AnyFieldApi
  /** Caption of the table and accessible name of the group. */
  label: string
  /** Header of the name column. */
  columnLabel: string
  items: readonly CheckboxItem[] | undefined
  loading?: boolean
  error?: ReactNode
  lockSingle?: boolean
  disabled?: boolean
  serverErrors?: readonly string[]
  onEdited?: () => void
  emptyText?: ReactNode
  /** Shows messages before the field is touched. */
  forceShowErrors?: boolean
}

export function CheckboxTableField({
  field, label, columnLabel, items, loading, error, lockSingle, disabled, serverErrors = [], onEdited, emptyText, forceShowErrors,
}: Props) {
  const { t, i18n } = useLingui()
  const id = useId()
  const selectAll = useRef<HTMLInputElement>(null)
  const value = ((field.state.value as number[] | undefined) ?? [])
  const list = items ?? []
  const locked = Boolean(lockSingle) && list.length === 1
  const ticked = list.filter((item) => value.includes(item.id))
  const all = list.length > 0 && ticked.length === list.length
  const some = ticked.length > 0 && !all

  // A single item is ticked for the user when locked.
  const singleId = locked ? list[0]!.id : null
  useEffect(() => {
    if (singleId !== null && !value.includes(singleId)) field.handleChange([singleId])
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [singleId])

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some
  }, [some])

  const touched = (field.state.meta.isTouched as boolean) || Boolean(forceShowErrors)
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  const messages = [
    ...(touched ? [...new Set(issues.map((issue) => validationMessage(i18n, issue as ValidationIssue | string)))] : []),
    ...serverErrors,
  ]
  const invalid = messages.length > 0

  const set = (next: number[]) => {
    field.handleChange(next)
    field.handleBlur()
    onEdited?.()
  }
  const toggle = (itemId: number, on: boolean) =>
    set(on ? [...value.filter((v) => v !== itemId), itemId] : value.filter((v) => v !== itemId))
  const toggleAll = (on: boolean) => {
    const ids = list.map((item) => item.id)
    set(on ? [...new Set([...value, ...ids])] : value.filter((v) => !ids.includes(v)))
  }

  return (
    <fieldset className="space-y-1.5" aria-describedby={invalid ? `${id}-error` : undefined} aria-invalid={invalid || undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div className={cx('overflow-hidden rounded-lg ring-1', invalid ? 'ring-rose-300' : 'ring-slate-200')}>
        <div className="max-h-72 overflow-y-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{label}</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-12 px-4 py-2.5 text-start">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label={t`Select all`}
                    checked={all}
                    disabled={disabled || locked || list.length === 0}
                    onChange={(event) => toggleAll(event.target.checked)}
                    className="size-4 rounded border-slate-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  />
                </th>
                <th scope="col" className="px-2 py-2.5 text-start">{columnLabel}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((item) => {
                const inputId = `${id}-${item.id}`
                return (
                  <tr key={item.id} className="hover:bg-slate-50/70">
                    <td className="px-4 py-2">
                      <input
                        id={inputId}
                        type="checkbox"
                        checked={value.includes(item.id)}
                        disabled={disabled || locked}
                        onChange={(event) => toggle(item.id, event.target.checked)}
                        className="size-4 rounded border-slate-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                      />
                    </td>
                    <td className="px-2 py-2 text-slate-700">
                      <label htmlFor={inputId} className="block cursor-pointer">{item.label}</label>
                      {item.detail && <span className="block text-xs text-slate-500">{item.detail}</span>}
                    </td>
                  </tr>
                )
              })}
              {loading && (
                <tr><td colSpan={2} className="px-4 py-6">
                  <span role="status" className="flex items-center justify-center gap-2 text-slate-500"><Spinner /><Trans>Loading…</Trans></span>
                </td></tr>
              )}
              {!loading && error && (
                <tr><td colSpan={2} className="px-4 py-6 text-center text-rose-700" role="alert">{error}</td></tr>
              )}
              {!loading && !error && list.length === 0 && (
                <tr><td colSpan={2} className="px-4 py-6 text-center text-slate-500">{emptyText ?? <Trans>Nothing to choose from.</Trans>}</td></tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
      {invalid && (
        <ul id={`${id}-error`} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </fieldset>
  )
}
