// A bulk upload screen (spec §2 "Bulk upload screens"): the template and report downloads, the file input
// (.xls and .xlsx only), the check of every row on this device with its preview, the confirmation, then the
// results (toast, dismissible error panel, per-row results for classes and students) and earlier uploads.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { UploadKind } from '../../../../shared/bulk/upload-kinds'
import { useListDownload } from '../../../components/list/use-list-download'
import { Button } from '../../../components/ui/button'
import { DownloadIcon, InfoIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { withLoader } from '../../../lib/notify/loader'
import { useOnline } from '../../../lib/sync/use-online'
import { classChoicesQuery, referencesQuery, templateUrlsQuery } from '../queries'
import { UPLOAD_SCREENS } from '../upload-screens'
import { useBulkUpload } from '../use-bulk-upload'
import { FileStep } from './file-step'
import { ImportProgress } from './import-progress'
import { UploadHistory } from './upload-history'
import { UploadOutcome } from './upload-outcome'
import { UploadPreview } from './upload-preview'

export function BulkUploadScreen({ kind, schoolId, yearId }: { kind: UploadKind; schoolId: number | null; yearId: number | null }) {
  const { t, i18n } = useLingui()
  const screen = UPLOAD_SCREENS[kind]
  const online = useOnline()
  const [classId, setClassId] = useState<number | null>(null)
  const choice = { schoolId, yearId, classId }
  const refs = useQuery(referencesQuery(kind, screen.needs.school ? schoolId : null, screen.needs.year ? yearId : null))
  const urls = useQuery(templateUrlsQuery())
  const upload = useBulkUpload(screen, choice, refs.data)
  const { phase } = upload
  const templateUrl = urls.data?.[screen.templateKey] ?? null
  const reportPath = screen.report?.path(choice) ?? null
  const needsClass = kind === 'student' && classId === null

  const listDownload = useListDownload()
  const download = async (path: string | null, filters: Record<string, string> = {}) => {
    if (path) await withLoader(() => listDownload(path, { filters }))
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <section aria-labelledby={`${kind}-upload-title`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
          <div className="min-w-0 flex-1">
            <h2 id={`${kind}-upload-title`} className="text-base font-semibold text-slate-900">{i18n._(screen.title)}</h2>
            <p className="mt-1 text-sm text-slate-500">{i18n._(screen.intro)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={<DownloadIcon className="size-4" />} disabled={!templateUrl} onClick={() => void download(templateUrl)}>
              <Trans>Download template</Trans>
            </Button>
            {screen.report && (
              <Button variant="secondary" icon={<DownloadIcon className="size-4" />} disabled={!reportPath} onClick={() => void download(reportPath, screen.report?.query?.(choice))}>
                {i18n._(screen.report.label)}
              </Button>
            )}
          </div>
        </div>
        <div className="space-y-5 px-6 py-5">
          {kind === 'student' && schoolId !== null && (
            <ClassPicker schoolId={schoolId} classId={classId} onChange={(id) => { setClassId(id); upload.reset() }} />
          )}
          {!refs.data && !refs.isPending && (
            <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-800 ring-1 ring-sky-200">
              <InfoIcon className="size-5 shrink-0" />
              <Trans>The lists this check uses could not be loaded, so names of schools, grades, subjects and teachers are checked when the file is sent.</Trans>
            </p>
          )}
          <FileStep phase={phase} resets={upload.resets} disabled={needsClass || phase.name === 'sending'} disabledReason={needsClass ? t`Choose the class first.` : undefined} onChoose={(file) => void upload.choose(file)} />
        </div>
      </section>

      {phase.name === 'preview' && (
        <UploadPreview kind={kind} file={phase.file} check={phase.check} online={online} onSend={() => void upload.send()} onAgain={upload.reset} fixFile={upload.fixFile} />
      )}
      {phase.name === 'sending' && (
        <p role="status" className="rounded-xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"><Trans>Uploading…</Trans></p>
      )}
      {phase.name === 'queued' && (
        <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <Trans>Saved on this device. The upload will be sent when the connection is back, and its results will show here.</Trans>
        </p>
      )}
      {phase.name === 'importing' && <ImportProgress uploadId={phase.uploadId} total={phase.total} onFinished={upload.finishImport} />}
      {phase.name === 'done' && (
        <UploadOutcome kind={kind} phase={phase} rowResults={screen.rowResults} onAgain={upload.reset} fixFile={upload.fixFile} />
      )}

      <UploadHistory kind={kind} online={online} />
    </div>
  )
}

function ClassPicker({ schoolId, classId, onChange }: { schoolId: number; classId: number | null; onChange: (id: number | null) => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const classes = useQuery(classChoicesQuery(schoolId))
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700"><Trans>Class</Trans></label>
      <select id={id} value={classId ?? ''} aria-describedby={`${id}-note`} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        className="block w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-brand-600">
        <option value="">{classes.isPending ? t`Loading…` : t`Select class`}</option>
        {(classes.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
      <div id={`${id}-note`} className="space-y-1 text-xs text-slate-500">
        <p><Trans>Select the class the students join, then choose the file. Every row of the file goes into this class for the selected academic year.</Trans></p>
        <p><Trans>The file needs the columns first_name, last_name, arabic_name and enrollment_code; gender (m or f) and user_field_1 to user_field_4 are optional. Download the template to start from the right columns.</Trans></p>
      </div>
      {classes.isError && <p role="alert" className="text-xs text-rose-600">{describeError(i18n, classes.error).join(' ')}</p>}
    </div>
  )
}
