import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { AlertIcon } from '../../../components/ui/icons'
import type { UploadPhase } from '../use-bulk-upload'

const ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The file input (.xls and .xlsx only), the check's progress, and why a file cannot be used. */
export function FileStep({ phase, resets, disabled, disabledReason, onChoose }: {
  phase: UploadPhase
  /** A new value empties the input (the screen started over). */
  resets: number
  disabled: boolean
  disabledReason?: string
  onChoose: (file: File | null) => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const checking = phase.name === 'checking'
  const percent = checking && phase.total > 0 ? (phase.done / phase.total) * 100 : 5
  const done = checking ? phase.done.toLocaleString(i18n.locale) : ''
  const total = checking ? phase.total.toLocaleString(i18n.locale) : ''
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700"><Trans>Spreadsheet file</Trans></label>
        <input key={resets} id={id} type="file" accept={ACCEPT} disabled={disabled || checking}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          className="block w-full max-w-xl rounded-lg border border-slate-300 bg-white text-sm shadow-xs file:me-3 file:border-0 file:border-e file:border-slate-200 file:bg-slate-50 file:px-3 file:py-2 file:font-medium hover:file:bg-slate-100 focus:outline-2 focus:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60" />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {disabledReason ?? <Trans>.xls and .xlsx files only. Every row is checked on this device before anything is sent.</Trans>}
        </p>
      </div>
      {checking && (
        <ProgressBar percent={percent} label={phase.total ? t`Checking rows: ${done} of ${total}` : t`Reading the file…`} />
      )}
      {phase.name === 'problem' && (
        <div role="alert" className="flex gap-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
          <AlertIcon className="size-5 shrink-0" />
          <ul className="space-y-1">{phase.messages.map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
      )}
    </div>
  )
}
