import { plural } from '@lingui/core/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { UploadKind } from '../../../../shared/bulk/upload-kinds'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { AlertIcon, CheckIcon, CloseIcon, DownloadIcon } from '../../../components/ui/icons'
import { saveBlob } from '../../../lib/api/download'
import { showToast } from '../../../lib/notify/toasts'
import { issueLines, resultLabel, resultLines } from '../file-problems'
import type { UploadPhase } from '../use-bulk-upload'
import { fixFileName, XLSX_TYPE } from './fix-file-name'

type Done = Extract<UploadPhase, { name: 'done' }>

/** Where the records an upload made are listed. */
const LISTS: Record<UploadKind, { to: string; label: MessageDescriptor }> = {
  teacher: { to: '/user', label: msg`Open the user list` },
  school: { to: '/school', label: msg`Open the school list` },
  class: { to: '/class', label: msg`Open the class list` },
  student: { to: '/student', label: msg`Open the student list` },
  'assessment-library': { to: '/assessment-library', label: msg`Open the library list` },
  'report-template': { to: '/report-template', label: msg`Open the template list` },
}

/**
 * What the server did with the rows sent (spec §4, §8): the "{success} of {total} rows uploaded" toast, a
 * dismissible red panel with one line per refused row, every row's result for class and student uploads,
 * and the refused rows (with the ones never sent) as a workbook to fix.
 */
export function UploadOutcome({ kind, phase, rowResults, onAgain, fixFile }: {
  kind: UploadKind
  phase: Done
  rowResults: boolean
  onAgain: () => void
  fixFile: (rows: { cells: Done['check']['valid'][number]['cells']; error: string }[], headers: string[]) => Promise<Uint8Array>
}) {
  const { t, i18n } = useLingui()
  const [panelOpen, setPanelOpen] = useState(true)
  const { success, total, check, results } = phase
  const refused = results.filter((r) => r.status === 'error')
  const notSent = check.invalid.length
  const list = LISTS[kind]

  useEffect(() => {
    if (success > 0) showToast('success', t({ message: plural(total, { one: `${success} of # row uploaded`, other: `${success} of # rows uploaded` }) }))
    else showToast('error', t`No row was uploaded. See the errors below.`)
    // Once per result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase])

  const downloadFix = async () => {
    const sentCells = new Map(check.valid.map((r) => [r.row, r.cells]))
    const rows = [
      ...check.invalid.map((r) => ({ row: r.row, cells: r.cells, error: issueLines(i18n, r.issues).join('; ') })),
      ...refused.map((r) => ({ row: r.row, cells: sentCells.get(r.row) ?? [], error: resultLines(r).join('; ') })),
    ].sort((a, b) => a.row - b.row)
    const bytes = await fixFile(rows, check.headers)
    saveBlob(new Blob([bytes as BlobPart], { type: XLSX_TYPE }), fixFileName(phase.file.name))
  }

  return (
    <section aria-labelledby="upload-outcome-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="upload-outcome-title" className="text-base font-semibold text-slate-900"><Trans>Upload results</Trans></h3>
      <div role="status" className="space-y-1 text-sm">
        <p className="flex items-center gap-2 text-emerald-800"><CheckIcon className="size-5 shrink-0" /><Plural value={total} one={`${success} of # row uploaded.`} other={`${success} of # rows uploaded.`} /></p>
        {notSent > 0 && (
          <p className="text-slate-600">{t({ message: plural(notSent, { one: '# row was not sent because it needs fixing.', other: '# rows were not sent because they need fixing.' }) })}</p>
        )}
      </div>

      {refused.length > 0 && panelOpen && (
        <div role="alert" aria-labelledby="bulk-upload-errors" className="rounded-lg bg-rose-50 text-sm text-rose-900 ring-1 ring-rose-200">
          <div className="flex items-center gap-2 border-b border-rose-200 px-4 py-2">
            <AlertIcon className="size-5 shrink-0" />
            <h4 id="bulk-upload-errors" className="flex-1 font-medium"><Trans>Bulk upload errors</Trans></h4>
            <button type="button" onClick={() => setPanelOpen(false)} aria-label={t`Close the error list`} className="-m-1 rounded p-1 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-brand-600">
              <CloseIcon className="size-4" />
            </button>
          </div>
          <ul className="max-h-96 space-y-1 overflow-y-auto px-4 py-3">
            {refused.map((r) => {
              const row = r.row
              const label = resultLabel(r)
              return (
                <li key={row}>
                  <span className="font-medium"><Trans>Row {row}</Trans></span>{label && <>: <bdi>{label}</bdi></>} — {resultLines(r).join('; ')}
                </li>
              )
            })}
          </ul>
        </div>
      )}

      {rowResults && results.length > 0 && results.length === total && (
        <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-100 text-sm">
            <caption className="bg-slate-50 px-3 py-2 text-start font-medium text-slate-800"><Trans>Result of each row</Trans></caption>
            <thead className="bg-white text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Row</Trans></th>
                <th scope="col" className="px-3 py-2 text-start font-medium">{kind === 'student' ? 'enrollment_code' : 'identifier'}</th>
                <th scope="col" className="px-3 py-2 text-start font-medium"><Trans>Result</Trans></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {results.map((r) => (
                <tr key={r.row}>
                  <th scope="row" className="px-3 py-2 text-start font-medium tabular-nums">{r.row}</th>
                  <td className="px-3 py-2"><bdi>{resultLabel(r)}</bdi></td>
                  <td className="px-3 py-2">
                    {r.status === 'success'
                      ? <Badge tone="success"><Trans>Uploaded</Trans></Badge>
                      : <span className="text-rose-800"><Badge tone="danger"><Trans>Refused</Trans></Badge> {resultLines(r).join('; ')}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
        <Link to={list.to} className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
          {i18n._(list.label)}
        </Link>
        {(refused.length > 0 || notSent > 0) && (
          <Button variant="secondary" icon={<DownloadIcon className="size-4" />} onClick={() => void downloadFix()}><Trans>Download rows to fix</Trans></Button>
        )}
        <Button onClick={onAgain}><Trans>Upload another file</Trans></Button>
      </div>
    </section>
  )
}
