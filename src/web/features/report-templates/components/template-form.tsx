import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import type { ReactNode } from 'react'
import { ReportTemplateSchema } from '../../../../shared/schemas/report-template'
import type { ReportTemplate, ReportTemplateInput } from '../../../../shared/schemas/report-template'
import type { AssessmentLibrary } from '../../../../shared/schemas/assessment-library'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { ChevronIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { fieldIssues } from '../../../components/form/field-issues'
import { templateWrites } from '../mutations'
import { libraryEntryOptionsQuery, libraryOptionsQuery } from '../queries'
import { BUILT_IN_REPORT_TYPES, SCOPE_ORDER, reportTypeLabel, scopeLabel } from '../report-labels'
import { joinSwitches, splitSwitches } from '../../../components/form/switch-values'
import type { SwitchValues } from '../../../components/form/switch-values'

/** The server names the free switches `switches`; the form shows them in `otherSwitches`. */
const SWITCH_ALIASES = { switches: 'otherSwitches' }

const FIELDS = ['name', 'title', 'assessmentLibrary', 'reportType', 'reportScope', 'otherSwitches', 'entries'] as const

type EntryValues = { display_name: string; assessment_library_entry: number | null }
export type TemplateFormValues = {
  name: string
  title: string
  assessmentLibrary: number | null
  reportType: number | null
  reportScope: number | null
} & SwitchValues & { entries: EntryValues[] }

const toId = (value: string): number | null => (value === '' ? null : Number(value))

export function toTemplateInput(values: TemplateFormValues): ReportTemplateInput {
  return {
    name: values.name,
    title: values.title,
    assessmentLibrary: values.assessmentLibrary as number,
    reportType: values.reportType as number,
    reportScope: values.reportScope as ReportTemplateInput['reportScope'],
    switches: joinSwitches(values),
    entries: values.entries.map((e) => ({ display_name: e.display_name, assessment_library_entry: e.assessment_library_entry })),
  }
}

function valuesOf(template?: ReportTemplate): TemplateFormValues {
  return {
    name: template?.name ?? '',
    title: template?.title ?? '',
    assessmentLibrary: template?.assessmentLibrary ?? null,
    reportType: template?.reportType ?? null,
    reportScope: template?.reportScope ?? null,
    ...splitSwitches(template?.switches ?? ''),
    entries: (template?.entries ?? [])
      .toSorted((a, b) => a.position - b.position)
      .map((e) => ({ display_name: e.display_name, assessment_library_entry: e.assessment_library_entry })),
  }
}

/** Add mode without a template, edit mode with one; the entries are saved with the template. */
export function TemplateForm({ template, onDone, onCancel }: {
  template?: ReportTemplate
  onDone: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const save = templateWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(template)
  const outcome = useWriteOutcome({ fields: FIELDS, aliases: SWITCH_ALIASES })
  const libraries = useQuery(libraryOptionsQuery())
  const libraryList: AssessmentLibrary[] = libraries.data ?? []
  const libraryNames = new Map(libraryList.map((l) => [l.id, l.display_name]))

  const conflictFields: ConflictField[] = [
    { key: 'name', label: t`Name` },
    { key: 'title', label: t`Title` },
    { key: 'assessmentLibrary', label: t`Assessment library`, format: (id) => libraryNames.get(Number(id)) ?? '' },
    { key: 'reportType', label: t`Report type`, format: (type) => (type === null || type === undefined ? '' : reportTypeLabel(i18n, Number(type), libraryNames)) },
    { key: 'switches', label: t`Other switches`, dir: 'ltr' },
    {
      key: 'entries', label: t`Entries`,
      format: (entries) => (Array.isArray(entries) ? entries as { display_name: string }[] : []).map((e) => e.display_name).join(', '),
    },
  ]

  const form = useForm({
    defaultValues: valuesOf(template),
    validators: { onChange: ({ value }) => fieldIssues(ReportTemplateSchema, toTemplateInput(value), SWITCH_ALIASES) },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const parsed = v.safeParse(ReportTemplateSchema, toTemplateInput(value))
      if (!parsed.success) return
      const input = parsed.output
      const result = await save(input, base)
      const name = input.name
      const state = await outcome.saved(result, { name: name, accepted: template ? t`Template “${name}” was saved.` : t`Template “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  const reportTypeOptions = [
    ...BUILT_IN_REPORT_TYPES.map((type) => ({ value: String(type), label: reportTypeLabel(i18n, type) })),
    ...libraryList.filter((l) => l.isReport && l.report_type !== null)
      .map((l) => ({ value: String(l.report_type), label: reportTypeLabel(i18n, l.report_type!, libraryNames) })),
  ]
  // A stored custom type whose library is no longer a report library is still shown, so the form says what is stored.
  const storedType = template?.reportType
  if (storedType !== undefined && !reportTypeOptions.some((o) => o.value === String(storedType))) {
    reportTypeOptions.push({ value: String(storedType), label: reportTypeLabel(i18n, storedType, libraryNames) })
  }

  const onLibraryChange = (libraryId: number | null) => {
    // Template entries must be entries of the chosen library: links to the old library's entries are dropped.
    const entries = form.getFieldValue('entries')
    if (entries.some((e) => e.assessment_library_entry !== null)) {
      form.setFieldValue('entries', entries.map((e) => ({ ...e, assessment_library_entry: null })), { dontUpdateMeta: true })
    }
    const library = libraryList.find((l) => l.id === libraryId)
    if (library?.report_type && form.getFieldValue('reportType') === null) {
      form.setFieldValue('reportType', library.report_type, { dontUpdateMeta: true })
    }
  }

  return (
    <FormCard
      title={template ? <Trans>Edit report template</Trans> : <Trans>Add report template</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(ReportTemplateSchema, toTemplateInput(values))} submitting={submitting}>
                {template ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      {libraries.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
          {describeError(i18n, libraries.error).join(' ')}
          <Button variant="secondary" size="sm" onClick={() => void libraries.refetch()}><Trans>Try again</Trans></Button>
        </div>
      )}
      <form.Field name="name">
        {(field) => <TextField field={field} label={t`Name`} autoFocus dir="auto" hint={t`At least 4 characters.`}
          serverErrors={outcome.fieldErrors.name} onEdited={() => outcome.clearField('name')} />}
      </form.Field>
      <form.Field name="title">
        {(field) => <TextField field={field} label={t`Title`} dir="auto" hint={t`Optional. Shown at the top of the report.`}
          serverErrors={outcome.fieldErrors.title} onEdited={() => outcome.clearField('title')} />}
      </form.Field>
      <form.Field name="assessmentLibrary">
        {(field) => <SelectField field={field} label={t`Assessment library`} placeholder={t`Choose a library`} parse={toId}
          loading={libraries.isPending} options={libraryList.map((l) => ({ value: String(l.id), label: l.display_name }))}
          serverErrors={outcome.fieldErrors.assessmentLibrary} onEdited={() => outcome.clearField('assessmentLibrary')}
          onValueChange={(value) => onLibraryChange(value as number | null)} />}
      </form.Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="reportType">
          {(field) => <SelectField field={field} label={t`Report type`} placeholder={t`Choose a report type`} parse={toId}
            options={reportTypeOptions} serverErrors={outcome.fieldErrors.reportType} onEdited={() => outcome.clearField('reportType')} />}
        </form.Field>
        <form.Field name="reportScope">
          {(field) => <SelectField field={field} label={t`Report scope`} placeholder={t`Choose a scope`} parse={toId}
            options={SCOPE_ORDER.map((scope) => ({ value: String(scope), label: scopeLabel(i18n, scope) }))}
            serverErrors={outcome.fieldErrors.reportScope} onEdited={() => outcome.clearField('reportScope')} />}
        </form.Field>
      </div>
      <div className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <div className="p-4">
          <form.Field name="enableParentReport">
            {(field) => <SwitchField field={field} label={t`Parent report`} hint={t`Adds the parent report download and email to this report.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="comparative">
            {(field) => <SwitchField field={field} label={t`Comparative report`} hint={t`Shows this report as a comparison of two periods.`} />}
          </form.Field>
        </div>
      </div>
      <form.Field name="otherSwitches">
        {(field) => <TextField field={field} label={t`Other switches`} dir="ltr" hint={t`Optional. Separate several switches with commas.`}
          serverErrors={outcome.fieldErrors.otherSwitches} onEdited={() => outcome.clearField('otherSwitches')} />}
      </form.Field>

      <form.Subscribe selector={(s) => s.values.assessmentLibrary}>
        {(libraryId) => (
          <form.Field name="entries" mode="array">
            {(entriesField) => (
              <TemplateEntries
                libraryId={libraryId}
                count={entriesField.state.value.length}
                messages={outcome.fieldErrors.entries}
                onAdd={(entry) => entriesField.pushValue(entry)}
                onRemove={(index) => entriesField.removeValue(index)}
                onMove={(from, to) => entriesField.moveValue(from, to)}
                existing={entriesField.state.value.map((e) => e.assessment_library_entry)}
                renderRow={(index, n, options) => (
                  <div className="grid flex-1 gap-3 sm:grid-cols-2">
                    <form.Field name={`entries[${index}].display_name`}>
                      {(field) => <TextField field={field} label={t`Entry ${n}: name`} dir="auto" onEdited={() => outcome.clearField('entries')} />}
                    </form.Field>
                    <form.Field name={`entries[${index}].assessment_library_entry`}>
                      {(field) => <SelectField field={field} label={t`Entry ${n}: library entry`} parse={toId}
                        placeholder={t`None`} options={options} onEdited={() => outcome.clearField('entries')} />}
                    </form.Field>
                  </div>
                )}
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <FormConflictDialog writes={templateWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}

type Option = { value: string; label: string }

/** The template's entries in order: add, remove, move up and down; each may point at an entry of the library. */
function TemplateEntries({ libraryId, count, existing, messages = [], onAdd, onRemove, onMove, renderRow }: {
  libraryId: number | null
  count: number
  existing: (number | null)[]
  messages?: readonly string[]
  onAdd: (entry: EntryValues) => void
  onRemove: (index: number) => void
  onMove: (from: number, to: number) => void
  renderRow: (index: number, n: number, options: Option[]) => ReactNode
}) {
  const { t, i18n } = useLingui()
  const entries = useQuery({ ...libraryEntryOptionsQuery(libraryId ?? 0), enabled: libraryId !== null })
  const options = (entries.data ?? []).map((e) => ({ value: String(e.id), label: e.display_name }))
  const missing = (entries.data ?? []).filter((e) => !existing.includes(e.id))
  const iconButton = 'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-brand-600'

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700"><Trans>Template entries</Trans></legend>
      {libraryId === null && <p className="text-sm text-slate-500"><Trans>Choose the assessment library to link entries to its entries.</Trans></p>}
      {entries.isError && (
        <p role="alert" className="text-sm text-rose-700">{describeError(i18n, entries.error).join(' ')}</p>
      )}
      {count === 0 && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-500 ring-1 ring-slate-200 ring-inset"><Trans>No entries yet.</Trans></p>}
      <ol className="space-y-3">
        {Array.from({ length: count }, (_, index) => {
          const n = index + 1
          return (
            <li key={index} className="flex items-start gap-2 rounded-lg p-3 ring-1 ring-slate-200">
              <span className="mt-8 w-6 shrink-0 text-center text-sm font-semibold text-slate-400 tabular-nums">{n}</span>
              {renderRow(index, n, options)}
              <div className="mt-6 flex shrink-0 items-center">
                <button type="button" className={iconButton} disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t`Move entry ${n} up`}>
                  <ChevronIcon className="size-4 -rotate-90" />
                </button>
                <button type="button" className={iconButton} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t`Move entry ${n} down`}>
                  <ChevronIcon className="size-4 rotate-90" />
                </button>
                <button type="button" className={`${iconButton} hover:text-rose-600`} onClick={() => onRemove(index)} aria-label={t`Remove entry ${n}`}>
                  <TrashIcon className="size-4" />
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      {messages.length > 0 && <ul className="space-y-0.5 text-xs text-rose-600">{messages.map((m) => <li key={m}>{m}</li>)}</ul>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" icon={<PlusIcon className="size-4" />} onClick={() => onAdd({ display_name: '', assessment_library_entry: null })}>
          <Trans>Add entry</Trans>
        </Button>
        {missing.length > 0 && (
          <Button variant="secondary" size="sm" icon={<PlusIcon className="size-4" />}
            onClick={() => missing.forEach((e) => onAdd({ display_name: e.display_name, assessment_library_entry: e.id }))}>
            <Trans>Add the library's entries</Trans>
          </Button>
        )}
      </div>
    </fieldset>
  )
}
