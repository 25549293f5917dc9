import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ChangePasswordForm } from '../../features/auth/components/change-password-form'
import { showToast } from '../../lib/notify/toasts'

export const Route = createFileRoute('/_app/change-password')({ component: ChangePasswordPage })

function ChangePasswordPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const home = () => void navigate({ to: '/' })
  return (
    <ChangePasswordForm
      onCancel={home}
      onSaved={() => {
        showToast('success', t`Your password was changed.`)
        home()
      }}
    />
  )
}
