import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { AcademicYearSchema } from '../../../../shared/schemas/academic-year'
import type { AcademicYear, AcademicYearInput } from '../../../../shared/schemas/academic-year'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import { useSaveAcademicYear } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'

const FIELDS = ['display_name', 'is_active'] as const

/** Add mode without a year, edit mode with one. New years start active (spec §2, one reading). */
export function AcademicYearForm({ year, onDone, onCancel }: {
  year?: AcademicYear
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = useSaveAcademicYear()
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const defaultValues: AcademicYearInput = { display_name: year?.display_name ?? '', is_active: year?.is_active ?? true }
  const form = useForm({
    defaultValues,
    validators: { onChange: AcademicYearSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(AcademicYearSchema, value)
      const result = await save(input, year?.id)
      const name = input.display_name
      if (result.state === 'rejected') {
        await discard(result.item.id)
        server.show(result.item.rejection?.errors ?? [], result.item.rejection?.fieldErrors ?? {})
        return
      }
      if (result.state === 'accepted') showToast('success', year ? t`Academic year “${name}” was saved.` : t`Academic year “${name}” was added.`)
      else showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      onDone()
    },
  })

  return (
    <FormCard
      title={year ? <Trans>Edit academic year</Trans> : <Trans>Add academic year</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(AcademicYearSchema, values)} submitting={submitting}>
                {year ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={server.errors.form} />
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Academic year`} autoFocus dir="ltr"
          hint={t`Two consecutive years, for example 23-24 or 2023-2024.`}
          serverErrors={server.errors.fields.display_name} onEdited={() => server.clearField('display_name')} />}
      </form.Field>
      <form.Field name="is_active">
        {(field) => <SwitchField field={field} label={t({ message: 'Active', context: 'record status' })}
          hint={t`Active years can be chosen in the year selector for new work.`}
          onEdited={() => server.clearField('is_active')} />}
      </form.Field>
      <FormErrors messages={server.errors.fields.is_active ?? []} />
    </FormCard>
  )
}
