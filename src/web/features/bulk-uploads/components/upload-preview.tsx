import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { cellText } from '../../../../shared/bulk/cell-values'
import { UPLOAD_KEY, type UploadKind } from '../../../../shared/bulk/upload-kinds'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { AlertIcon, CheckIcon, DownloadIcon, InfoIcon, UploadIcon } from '../../../components/ui/icons'
import { saveBlob } from '../../../lib/api/download'
import { issueLines } from '../file-problems'
import type { Checked } from '../use-bulk-upload'
import { fixFileName, XLSX_TYPE } from './fix-file-name'

/** Rows listed on screen; the downloaded file has them all. */
const SHOWN_ROWS = 100
const SHOWN_VALID = 10

/** The check's verdict before anything is sent: rows to fix with their reasons, rows ready, and Send. */
export function UploadPreview({ kind, file, check, online, onSend, onAgain, fixFile }: {
  kind: UploadKind
  file: File
  check: Checked
  online: boolean
  onSend: () => void
  onAgain: () => void
  fixFile: (rows: { cells: Checked['valid'][number]['cells']; error: string }[], headers: string[]) => Promise<Uint8Array>
}) {
  const { t, i18n } = useLingui()
  const [confirming, setConfirming] = useState(false)
  const valid = check.valid.length
  const invalid = check.invalid.length
  const more = invalid - SHOWN_ROWS
  const fileName = file.name
  const keyField = UPLOAD_KEY[kind]
  const ignored = check.ignored.join(', ')
  const columns = check.fields.map((field, i) => ({ field, i })).filter((c): c is { field: string; i: number } => c.field !== null && c.field !== 'row' && c.field !== 'error')

  const downloadFix = async () => {
    const rows = check.invalid.map((r) => ({ cells: r.cells, error: issueLines(i18n, r.issues).join('; ') }))
    const bytes = await fixFile(rows, check.headers)
    saveBlob(new Blob([bytes as BlobPart], { type: XLSX_TYPE }), fixFileName(fileName))
  }

  return (
    <section aria-labelledby="upload-preview-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="upload-preview-title" className="text-base font-semibold text-slate-900"><Trans>Checked before sending</Trans></h3>
      <div role="status" className="flex flex-wrap gap-3 text-sm">
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800 ring-1 ring-emerald-200">
          <CheckIcon className="size-5 shrink-0" />
          {t({ message: plural(valid, { one: '# row is ready to upload.', other: '# rows are ready to upload.' }) })}
        </p>
        {invalid > 0 && (
          <p className="flex items-center gap-2 rounded-lg bg-rose-50 px-3 py-2 text-rose-800 ring-1 ring-rose-200">
            <AlertIcon className="size-5 shrink-0" />
            {t({ message: plural(invalid, { one: '# row needs fixing.', other: '# rows need fixing.' }) })}
          </p>
        )}
      </div>
      {check.ignored.length > 0 && (
        <p className="flex gap-2 text-sm text-slate-600"><InfoIcon className="size-5 shrink-0 text-slate-400" /><Trans>These columns are not uploaded: {ignored}.</Trans></p>
      )}

      {invalid > 0 && (
        <div className="space-y-2">
          <div className="relative overflow-x-auto rounded-lg ring-1 ring-rose-200">
            <table className="min-w-full divide-y divide-rose-100 text-sm">
              <caption className="bg-rose-50 px-3 py-2 text-start font-medium text-rose-900"><Trans>Rows to fix</Trans></caption>
              <thead className="bg-white text-start text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Row</Trans></th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">{keyField}</th>
                  <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Problems</Trans></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {check.invalid.slice(0, SHOWN_ROWS).map((r) => (
                  <tr key={r.row}>
                    <th scope="row" className="px-3 py-2 text-start font-medium tabular-nums text-slate-900">{r.row}</th>
                    <td className="px-3 py-2 text-slate-700"><bdi>{r.label}</bdi></td>
                    <td className="px-3 py-2 text-rose-800">
                      <ul className="space-y-0.5">{issueLines(i18n, r.issues).map((line) => <li key={line}>{line}</li>)}</ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more > 0 && (
            <p className="text-xs text-slate-500">{t({ message: plural(more, { one: 'And # more row in the file to fix.', other: 'And # more rows in the file to fix.' }) })}</p>
          )}
        </div>
      )}

      {valid > 0 && (
        <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-100 text-sm">
            <caption className="bg-slate-50 px-3 py-2 text-start font-medium text-slate-800">
              {valid > SHOWN_VALID ? <Trans>Rows ready to upload (the first {SHOWN_VALID})</Trans> : <Trans>Rows ready to upload</Trans>}
            </caption>
            <thead className="bg-white text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Row</Trans></th>
                {columns.map((c) => <th key={c.i} scope="col" className="px-3 py-2 text-start font-medium">{c.field}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {check.valid.slice(0, SHOWN_VALID).map((r) => (
                <tr key={r.row}>
                  <th scope="row" className="px-3 py-2 text-start font-medium tabular-nums text-slate-900">{r.row}</th>
                  {columns.map((c) => <td key={c.i} className="px-3 py-2 text-slate-700"><bdi>{cellText(r.cells[c.i])}</bdi></td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={onAgain}><Trans>Choose another file</Trans></Button>
        {invalid > 0 && (
          <Button variant="secondary" icon={<DownloadIcon className="size-4" />} onClick={() => void downloadFix()}><Trans>Download rows to fix</Trans></Button>
        )}
        <Button icon={<UploadIcon className="size-4" />} disabled={valid === 0} onClick={() => setConfirming(true)}>
          {invalid > 0
            ? t({ message: plural(valid, { one: 'Upload # valid row', other: 'Upload # valid rows' }) })
            : t({ message: plural(valid, { one: 'Upload # row', other: 'Upload # rows' }) })}
        </Button>
      </div>
      <ConfirmDialog open={confirming} tone="primary" title={t`Upload “${fileName}”?`} confirmLabel={t`Yes, upload`}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onSend()
        }}>
        <p>{t({ message: plural(valid, { one: '# row will be uploaded.', other: '# rows will be uploaded.' }) })}</p>
        {invalid > 0 && <p className="mt-1">{t({ message: plural(invalid, { one: '# row with problems will not be sent.', other: '# rows with problems will not be sent.' }) })}</p>}
        {!online && <p className="mt-1 text-amber-800"><Trans>You are offline: the upload is kept on this device and sent when the connection is back.</Trans></p>}
      </ConfirmDialog>
    </section>
  )
}
