// The library entry form, its own page (spec routes assessment-library-entry/add and {id}/edit):
// display_name (min 4), in-parent-report switch, description and the assessments the entry covers.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { AssessmentLibraryEntrySchema } from '../../../../shared/schemas/assessment-library'
import type { AssessmentLibraryEntry } from '../../../../shared/schemas/assessment-library'
import { CheckboxTableField } from '../../../components/form/checkbox-table-field'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { Button } from '../../../components/ui/button'
import { SearchIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { fieldIssues } from '../../../components/form/field-issues'
import { entryWrites } from '../mutations'
import { assessmentOptionsQuery } from '../queries'

const FIELDS = ['display_name', 'inParentReport', 'description', 'assessments'] as const

type Props = {
  libraryId: number
  entry: AssessmentLibraryEntry | null
  /** After a save (spec: back to /assessment-library). */
  onDone: () => void
  onCancel: () => void
}

export function EntryForm({ libraryId, entry, onDone, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const save = entryWrites.useSave({ libraryId })
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(entry ?? undefined)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const assessments = useQuery(assessmentOptionsQuery())
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const descriptionId = useId()
  const conflictFields: ConflictField[] = [
    { key: 'display_name', label: t`Entry name` },
    { key: 'inParentReport', label: t`In the parent report` },
    { key: 'description', label: t`Description` },
    { key: 'assessments', label: t`Assessments covered`, format: (ids) => (Array.isArray(ids) ? ids : []).map((id) => assessments.data?.find((a) => a.id === id)?.title ?? `#${String(id)}`).join(', ') },
  ]
  const form = useForm({
    defaultValues: {
      display_name: entry?.display_name ?? '',
      inParentReport: entry?.inParentReport ?? false,
      description: entry?.description ?? '',
      assessments: entry?.assessments ?? ([] as number[]),
    },
    validators: { onChange: ({ value }) => fieldIssues(AssessmentLibraryEntrySchema, value) },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(AssessmentLibraryEntrySchema, value)
      const result = await save(input, base)
      const name = input.display_name
      const state = await outcome.saved(result, { name, accepted: entry ? t`Entry “${name}” was saved.` : t`Entry “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  const needle = filter.trim().toLocaleLowerCase()
  const items = (assessments.data ?? [])
    .filter((a) => !needle || a.title.toLocaleLowerCase().includes(needle) || (a.level_names ?? '').toLocaleLowerCase().includes(needle))
    .map((a) => ({ id: a.id, label: a.title, detail: [a.subject_name, a.level_names].filter(Boolean).join(' · ') }))

  return (
    <FormCard
      title={entry ? <Trans>Edit entry</Trans> : <Trans>Add entry</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(AssessmentLibraryEntrySchema, values)} submitting={submitting}>
                {entry ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={outcome.formErrors} />
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Entry name`} autoFocus dir="auto" hint={t`At least 4 characters.`}
          serverErrors={outcome.fieldErrors.display_name} onEdited={() => outcome.clearField('display_name')} />}
      </form.Field>
      <form.Field name="inParentReport">
        {(field) => <SwitchField field={field} label={t`In the parent report`} hint={t`Show this entry in the report sent to parents.`}
          onEdited={() => outcome.clearField('inParentReport')} />}
      </form.Field>
      <form.Field name="description">
        {(field) => (
          <div className="space-y-1.5">
            <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700"><Trans>Description</Trans></label>
            <textarea id={descriptionId} rows={3} value={field.state.value} onBlur={field.handleBlur}
              onChange={(event) => { field.handleChange(event.target.value); outcome.clearField('description') }}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:outline-2 focus:outline-brand-600" />
            {outcome.fieldErrors.description && (
              <ul className="space-y-0.5 text-xs text-rose-600">{outcome.fieldErrors.description.map((m) => <li key={m}>{m}</li>)}</ul>
            )}
          </div>
        )}
      </form.Field>
      <div className="space-y-2">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <label htmlFor={filterId} className="sr-only">{t`Filter assessments`}</label>
          <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder={t`Filter assessments`}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm shadow-xs focus:outline-2 focus:outline-brand-600" />
        </div>
        <form.Field name="assessments">
          {(field) => <CheckboxTableField field={field} label={t`Assessments covered`} columnLabel={t`Assessment`} items={items}
            loading={assessments.isPending}
            error={assessments.isError ? describeError(i18n, assessments.error).join(' ') : undefined}
            emptyText={needle ? <Trans>No assessment matches the filter.</Trans> : <Trans>There are no assessments yet.</Trans>}
            serverErrors={outcome.fieldErrors.assessments} onEdited={() => outcome.clearField('assessments')} />}
        </form.Field>
      </div>
      <FormConflictDialog writes={entryWrites} ctx={{ libraryId }} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
