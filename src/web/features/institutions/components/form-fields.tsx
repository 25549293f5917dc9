// Inputs the institution and licence forms need beyond the shared TextField: selects, a text area,
// date and number inputs, read-only values and input transforms (acronym upper-casing). They look and
// report errors exactly like TextField: client issues carry shared codes and are translated here,
// server messages for the field follow them.
import { useLingui } from '@lingui/react'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { cx } from '../../../components/ui/cx'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../../lib/i18n/validation-messages'

type CommonProps = {
  field: AnyFieldApi
  label: ReactNode
  hint?: ReactNode
  /** Messages the server returned for this field on the last submit. */
  serverErrors?: readonly string[]
  /** Called when the user edits the field, to drop its stale server messages. */
  onEdited?: () => void
  required?: boolean
  className?: string
}

function useFieldState(field: AnyFieldApi, serverErrors: readonly string[]) {
  const { i18n } = useLingui()
  const touched = field.state.meta.isTouched as boolean
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  const client = touched
    ? [...new Set(issues.map((issue) => validationMessage(i18n, typeof issue === 'string' ? issue : (issue as ValidationIssue))))]
    : []
  const messages = [...client, ...serverErrors]
  const invalid = messages.length > 0
  return { messages, invalid, valid: touched && !invalid }
}

export function controlClass(invalid: boolean, valid: boolean, readOnly = false) {
  return cx(
    'block w-full rounded-lg border px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors',
    'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
    readOnly ? 'cursor-default bg-slate-50 text-slate-600' : 'bg-white',
    invalid
      ? 'border-rose-400 focus:outline-rose-500'
      : valid && !readOnly
        ? 'border-emerald-400 focus:outline-brand-600'
        : 'border-slate-300 focus:outline-brand-600',
  )
}

function FieldFrame({ id, label, hint, messages, required, className, children }: {
  id: string
  label: ReactNode
  hint?: ReactNode
  messages: readonly string[]
  required?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-rose-600">*</span>}
      </label>
      {children}
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {messages.length > 0 && (
        <ul id={`${id}-error`} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}

function describedBy(id: string, hint: ReactNode, invalid: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

export function InputField({
  field, label, hint, serverErrors = [], onEdited, required, className, type = 'text', transform, readOnly,
  autoComplete, autoFocus, dir, inputMode, min, placeholder,
}: CommonProps & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'number'
  /** Applied to what is typed before it reaches the form (e.g. upper-casing). */
  transform?: (value: string) => string
  readOnly?: boolean
  autoComplete?: string
  autoFocus?: boolean
  dir?: 'ltr' | 'rtl' | 'auto'
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url'
  min?: string | number
  placeholder?: string
}) {
  const id = useId()
  const { messages, invalid, valid } = useFieldState(field, serverErrors)
  return (
    <FieldFrame id={id} label={label} hint={hint} messages={messages} required={required && !readOnly} className={className}>
      <input
        id={id}
        name={field.name as string}
        type={type}
        dir={dir}
        min={min}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        aria-required={(required && !readOnly) || undefined}
        value={String((field.state.value as string | number | undefined) ?? '')}
        onChange={(event) => {
          const value = transform ? transform(event.target.value) : event.target.value
          field.handleChange(value)
          onEdited?.()
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, invalid)}
        className={controlClass(invalid, valid, readOnly)}
      />
    </FieldFrame>
  )
}

export type SelectOption = { value: string; label: string }

export function SelectField({
  field, label, hint, serverErrors = [], onEdited, required, className, options, placeholder, disabled,
}: CommonProps & { options: readonly SelectOption[]; placeholder?: string; disabled?: boolean }) {
  const id = useId()
  const { messages, invalid, valid } = useFieldState(field, serverErrors)
  return (
    <FieldFrame id={id} label={label} hint={hint} messages={messages} required={required} className={className}>
      <select
        id={id}
        name={field.name as string}
        value={(field.state.value as string | undefined) ?? ''}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => {
          field.handleChange(event.target.value)
          onEdited?.()
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, invalid)}
        className={cx(controlClass(invalid, valid), 'pe-8 disabled:bg-slate-50 disabled:text-slate-500')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </FieldFrame>
  )
}

export function TextAreaField({
  field, label, hint, serverErrors = [], onEdited, required, className, rows = 3, dir,
}: CommonProps & { rows?: number; dir?: 'ltr' | 'rtl' | 'auto' }) {
  const id = useId()
  const { messages, invalid, valid } = useFieldState(field, serverErrors)
  return (
    <FieldFrame id={id} label={label} hint={hint} messages={messages} required={required} className={className}>
      <textarea
        id={id}
        name={field.name as string}
        rows={rows}
        dir={dir}
        aria-required={required || undefined}
        value={(field.state.value as string | undefined) ?? ''}
        onChange={(event) => {
          field.handleChange(event.target.value)
          onEdited?.()
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, invalid)}
        className={controlClass(invalid, valid)}
      />
    </FieldFrame>
  )
}

/** A titled group of fields inside a form (spec §2: the institution form's sections). */
export function FormSection({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <legend className="float-start w-full text-sm font-semibold text-slate-900">{title}</legend>
      {description && <p className="clear-both text-xs text-slate-500">{description}</p>}
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}
