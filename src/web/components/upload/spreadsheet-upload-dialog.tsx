// A spreadsheet upload in a dialog (spec §2 "Bulk upload screens"): choose an .xls/.xlsx file, confirm,
// send, then show the server's answer in the dialog. The caller sends the file and sorts the answer into
// success, info (e.g. "import not available yet") or error.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import type { I18n } from '@lingui/core'
import { isApiError } from '../../lib/api/api-error'
import { describeError } from '../../lib/api/error-messages'
import { Button } from '../ui/button'
import { cx } from '../ui/cx'
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon, UploadIcon } from '../ui/icons'
import { Spinner } from '../ui/spinner'

export type UploadOutcome = { kind: 'success' | 'info' | 'error'; messages: string[] }

export const SPREADSHEET_ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Only .xls and .xlsx names are offered to the server (spec §5); it checks the content itself. */
export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx?)$/i.test(name.trim())
}

/**
 * How a failed upload is shown: 501 (the import is not available yet) is information, not a failure of the
 * app; any other refusal shows the server's messages as an error.
 */
export function uploadErrorOutcome(i18n: I18n, error: unknown): UploadOutcome {
  if (isApiError(error) && error.status === 501) return { kind: 'info', messages: error.allMessages.length ? error.allMessages : describeError(i18n, error) }
  return { kind: 'error', messages: describeError(i18n, error) }
}

const OUTCOME_STYLES: Record<UploadOutcome['kind'], string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  error: 'bg-rose-50 text-rose-800 ring-rose-200',
}

export function SpreadsheetUploadDialog({ open, title, description, onClose, onUpload, offline }: {
  open: boolean
  title: ReactNode
  description?: ReactNode
  onClose: () => void
  onUpload: (file: File) => Promise<UploadOutcome>
  /** Uploads need a connection: the file is not kept for later. */
  offline?: boolean
}) {
  const { t } = useLingui()
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null)
  const [inputKey, setInputKey] = useState(0)

  const close = () => {
    if (busy) return
    setFile(null)
    setConfirming(false)
    setOutcome(null)
    setInputKey((k) => k + 1)
    onClose()
  }

  const choose = (chosen: File | undefined) => {
    setOutcome(null)
    setConfirming(false)
    if (chosen && !isSpreadsheetName(chosen.name)) {
      setFile(null)
      setInputKey((k) => k + 1)
      const name = chosen.name
      setOutcome({ kind: 'error', messages: [t`“${name}” is not a spreadsheet. Only .xls and .xlsx files can be uploaded.`] })
      return
    }
    setFile(chosen ?? null)
  }

  const send = async () => {
    if (!file) return
    setBusy(true)
    try {
      setOutcome(await onUpload(file))
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  const fileName = file?.name ?? ''
  const Icon = outcome?.kind === 'success' ? CheckIcon : outcome?.kind === 'info' ? InfoIcon : AlertIcon

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel transition className="w-full max-w-lg rounded-xl bg-white shadow-xl ring-1 ring-slate-200 transition data-closed:scale-95 data-closed:opacity-0">
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <button type="button" onClick={close} aria-label={t`Close`} className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100">
              <CloseIcon className="size-4" />
            </button>
          </div>
          <div className="space-y-4 px-6 py-5 text-sm text-slate-600">
            {description && <p>{description}</p>}
            {offline && <p className="rounded-lg bg-amber-50 p-3 text-amber-800 ring-1 ring-amber-200"><Trans>Uploads need a connection. Connect to the internet to upload a file.</Trans></p>}
            <div className="space-y-1.5">
              <label htmlFor={inputId} className="block font-medium text-slate-700"><Trans>Spreadsheet file</Trans></label>
              <input key={inputKey} id={inputId} type="file" accept={SPREADSHEET_ACCEPT} disabled={busy}
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => choose(event.target.files?.[0])}
                className="block w-full rounded-lg border border-slate-300 bg-white text-sm shadow-xs file:me-3 file:border-0 file:border-e file:border-slate-200 file:bg-slate-50 file:px-3 file:py-2 file:font-medium hover:file:bg-slate-100 focus:outline-2 focus:outline-brand-600" />
              <p id={`${inputId}-hint`} className="text-xs text-slate-500"><Trans>.xls and .xlsx files only.</Trans></p>
            </div>
            {confirming && file && (
              <div role="alertdialog" aria-label={t`Confirm upload`} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="mb-3 text-slate-700"><Trans>Upload “{fileName}” now?</Trans></p>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={busy}><Trans>No</Trans></Button>
                  <Button size="sm" autoFocus onClick={() => void send()} disabled={busy}>
                    {busy && <Spinner className="size-4 border-white/40 border-t-white" />}<Trans>Yes, upload</Trans>
                  </Button>
                </div>
              </div>
            )}
            {outcome && (
              <div role={outcome.kind === 'error' ? 'alert' : 'status'} className={cx('flex gap-3 rounded-lg p-3 ring-1', OUTCOME_STYLES[outcome.kind])}>
                <Icon className="size-5 shrink-0" />
                <ul className="space-y-1">{outcome.messages.map((m) => <li key={m}>{m}</li>)}</ul>
              </div>
            )}
          </div>
          <div className="flex justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
            <Button variant="secondary" onClick={close} disabled={busy}><Trans>Close</Trans></Button>
            <Button icon={<UploadIcon className="size-4" />} disabled={!file || busy || confirming || offline} onClick={() => setConfirming(true)}>
              <Trans>Upload</Trans>
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
