// A labelled native <select> bound to a TanStack Form field, styled like TextField. Native selects are
// keyboard operable, announce their label and mirror in right-to-left pages without extra work.
// Option values are strings; `parse` turns the chosen string into the field's value (numbers, null).
import { useLingui } from '@lingui/react'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { validationMessage } from '../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../lib/i18n/validation-messages'
import { cx } from '../ui/cx'

export type SelectOption = { value: string; label: string; disabled?: boolean }

type SelectFieldProps = {
  field: AnyFieldApi
  label: ReactNode
  options: readonly SelectOption[]
  /** Text of the empty first choice; without it there is no empty choice. */
  placeholder?: string
  /** Turns the chosen option value into the field value; default: the string itself. */
  parse?: (value: string) => unknown
  /** Turns the field value into its option value (the reverse of `parse`); default: the value as text. */
  format?: (value: unknown) => string
  serverErrors?: readonly string[]
  onEdited?: () => void
  /** Called with the new field value after a change (for dependent fields). */
  onValueChange?: (value: unknown) => void
  hint?: ReactNode
  disabled?: boolean
  /** Shown instead of the options while they load. */
  loading?: boolean
  autoFocus?: boolean
  /** Shows messages before the field is touched (for example after a submit attempt). */
  forceShowErrors?: boolean
}

export function SelectField({
  field, label, options, placeholder, parse = (value) => value, format, serverErrors = [], onEdited, onValueChange, hint, disabled,
  loading, autoFocus, forceShowErrors,
}: SelectFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  const touched = (field.state.meta.isTouched as boolean) || Boolean(forceShowErrors)
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  const clientMessages = touched
    ? [...new Set(issues.map((issue) => validationMessage(i18n, issue as ValidationIssue | string)))]
    : []
  const messages = [...clientMessages, ...serverErrors]
  const invalid = messages.length > 0
  const valid = touched && !invalid
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  const raw = field.state.value as unknown
  const value = format ? format(raw) : raw === null || raw === undefined ? '' : String(raw)

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <select
        id={id}
        name={field.name as string}
        value={value}
        disabled={disabled || loading}
        autoFocus={autoFocus}
        aria-busy={loading || undefined}
        onChange={(event) => {
          const next = parse(event.target.value)
          field.handleChange(next)
          onEdited?.()
          onValueChange?.(next)
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cx(
          'block w-full rounded-lg border bg-white py-2 ps-3 pe-9 text-sm text-slate-900 shadow-xs transition-colors',
          'focus:outline-2 focus:outline-offset-0 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
          invalid
            ? 'border-rose-400 focus:outline-rose-500'
            : valid
              ? 'border-emerald-400 focus:outline-brand-600'
              : 'border-slate-300 focus:outline-brand-600',
        )}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>{option.label}</option>
        ))}
      </select>
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {invalid && (
        <ul id={`${id}-error`} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}
