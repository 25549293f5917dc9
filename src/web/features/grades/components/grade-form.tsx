import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { GradeSchema } from '../../../../shared/schemas/grade'
import type { Grade } from '../../../../shared/schemas/grade'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import { useSaveGrade } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'

const FIELDS = ['identifier', 'display_name'] as const

/** Add mode without a grade, edit mode with one (spec §4). */
export function GradeForm({ schoolId, grade, onDone, onCancel }: {
  schoolId: number
  grade?: Grade
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = useSaveGrade(schoolId)
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const form = useForm({
    defaultValues: { identifier: grade?.identifier ?? '', display_name: grade?.display_name ?? '' },
    validators: { onChange: GradeSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(GradeSchema, value)
      const result = await save(input, grade?.id)
      const name = input.display_name
      if (result.state === 'rejected') {
        // The form still holds what was typed: show the server's errors here instead of keeping a copy.
        await discard(result.item.id)
        server.show(result.item.rejection?.errors ?? [], result.item.rejection?.fieldErrors ?? {})
        return
      }
      if (result.state === 'accepted') showToast('success', grade ? t`Grade “${name}” was saved.` : t`Grade “${name}” was added.`)
      else showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      onDone()
    },
  })

  return (
    <FormCard
      title={grade ? <Trans>Edit grade</Trans> : <Trans>Add grade</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(GradeSchema, values)} submitting={submitting}>
                {grade ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={server.errors.form} />
      <form.Field name="identifier">
        {(field) => <TextField field={field} label={t`Identifier`} autoFocus
          serverErrors={server.errors.fields.identifier} onEdited={() => server.clearField('identifier')} />}
      </form.Field>
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Grade name`}
          serverErrors={server.errors.fields.display_name} onEdited={() => server.clearField('display_name')} />}
      </form.Field>
    </FormCard>
  )
}
