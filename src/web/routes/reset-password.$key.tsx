import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { AuthLayout } from '../features/auth/components/auth-layout'
import { ResetPasswordForm } from '../features/auth/components/reset-password-form'
import { showToast } from '../lib/notify/toasts'
import { isAuthenticated } from '../lib/session/session'

export const Route = createFileRoute('/reset-password/$key')({
  beforeLoad: () => {
    if (isAuthenticated()) throw redirect({ to: '/access-denied' })
  },
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { key } = Route.useParams()
  const { t } = useLingui()
  const navigate = useNavigate()
  return (
    <AuthLayout title={<Trans>Choose a new password</Trans>}>
      <ResetPasswordForm resetKey={key} onDone={() => {
        showToast('success', t`Your password was changed. Sign in with the new password.`)
        void navigate({ to: '/login' })
      }} />
    </AuthLayout>
  )
}
