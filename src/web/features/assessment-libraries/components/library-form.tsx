import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { AssessmentLibrarySchema } from '../../../../shared/schemas/assessment-library'
import type { AssessmentLibrary, AssessmentLibraryInput } from '../../../../shared/schemas/assessment-library'
import { useState } from 'react'
import * as v from 'valibot'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { fieldIssues } from '../../../components/form/field-issues'
import { libraryWrites } from '../mutations'
import { joinSwitches, splitSwitches } from '../../../components/form/switch-values'
import type { SwitchValues } from '../../../components/form/switch-values'

/** The server names the free switches `switches`; the form shows them in `otherSwitches`. */
const SWITCH_ALIASES = { switches: 'otherSwitches' }

const FIELDS = ['display_name', 'isReport', 'isGlobal', 'otherSwitches'] as const

type Values = { display_name: string; isReport: boolean; isGlobal: boolean } & SwitchValues

export function toLibraryInput(values: Values): AssessmentLibraryInput {
  return { display_name: values.display_name, isReport: values.isReport, isGlobal: values.isGlobal, switches: joinSwitches(values) }
}

/** Add mode without a library, edit mode with one; entries are managed below the form in edit mode. */
export function LibraryForm({ library, onDone, onCancel }: {
  library?: AssessmentLibrary
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = libraryWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(library)
  const outcome = useWriteOutcome({ fields: FIELDS, aliases: SWITCH_ALIASES })
  const defaults: Values = {
    display_name: library?.display_name ?? '',
    isReport: library?.isReport ?? false,
    isGlobal: library?.isGlobal ?? false,
    ...splitSwitches(library?.switches ?? ''),
  }
  const conflictFields: ConflictField[] = [
    { key: 'display_name', label: t`Name` },
    { key: 'isReport', label: t`Report library` },
    { key: 'isGlobal', label: t`Global` },
    { key: 'switches', label: t`Other switches`, dir: 'ltr' },
  ]
  const form = useForm({
    defaultValues: defaults,
    validators: { onChange: ({ value }) => fieldIssues(AssessmentLibrarySchema, toLibraryInput(value), SWITCH_ALIASES) },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(AssessmentLibrarySchema, toLibraryInput(value))
      const result = await save(input, base)
      const name = input.display_name
      const state = await outcome.saved(result, { name: name, accepted: library ? t`Library “${name}” was saved.` : t`Library “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  return (
    <FormCard
      title={library ? <Trans>Edit assessment library</Trans> : <Trans>Add assessment library</Trans>}
      description={library ? undefined : <Trans>Entries are added on the library's edit page once it is created.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(AssessmentLibrarySchema, toLibraryInput(values))} submitting={submitting}>
                {library ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Name`} autoFocus dir="auto" hint={t`At least 4 characters.`}
          serverErrors={outcome.fieldErrors.display_name} onEdited={() => outcome.clearField('display_name')} />}
      </form.Field>
      <div className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <div className="p-4">
          <form.Field name="isReport">
            {(field) => <SwitchField field={field} label={t`Report library`} onEdited={() => outcome.clearField('isReport')}
              hint={t`Its entries make a custom report type in the miscue reports.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="isGlobal">
            {(field) => <SwitchField field={field} label={t`Global`} onEdited={() => outcome.clearField('isGlobal')}
              hint={t`Offered to every institution.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="enableParentReport">
            {(field) => <SwitchField field={field} label={t`Parent report`}
              hint={t`Adds the parent report download and email to this report.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="comparative">
            {(field) => <SwitchField field={field} label={t`Comparative report`}
              hint={t`Shows this report as a comparison of two periods.`} />}
          </form.Field>
        </div>
      </div>
      <form.Field name="otherSwitches">
        {(field) => <TextField field={field} label={t`Other switches`} dir="ltr" hint={t`Optional. Separate several switches with commas.`}
          serverErrors={outcome.fieldErrors.otherSwitches} onEdited={() => outcome.clearField('otherSwitches')} />}
      </form.Field>
      <FormConflictDialog writes={libraryWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
