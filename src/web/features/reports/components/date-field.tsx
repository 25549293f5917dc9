// A labelled native date input (the browser's date picker), required; error styling once touched.
import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import { cx } from '../../../components/ui/cx'
import { DATE_PATTERN } from '../report-forms'

export function DateField({ label, value, onChange, invalidRange = false }: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  /** The range this date belongs to ends before it starts. */
  invalidRange?: boolean
}) {
  const id = useId()
  const [touched, setTouched] = useState(false)
  const missing = !DATE_PATTERN.test(value)
  const invalid = touched && (missing || invalidRange)
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <input id={id} type="date" required value={value} dir="ltr"
        onChange={(event) => { onChange(event.target.value); setTouched(true) }}
        onBlur={() => setTouched(true)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={cx('block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
          invalid ? 'border-rose-400' : touched ? 'border-emerald-400' : 'border-slate-300')} />
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {missing ? <Trans>Choose a date.</Trans> : <Trans>The end date is before the start date.</Trans>}
        </p>
      )}
    </div>
  )
}
