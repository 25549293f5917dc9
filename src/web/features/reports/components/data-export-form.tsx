// Data out (issue 26): the raw sittings and marks of a class, school or institution over a date range, as .xlsx
// (sittings and marks) or CSV. A large scope is built on the server; its progress is shown until the file comes.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { api, type ReportScope } from '../../../../shared/api'
import { SCOPE_TYPES } from '../../../../shared/schemas/assessment-library'
import { Button } from '../../../components/ui/button'
import { DownloadIcon } from '../../../components/ui/icons'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { isApiError } from '../../../lib/api/api-error'
import { showToast } from '../../../lib/notify/toasts'
import { exportData, type ExportProgress } from '../data-export'
import { RangeFormSchema, needsClass, type Scope } from '../report-forms'
import { DateField } from './date-field'
import { ScopeSelect } from './scope-select'

type Format = 'xlsx' | 'sittings-csv' | 'marks-csv'

export function DataExportForm({ scopeOf, classId, online }: { scopeOf: (scope: Scope) => ReportScope; classId: number; online: boolean }) {
  const { t } = useLingui()
  const formatId = useId()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [scope, setScope] = useState<Scope>(SCOPE_TYPES.class)
  const [format, setFormat] = useState<Format>('xlsx')
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [busy, setBusy] = useState(false)
  const values = { from_date: from, to_date: to, scope }
  const disabled = !v.is(RangeFormSchema, values) || needsClass(scope, classId) || busy || !online

  async function run() {
    setBusy(true)
    setProgress(null)
    try {
      const path = format === 'xlsx' ? api.exportFile(scopeOf(scope), from, to)
        : api.exportFile(scopeOf(scope), from, to, 'csv', format === 'marks-csv' ? 'marks' : 'sittings')
      await exportData(path, setProgress, () => new Error(t`The export could not be built. Try again.`))
    } catch (error) {
      showToast('error', isApiError(error) ? error.allMessages.join(' ') : error instanceof Error ? error.message : t`The export could not be built. Try again.`)
    } finally {
      setBusy(false)
      setProgress(null)
    }
  }

  return (
    <form className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" noValidate aria-labelledby={`${formatId}-title`}
      onSubmit={(event) => { event.preventDefault(); if (!disabled) void run() }}>
      <h2 id={`${formatId}-title`} className="text-base font-semibold text-slate-900"><Trans>Data out: raw sittings and marks</Trans></h2>
      <div className="grid gap-4 sm:grid-cols-4">
        <DateField label={<Trans>From date</Trans>} value={from} onChange={setFrom} />
        <DateField label={<Trans>To date</Trans>} value={to} onChange={setTo} invalidRange={from !== '' && to !== '' && to < from} />
        <ScopeSelect value={scope} onChange={setScope} />
        <div className="space-y-1.5">
          <label htmlFor={formatId} className="block text-sm font-medium text-slate-700"><Trans>File</Trans></label>
          <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value as Format)}
            className="block w-full rounded-lg border-slate-300 text-sm">
            <option value="xlsx">{t`Spreadsheet (.xlsx): sittings and marks`}</option>
            <option value="sittings-csv">{t`CSV: one row per sitting`}</option>
            <option value="marks-csv">{t`CSV: one row per mark`}</option>
          </select>
        </div>
      </div>
      {!online && <p className="text-sm text-slate-500"><Trans>Exports need a connection.</Trans></p>}
      {progress && progress.total > 0 && <ProgressBar percent={(progress.current / progress.total) * 100} label={t`Building the export`} />}
      <Button type="submit" disabled={disabled} aria-busy={busy || undefined} icon={<DownloadIcon className="size-4" />}><Trans>Export</Trans></Button>
    </form>
  )
}
