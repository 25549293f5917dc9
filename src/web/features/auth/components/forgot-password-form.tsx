import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { ForgotPasswordSchema } from '../../../../shared/schemas/auth'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { CheckIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { requestPasswordReset } from '../auth-api'

export function ForgotPasswordForm() {
  const { t, i18n } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onChange: ForgotPasswordSchema },
    onSubmit: async ({ value }) => {
      setErrors([])
      try {
        const { email } = v.parse(ForgotPasswordSchema, value)
        await requestPasswordReset(email)
        setSentTo(email)
      } catch (error) {
        setErrors(describeError(i18n, error))
      }
    },
  })

  if (sentTo) {
    return (
      <div className="space-y-6" role="status">
        <div className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-800 ring-1 ring-emerald-200">
          <CheckIcon className="size-5 shrink-0" />
          <p><Trans>If an account uses <strong dir="ltr">{sentTo}</strong>, we have sent it a link to reset the password. Check your inbox.</Trans></p>
        </div>
        <BackToLogin />
      </div>
    )
  }

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => { e.preventDefault(); void form.handleSubmit() }}>
      <FormErrors messages={errors} />
      <form.Field name="email">
        {(field) => <TextField field={field} label={t`Email`} type="email" autoComplete="email" autoFocus dir="ltr" />}
      </form.Field>
      <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
        {([values, submitting]) => (
          <SubmitButton valid={v.is(ForgotPasswordSchema, values)} submitting={submitting} className="w-full py-2.5">
            <Trans>Send reset link</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
      <BackToLogin />
    </form>
  )
}

function BackToLogin() {
  return (
    <Link to="/login" className="block text-center text-sm font-medium text-brand-700 hover:underline">
      <Trans>Back to sign in</Trans>
    </Link>
  )
}
