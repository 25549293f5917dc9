import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthLayout } from '../features/auth/components/auth-layout'
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form'
import { isAuthenticated } from '../lib/session/session'

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: () => {
    if (isAuthenticated()) throw redirect({ to: '/access-denied' })
  },
  component: () => (
    <AuthLayout title={<Trans>Forgot your password?</Trans>}
      subtitle={<Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>}>
      <ForgotPasswordForm />
    </AuthLayout>
  ),
})
