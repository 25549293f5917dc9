import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import * as v from 'valibot'
import { LicenceSchema } from '../../../../shared/schemas/licence'
import type { Licence, LicenceInput } from '../../../../shared/schemas/licence'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SubmitButton } from '../../../components/form/submit-button'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { licenceWrites } from '../mutations'
import { controlClass, InputField } from './form-fields'

const FIELDS = ['from_date', 'to_date', 'purchase_quantity'] as const

/** Add mode without a licence, edit mode with one; used places are shown read-only when editing (spec §2). */
export function LicenceForm({ institutionId, institutionName, licence, onDone, onCancel }: {
  institutionId: number
  institutionName?: string
  licence?: Licence
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = licenceWrites.useSave({ institutionId })
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(licence)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const conflictFields: ConflictField[] = [
    { key: 'from_date', label: t`From date`, dir: 'ltr' },
    { key: 'to_date', label: t`To date`, dir: 'ltr' },
    { key: 'purchase_quantity', label: t`Purchased places` },
  ]
  const form = useForm({
    defaultValues: {
      from_date: licence?.from_date ?? '',
      to_date: licence?.to_date ?? '',
      purchase_quantity: licence ? String(licence.purchase_quantity) : '',
    } as LicenceInput,
    validators: { onChange: LicenceSchema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(LicenceSchema, value)
      const result = await save(input, base)
      const range = `${input.from_date} – ${input.to_date}`
      const state = await outcome.saved(result, {
        name: range,
        accepted: licence ? t`Licence ${range} was saved.` : t`Licence ${range} was added.`,
        queued: t`Saved on this device. Licence ${range} will sync when the connection is back.`,
      })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    serverErrors: outcome.fieldErrors[name],
    onEdited: () => outcome.clearField(name),
  })

  return (
    <FormCard
      title={licence ? <Trans>Edit licence</Trans> : <Trans>Add licence</Trans>}
      description={institutionName ? <Trans>Institution: {institutionName}</Trans> : undefined}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(LicenceSchema, values)} submitting={submitting}>
                {licence ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="from_date">
          {(field) => <InputField field={field} type="date" label={t`From date`} required autoFocus={!licence} dir="ltr"
            {...fieldProps('from_date')} />}
        </form.Field>
        <form.Field name="to_date">
          {(field) => <InputField field={field} type="date" label={t`To date`} required dir="ltr"
            hint={<Trans>On or after the start date.</Trans>} {...fieldProps('to_date')} />}
        </form.Field>
        <form.Field name="purchase_quantity">
          {(field) => <InputField field={field} type="number" min={1} inputMode="numeric" label={t`Purchased places`} required dir="ltr"
            hint={<Trans>Number of student places bought.</Trans>} {...fieldProps('purchase_quantity')} />}
        </form.Field>
        {licence && (
          <div className="space-y-1.5">
            <label htmlFor="licence-used" className="block text-sm font-medium text-slate-700"><Trans>Used places</Trans></label>
            <input id="licence-used" type="text" readOnly aria-readonly value={licence.used_quantity} dir="ltr"
              aria-describedby="licence-used-hint" className={controlClass(false, false, true)} />
            <p id="licence-used-hint" className="text-xs text-slate-500"><Trans>Read-only: the institution's active students now.</Trans></p>
          </div>
        )}
      </div>
      <FormConflictDialog writes={licenceWrites} ctx={{ institutionId }} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
