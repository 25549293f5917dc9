import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { LoginSchema } from '../../../../shared/schemas/auth'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { describeError } from '../../../lib/api/error-messages'
import { login } from '../auth-api'

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<string[]>([])
  const form = useForm({
    defaultValues: { username: '', password: '' },
    validators: { onChange: LoginSchema },
    onSubmit: async ({ value }) => {
      setErrors([])
      try {
        const input = v.parse(LoginSchema, value)
        await login(queryClient, input.username, input.password)
        onSignedIn()
      } catch (error) {
        setErrors(describeError(i18n, error))
      }
    },
  })

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => { e.preventDefault(); void form.handleSubmit() }}>
      <FormErrors messages={errors} />
      <form.Field name="username">
        {(field) => <TextField field={field} label={t`Username or email`} autoComplete="username" autoFocus dir="ltr" />}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField field={field} label={t`Password`} type="password" autoComplete="current-password"
            labelAddon={
              <Link to="/forgot-password" className="ms-auto text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
                <Trans>Forgot password?</Trans>
              </Link>
            } />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
        {([values, submitting]) => (
          <SubmitButton valid={v.is(LoginSchema, values)} submitting={submitting} className="w-full py-2.5">
            <Trans>Sign in</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </form>
  )
}
