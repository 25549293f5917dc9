import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { ChangePasswordSchema } from '../../../../shared/schemas/auth'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api/api-error'
import { describeError } from '../../../lib/api/error-messages'
import { changePassword } from '../auth-api'
import { useCommonPasswords } from '../common-passwords'
import { PasswordRulesTooltip } from './password-rules-tooltip'

const FIELDS = ['old_password', 'new_password', 'confirm_new_password'] as const

export function ChangePasswordForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui()
  const server = useServerErrors(FIELDS)
  const form = useForm({
    defaultValues: { old_password: '', new_password: '', confirm_new_password: '' },
    validators: { onChange: ChangePasswordSchema },
    onSubmit: async ({ value }) => {
      server.reset()
      try {
        await changePassword(v.parse(ChangePasswordSchema, value))
        onSaved()
      } catch (error) {
        if (isApiError(error)) server.show(error.errors, error.fieldErrors)
        else server.show(describeError(i18n, error), {})
      }
    },
  })
  useCommonPasswords(() => {
    if (form.getFieldMeta('new_password')?.isDirty) void form.validate('change')
  })

  return (
    <FormCard
      title={<Trans>Change password</Trans>}
      description={<Trans>Choose a new password for your account.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(ChangePasswordSchema, values)} submitting={submitting}><Trans>Save</Trans></SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={server.errors.form} />
      <form.Field name="old_password">
        {(field) => <TextField field={field} label={t`Current password`} type="password" autoComplete="current-password"
          serverErrors={server.errors.fields.old_password} onEdited={() => server.clearField('old_password')} />}
      </form.Field>
      <form.Field name="new_password">
        {(field) => <TextField field={field} label={t`New password`} type="password" autoComplete="new-password"
          labelAddon={<PasswordRulesTooltip />} serverErrors={server.errors.fields.new_password}
          onEdited={() => server.clearField('new_password')} />}
      </form.Field>
      <form.Field name="confirm_new_password">
        {(field) => <TextField field={field} label={t`Confirm new password`} type="password" autoComplete="new-password"
          serverErrors={server.errors.fields.confirm_new_password} onEdited={() => server.clearField('confirm_new_password')} />}
      </form.Field>
    </FormCard>
  )
}
