// The content text area and its preview. Both take the direction of the chosen subject, so Arabic content
// is typed and shown right-to-left even on an English page (and English left-to-right on an Arabic one).
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { cx } from '../../../components/ui/cx'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../../lib/i18n/validation-messages'
import type { Direction } from '../assessment-rules'

export function ContentField({ field, label, hint, direction, serverErrors = [], onEdited }: {
  field: AnyFieldApi
  label: ReactNode
  hint?: ReactNode
  direction: Direction
  serverErrors?: readonly string[]
  onEdited?: () => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const touched = field.state.meta.isTouched as boolean
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  const messages = [
    ...(touched ? [...new Set(issues.map((issue) => validationMessage(i18n, issue as ValidationIssue | string)))] : []),
    ...serverErrors,
  ]
  const invalid = messages.length > 0
  const valid = touched && !invalid
  const value = (field.state.value as string | undefined) ?? ''
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  const lang = direction === 'rtl' ? 'ar' : undefined

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <textarea
        id={id}
        name={field.name as string}
        dir={direction}
        lang={lang}
        rows={6}
        value={value}
        onChange={(event) => {
          field.handleChange(event.target.value)
          onEdited?.()
        }}
        onBlur={field.handleBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cx(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base leading-relaxed text-slate-900 shadow-xs transition-colors',
          'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
          invalid ? 'border-rose-400 focus:outline-rose-500' : valid ? 'border-emerald-400 focus:outline-brand-600' : 'border-slate-300 focus:outline-brand-600',
        )}
      />
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {invalid && (
        <ul id={`${id}-error`} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
      <section aria-label={t`Content preview`} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"><Trans>Preview</Trans></h3>
        {value.trim() === ''
          ? <p className="text-sm text-slate-400"><Trans>The content will appear here as the reader sees it.</Trans></p>
          : <div dir={direction} lang={lang} className="text-lg leading-loose whitespace-pre-wrap text-slate-900">{value}</div>}
      </section>
    </div>
  )
}
