// A labelled text input bound to a TanStack Form field. Validation issues carry codes from the shared
// schemas and are translated here; server messages for the field are shown below them.
import { useLingui } from '@lingui/react'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { validationMessage } from '../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../lib/i18n/validation-messages'
import { cx } from '../ui/cx'

type TextFieldProps = {
  field: AnyFieldApi
  label: ReactNode
  type?: 'text' | 'email' | 'password' | 'date'
  autoComplete?: string
  /** Messages the server returned for this field on the last submit. */
  serverErrors?: readonly string[]
  /** Called when the user edits the field, to drop its stale server messages. */
  onEdited?: () => void
  hint?: ReactNode
  labelAddon?: ReactNode
  autoFocus?: boolean
  dir?: 'ltr' | 'rtl' | 'auto'
}

export function TextField({
  field, label, type = 'text', autoComplete, serverErrors = [], onEdited, hint, labelAddon, autoFocus, dir,
}: TextFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  const touched = field.state.meta.isTouched as boolean
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  // One message at a time per field: the first rule that fails.
  const clientMessages = touched && issues[0] !== undefined ? [toMessage(i18n, issues[0])] : []
  const messages = [...clientMessages, ...serverErrors]
  const invalid = messages.length > 0
  const valid = touched && !invalid
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
        {labelAddon}
      </div>
      <input
        id={id}
        name={field.name as string}
        type={type}
        dir={dir}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={(field.state.value as string | undefined) ?? ''}
        onChange={(event) => {
          field.handleChange(event.target.value)
          onEdited?.()
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cx(
          'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors',
          'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
          invalid
            ? 'border-rose-400 focus:outline-rose-500'
            : valid
              ? 'border-emerald-400 focus:outline-brand-600'
              : 'border-slate-300 focus:outline-brand-600',
        )}
      />
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {invalid && (
        <ul id={`${id}-error`} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}

function toMessage(i18n: Parameters<typeof validationMessage>[0], issue: unknown): string {
  if (typeof issue === 'string') return validationMessage(i18n, issue)
  return validationMessage(i18n, issue as ValidationIssue)
}
