import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import * as v from 'valibot'
import { AcademicYearSchema } from '../../../../shared/schemas/academic-year'
import type { AcademicYear, AcademicYearInput } from '../../../../shared/schemas/academic-year'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { academicYearWrites } from '../mutations'

const FIELDS = ['display_name', 'is_active'] as const

/** Add mode without a year, edit mode with one. New years start active (spec §2, one reading). */
export function AcademicYearForm({ year, onDone, onCancel }: {
  year?: AcademicYear
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = academicYearWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(year)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const defaultValues: AcademicYearInput = { display_name: year?.display_name ?? '', is_active: year?.is_active ?? true }
  const form = useForm({
    defaultValues,
    validators: { onChange: AcademicYearSchema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(AcademicYearSchema, value)
      const result = await save(input, base)
      const name = input.display_name
      const state = await outcome.saved(result, { name: name, accepted: year ? t`Academic year “${name}” was saved.` : t`Academic year “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
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
      <form.Field name="display_name">
        {(field) => <TextField field={field} label={t`Academic year`} autoFocus dir="ltr"
          hint={t`Two consecutive years, for example 23-24 or 2023-2024.`}
          serverErrors={outcome.fieldErrors.display_name} onEdited={() => outcome.clearField('display_name')} />}
      </form.Field>
      <form.Field name="is_active">
        {(field) => <SwitchField field={field} label={t({ message: 'Active', context: 'record status' })}
          hint={t`Active years can be chosen in the year selector for new work.`}
          onEdited={() => outcome.clearField('is_active')} />}
      </form.Field>
      <FormErrors messages={outcome.fieldErrors.is_active ?? []} />
      <FormConflictDialog writes={academicYearWrites} ctx={undefined} item={outcome.conflict} fields={[{ key: 'display_name', label: t`Academic year` }, { key: 'is_active', label: t({ message: 'Active', context: 'record status' }) }]}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
