import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
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
  component: LoginPage,
})

function LoginPage() {
  const router = useRouter()
  // The sub-domain is checked while the form shows, not before (ADR 0105: one round trip less before the
  // first paint); an unknown one leaves for /page-not-found. Offline or a server hiccup: the sign-in will tell.
  useEffect(() => {
    const sub = currentSubdomain()
    if (!sub) return
    router.options.context.queryClient.fetchQuery(subdomainQuery(sub)).then(
      ({ is_valid_client }) => void (is_valid_client || router.navigate({ to: '/page-not-found', replace: true })),
      () => {},
    )
  }, [router])
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
