import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { ResetPasswordSchema } from '../../../../shared/schemas/auth'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { AlertIcon } from '../../../components/ui/icons'
import { isApiError } from '../../../lib/api/api-error'
import { describeError } from '../../../lib/api/error-messages'
import { resetPassword } from '../auth-api'
import { useCommonPasswords } from '../common-passwords'
import { PasswordRulesTooltip } from './password-rules-tooltip'

const FIELDS = ['new_password', 'confirm_new_password'] as const

export function ResetPasswordForm({ resetKey, onDone }: { resetKey: string; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const server = useServerErrors(FIELDS)
  const [failed, setFailed] = useState(false)
  const form = useForm({
    defaultValues: { key: resetKey, new_password: '', confirm_new_password: '' },
    validators: { onChange: ResetPasswordSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      setFailed(false)
      try {
        await resetPassword(v.parse(ResetPasswordSchema, value))
        onDone()
      } catch (error) {
        setFailed(true)
        if (isApiError(error)) server.show(error.errors, error.fieldErrors)
        else server.show(describeError(i18n, error), {})
      }
    },
  })
  useCommonPasswords(() => {
    if (form.getFieldMeta('new_password')?.isDirty) void form.validate('change')
  })

  return (
    <form noValidate className="space-y-5" onSubmit={(e) => { e.preventDefault(); void form.handleSubmit() }}>
      {failed && (
        <div role="alert" className="space-y-2 rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
          <p className="flex items-center gap-2 font-semibold"><AlertIcon className="size-5" /><Trans>The password could not be reset.</Trans></p>
          {server.errors.form.map((m) => <p key={m}>{m}</p>)}
          <p><Trans>Reset links expire after a while and work only once. If yours has expired, ask for a new one.</Trans></p>
          <p className="text-rose-700"><Trans>Still stuck? Your school administrator can reset your password for you.</Trans></p>
          <Link to="/forgot-password" className="inline-block font-medium underline"><Trans>Request a new link</Trans></Link>
        </div>
      )}
      <form.Field name="new_password">
        {(field) => (
          <TextField field={field} label={t`New password`} type="password" autoComplete="new-password" autoFocus
            labelAddon={<PasswordRulesTooltip />} serverErrors={server.errors.fields.new_password}
            onEdited={() => server.clearField('new_password')} />
        )}
      </form.Field>
      <form.Field name="confirm_new_password">
        {(field) => (
          <TextField field={field} label={t`Confirm new password`} type="password" autoComplete="new-password"
            serverErrors={server.errors.fields.confirm_new_password} onEdited={() => server.clearField('confirm_new_password')} />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
        {([values, submitting]) => (
          <SubmitButton valid={v.is(ResetPasswordSchema, values)} submitting={submitting} className="w-full py-2.5">
            <Trans>Reset password</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
      <Link to="/login" className="block text-center text-sm font-medium text-brand-700 hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </form>
  )
}
