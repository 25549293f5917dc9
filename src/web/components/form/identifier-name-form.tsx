// The form of the per-school catalogs (grades, sections): identifier and display name, saved through the
// outbox. Add mode without a record, edit mode with one (spec §4). Each feature supplies its own wording.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import type { GradeSchema } from '../../../shared/schemas/grade'
import type { EntityWrites } from '../../lib/sync/entity-writes'
import { useWriteOutcome } from '../../lib/sync/use-write-outcome'
import { Button } from '../ui/button'
import { FormConflictDialog } from './conflict-dialog'
import { FormCard } from './form-card'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

const FIELDS = ['identifier', 'display_name'] as const

/** The form's fields; the version stamp comes from the record, not from the user. */
type Values = Omit<v.InferOutput<typeof GradeSchema>, 'updated_at'>

export type IdentifierNameFormProps<Ctx> = {
  /** Grades and sections share this shape (src/shared/schemas). */
  schema: typeof GradeSchema
  /** The record being edited; its `updated_at` goes with the save. */
  record?: { id: number; updated_at?: string } & Values
  writes: EntityWrites<any, Values, Ctx>
  ctx: Ctx
  title: ReactNode
  nameLabel: string
  /** Toast once the server accepted the save. */
  savedMessage: (name: string) => string
  onDone: () => void
  onCancel: () => void
}

export function IdentifierNameForm<Ctx>({ schema, record, writes, ctx, title, nameLabel, savedMessage, onDone, onCancel }: IdentifierNameFormProps<Ctx>) {
  const { t } = useLingui()
  const save = writes.useSave(ctx)
  const outcome = useWriteOutcome({ fields: FIELDS })
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(record)
  const form = useForm({
    defaultValues: { identifier: record?.identifier ?? '', display_name: record?.display_name ?? '' },
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(schema, value)
      const result = await save(input, base)
      const state = await outcome.saved(result, { name: input.display_name, accepted: savedMessage(input.display_name) })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })
  const conflictFields = [
    { key: 'identifier', label: t`Identifier` },
    { key: 'display_name', label: nameLabel },
  ]

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
      <form.Field name="identifier">
        {(field) => <TextField field={field} label={t`Identifier`} autoFocus
          serverErrors={outcome.fieldErrors.identifier} onEdited={() => outcome.clearField('identifier')} />}
      </form.Field>
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={nameLabel}
          serverErrors={outcome.fieldErrors.display_name} onEdited={() => outcome.clearField('display_name')} />}
      </form.Field>
      <FormConflictDialog writes={writes} ctx={ctx} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
