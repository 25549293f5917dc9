// The PDF of an assessment: a file input for application/pdf that checks the file before it is accepted,
// shows the chosen file with its size, and, when editing, the stored file as a link.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { cx } from '../../../components/ui/cx'
import { AlertIcon, DownloadIcon } from '../../../components/ui/icons'
import { PDF_MAX_BYTES, formatFileSize, readPdfFile } from '../pdf-file'
import type { PdfCheck } from '../pdf-file'

type Chosen = { name: string; size: number }

export function PdfField({ label, required, stored, onStoredOpen, onChange, messages = [], disabled }: {
  label: ReactNode
  required: boolean
  /** The file kept on the server, when editing. */
  stored: { name: string } | null
  onStoredOpen: () => void
  /** A checked file as a data URL, or null when the choice was cleared or refused. */
  onChange: (dataUrl: string | null) => void
  /** Validation and server messages for the field. */
  messages?: readonly string[]
  disabled?: boolean
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const maxMb = Math.round(PDF_MAX_BYTES / 1024 / 1024)

  const describe = (check: Extract<PdfCheck, { ok: false }>): string => {
    const name = check.name
    if (check.reason === 'not_pdf') return t`“${name}” is not a PDF document: its content does not start like a PDF. Choose a real PDF file.`
    if (check.reason === 'too_large') return t`“${name}” is larger than ${maxMb} MB. Choose a smaller PDF.`
    return t`“${name}” could not be read. Choose the file again.`
  }

  const pick = async (file: File | undefined) => {
    setRefusal(null)
    if (!file) {
      setChosen(null)
      onChange(null)
      return
    }
    setReading(true)
    const check = await readPdfFile(file)
    setReading(false)
    if (check.ok) {
      setChosen({ name: check.name, size: check.size })
      onChange(check.dataUrl)
    } else {
      setChosen(null)
      setRefusal(describe(check))
      onChange(null)
      if (input.current) input.current.value = ''
    }
  }

  const all = [...(refusal ? [refusal] : []), ...messages]
  const invalid = all.length > 0
  const size = chosen ? formatFileSize(chosen.size, i18n.locale) : ''
  const chosenName = chosen?.name ?? ''

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-rose-600">*</span>}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled || reading}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        onChange={(event) => void pick(event.target.files?.[0])}
        className={cx(
          'block w-full rounded-lg border bg-white text-sm text-slate-700 shadow-xs file:me-3 file:border-0 file:border-e file:border-slate-200',
          'file:bg-slate-50 file:px-3 file:py-2 file:font-medium file:text-slate-700 hover:file:bg-slate-100 focus:outline-2 focus:outline-brand-600',
          invalid ? 'border-rose-400' : 'border-slate-300',
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {chosen
          ? <span role="status"><Trans>Chosen: {chosenName} ({size})</Trans></span>
          : <Trans>PDF files only, up to {maxMb} MB.</Trans>}
      </p>
      {stored && !chosen && (
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
          <Trans>Current file:</Trans>
          <button type="button" onClick={onStoredOpen}
            className="inline-flex items-center gap-1 rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            <DownloadIcon className="size-4" />{stored.name}
          </button>
        </p>
      )}
      {stored && chosen && <p className="text-xs text-slate-500"><Trans>The chosen file will replace the current one when you save.</Trans></p>}
      {invalid && (
        <ul id={`${id}-error`} role="alert" className="space-y-0.5 text-xs text-rose-600">
          {all.map((message) => <li key={message} className="flex items-start gap-1"><AlertIcon className="mt-px size-3.5 shrink-0" />{message}</li>)}
        </ul>
      )}
    </div>
  )
}
