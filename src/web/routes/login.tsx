import { createFileRoute, Link, redirect, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { login } from '../features/auth/auth-api'
import { SignInPage } from '../features/auth/components/sign-in-page'
import { isAuthenticated, takeRedirect } from '../lib/session/session'

// The sign-in page inside the app: after signing out, after a refused session, and whenever the service worker
// serves the app. A first visit gets the same page without the rest of the app (sign-in-main.tsx, ADR 0106).
export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    if (isAuthenticated()) throw redirect({ to: '/' })
  },
  component: LoginPage,
})

function ForgotLink({ className, children }: { className: string; children: ReactNode }) {
  return <Link to="/forgot-password" className={className}>{children}</Link>
}

function LoginPage() {
  const router = useRouter()
  const { queryClient, outbox } = router.options.context
  return (
    <SignInPage
      signIn={(username, password) => login(username, password, queryClient)}
      onSignedIn={() => {
        // Writes this user queued before signing out (or before a 401) can go now.
        void outbox.replayNow()
        router.history.replace(takeRedirect() ?? '/')
      }}
      onUnknownSubdomain={() => void router.navigate({ to: '/page-not-found', replace: true })}
      ForgotLink={ForgotLink} />
  )
}
