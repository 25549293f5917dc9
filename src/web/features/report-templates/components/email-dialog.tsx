// Sends a template by email (GET /api/reporttemplate/email/{id}?email=): asks for the address, the
// signed-in user's own by default; the server accepts only users of the institution (ADR 0114).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { useState } from 'react'
import { email as emailRule } from '../../../../shared/rules/text'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { Button } from '../../../components/ui/button'

const EmailSchema = v.object({ email: emailRule })

export function EmailDialog({ open, templateName, defaultEmail, onClose, onSend }: {
  open: boolean
  templateName: string
  defaultEmail: string
  onClose: () => void
  /** Resolves with the messages of a failure; none when the mail was sent. */
  onSend: (email: string) => Promise<string[]>
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel transition className="w-full max-w-md rounded-xl bg-white shadow-xl ring-1 ring-slate-200 transition data-closed:scale-95 data-closed:opacity-0">
          {open && <EmailForm templateName={templateName} defaultEmail={defaultEmail} onClose={onClose} onSend={onSend} />}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

function EmailForm({ templateName, defaultEmail, onClose, onSend }: {
  templateName: string
  defaultEmail: string
  onClose: () => void
  onSend: (email: string) => Promise<string[]>
}) {
  const { t } = useLingui()
  const [errors, setErrors] = useState<string[]>([])
  const form = useForm({
    defaultValues: { email: defaultEmail },
    validators: { onChange: EmailSchema },
    onSubmit: async ({ value }) => {
      setErrors([])
      const failure = await onSend(v.parse(EmailSchema, value).email)
      if (failure.length) setErrors(failure)
      else onClose()
    },
  })
  return (
    <form noValidate onSubmit={(event) => { event.preventDefault(); event.stopPropagation(); void form.handleSubmit() }}>
      <div className="space-y-4 px-6 py-5">
        <DialogTitle className="text-base font-semibold text-slate-900"><Trans>Email “{templateName}”</Trans></DialogTitle>
        <p className="text-sm text-slate-600"><Trans>The template is sent as a spreadsheet attachment, to you or to another user of this institution.</Trans></p>
        <FormErrors messages={errors} />
        <form.Field name="email">
          {(field) => <TextField field={field} label={t`Email address`} type="email" autoComplete="email" autoFocus dir="ltr" />}
        </form.Field>
      </div>
      <div className="flex justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        <Button variant="secondary" onClick={onClose}><Trans>Cancel</Trans></Button>
        <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
          {([values, submitting]) => (
            <SubmitButton valid={v.is(EmailSchema, values)} submitting={submitting}><Trans>Send</Trans></SubmitButton>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
