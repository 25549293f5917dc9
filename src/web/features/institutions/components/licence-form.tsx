import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { LicenceSchema } from '../../../../shared/schemas/licence'
import type { Licence, LicenceInput } from '../../../../shared/schemas/licence'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import { useSaveLicence } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
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
  const save = useSaveLicence(institutionId)
  const discard = useDiscardWrite()
  const server = useServerErrors(FIELDS)
  const form = useForm({
    defaultValues: {
      from_date: licence?.from_date ?? '',
      to_date: licence?.to_date ?? '',
      purchase_quantity: licence ? String(licence.purchase_quantity) : '',
    } as LicenceInput,
    validators: { onChange: LicenceSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(LicenceSchema, value)
      const result = await save(input, licence?.id)
      if (result.state === 'rejected') {
        await discard(result.item.id)
        server.show(result.item.rejection?.errors ?? [], result.item.rejection?.fieldErrors ?? {})
        return
      }
      const range = `${input.from_date} – ${input.to_date}`
      if (result.state === 'accepted') showToast('success', licence ? t`Licence ${range} was saved.` : t`Licence ${range} was added.`)
      else showToast('info', t`Saved on this device. Licence ${range} will sync when the connection is back.`)
      onDone()
    },
  })

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    serverErrors: server.errors.fields[name],
    onEdited: () => server.clearField(name),
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
      <FormErrors messages={server.errors.form} />
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
    </FormCard>
  )
}
