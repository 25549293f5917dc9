import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { SectionSchema } from '../../../../shared/schemas/section'
import type { Section } from '../../../../shared/schemas/section'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import { useSaveSection } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'

const FIELDS = ['identifier', 'display_name'] as const

/** Add mode without a section, edit mode with one (spec §4). */
export function SectionForm({ schoolId, section, onDone, onCancel }: {
  schoolId: number
  section?: Section
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = useSaveSection(schoolId)
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const form = useForm({
    defaultValues: { identifier: section?.identifier ?? '', display_name: section?.display_name ?? '' },
    validators: { onChange: SectionSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(SectionSchema, value)
      const result = await save(input, section?.id)
      const name = input.display_name
      if (result.state === 'rejected') {
        // The form still holds what was typed: show the server's errors here instead of keeping a copy.
        await discard(result.item.id)
        server.show(result.item.rejection?.errors ?? [], result.item.rejection?.fieldErrors ?? {})
        return
      }
      if (result.state === 'accepted') showToast('success', section ? t`Section “${name}” was saved.` : t`Section “${name}” was added.`)
      else showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      onDone()
    },
  })

  return (
    <FormCard
      title={section ? <Trans>Edit section</Trans> : <Trans>Add section</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(SectionSchema, values)} submitting={submitting}>
                {section ? <Trans>Save</Trans> : <Trans>Create</Trans>}
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
        {(field) => <TextField field={field} label={t`Section name`}
          serverErrors={server.errors.fields.display_name} onEdited={() => server.clearField('display_name')} />}
      </form.Field>
    </FormCard>
  )
}
