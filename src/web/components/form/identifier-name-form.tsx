// The form of the per-school catalogs (grades, sections): identifier and display name, saved through the
// outbox. Add mode without a record, edit mode with one (spec §4). Each feature supplies its own wording.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import type { GradeSchema } from '../../../shared/schemas/grade'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { useDiscardWrite } from '../../lib/sync/outbox-context'
import { showToast } from '../../lib/notify/toasts'
import { Button } from '../ui/button'
import { FormCard } from './form-card'
import { FormErrors } from './form-errors'
import { useServerErrors } from './server-errors'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

const FIELDS = ['identifier', 'display_name'] as const

type Values = { identifier: string; display_name: string }

export type IdentifierNameFormProps = {
  /** Grades and sections share this shape (src/shared/schemas). */
  schema: typeof GradeSchema
  record?: { id: number } & Values
  save: (values: Values, id?: number) => Promise<EnqueueResult>
  title: ReactNode
  nameLabel: string
  /** Toast once the server accepted the save. */
  savedMessage: (name: string) => string
  onDone: () => void
  onCancel: () => void
}

export function IdentifierNameForm({ schema, record, save, title, nameLabel, savedMessage, onDone, onCancel }: IdentifierNameFormProps) {
  const { t } = useLingui()
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const form = useForm({
    defaultValues: { identifier: record?.identifier ?? '', display_name: record?.display_name ?? '' },
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(schema, value)
      const result = await save(input, record?.id)
      const name = input.display_name
      if (result.state === 'rejected') {
        // The form still holds what was typed: show the server's errors here instead of keeping a copy.
        await discard(result.item.id)
        server.show(result.item.rejection?.errors ?? [], result.item.rejection?.fieldErrors ?? {})
        return
      }
      if (result.state === 'accepted') showToast('success', savedMessage(name))
      else showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      onDone()
    },
  })

  return (
    <FormCard
      title={title}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(schema, values)} submitting={submitting}>
                {record ? <Trans>Save</Trans> : <Trans>Create</Trans>}
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
        {(field) => <TextField field={field} label={nameLabel}
          serverErrors={server.errors.fields.display_name} onEdited={() => server.clearField('display_name')} />}
      </form.Field>
    </FormCard>
  )
}
