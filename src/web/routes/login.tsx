import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { AppStoreBadges } from '../features/auth/components/app-store-badges'
import { AuthLayout } from '../features/auth/components/auth-layout'
import { LoginForm } from '../features/auth/components/login-form'
import { subdomainQuery } from '../features/auth/queries'
import { isAuthenticated, takeRedirect } from '../lib/session/session'
import { currentSubdomain } from '../lib/session/subdomain'

export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    if (isAuthenticated()) throw redirect({ to: '/' })
  },
  loader: async ({ context }) => {
    const sub = currentSubdomain()
    if (!sub) return
    let valid = true
    try {
      valid = (await context.queryClient.ensureQueryData(subdomainQuery(sub))).is_valid_client
    } catch {
      // Offline or a server hiccup: the sign-in itself will tell.
    }
    if (!valid) throw redirect({ to: '/page-not-found' })
  },
  component: LoginPage,
})

function LoginPage() {
  const router = useRouter()
  return (
    <AuthLayout
      title={<Trans>Sign in</Trans>}
      subtitle={<Trans>Welcome back. Sign in to manage reading assessments.</Trans>}
      footer={<AppStoreBadges />}
    >
      <LoginForm onSignedIn={() => {
        // Writes this user queued before signing out (or before a 401) can go now.
        void router.options.context.outbox.replayNow()
        router.history.replace(takeRedirect() ?? '/')
      }} />
    </AuthLayout>
  )
}
