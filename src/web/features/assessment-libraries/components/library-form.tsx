import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { AssessmentLibrarySchema } from '../../../../shared/schemas/assessment-library'
import type { AssessmentLibrary, AssessmentLibraryInput } from '../../../../shared/schemas/assessment-library'
import * as v from 'valibot'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import { fieldIssues } from '../form-issues'
import { useSaveLibrary } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
import { joinSwitches, splitSwitches } from '../switches'
import type { SwitchValues } from '../switches'

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
  const save = useSaveLibrary()
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const defaults: Values = {
    display_name: library?.display_name ?? '',
    isReport: library?.isReport ?? false,
    isGlobal: library?.isGlobal ?? false,
    ...splitSwitches(library?.switches ?? ''),
  }
  const form = useForm({
    defaultValues: defaults,
    validators: { onChange: ({ value }) => fieldIssues(AssessmentLibrarySchema, toLibraryInput(value), { switches: 'otherSwitches' }) },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(AssessmentLibrarySchema, toLibraryInput(value))
      const result = await save(input, library?.id)
      const name = input.display_name
      if (result.state === 'rejected') {
        await discard(result.item.id)
        const { switches, ...fields } = result.item.rejection?.fieldErrors ?? {}
        server.show(result.item.rejection?.errors ?? [], switches ? { ...fields, otherSwitches: switches } : fields)
        return
      }
      if (result.state === 'accepted') showToast('success', library ? t`Library “${name}” was saved.` : t`Library “${name}” was added.`)
      else showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      onDone()
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
      <FormErrors messages={server.errors.form} />
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Name`} autoFocus dir="auto" hint={t`At least 4 characters.`}
          serverErrors={server.errors.fields.display_name} onEdited={() => server.clearField('display_name')} />}
      </form.Field>
      <div className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <div className="p-4">
          <form.Field name="isReport">
            {(field) => <SwitchField field={field} label={t`Report library`} onEdited={() => server.clearField('isReport')}
              hint={t`Its entries make a custom report type in the miscue reports.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="isGlobal">
            {(field) => <SwitchField field={field} label={t`Global`} onEdited={() => server.clearField('isGlobal')}
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
          serverErrors={server.errors.fields.otherSwitches} onEdited={() => server.clearField('otherSwitches')} />}
      </form.Field>
    </FormCard>
  )
}
