// The sign-in page (spec: Login), drawn inside the app (routes/login.tsx) and as a page of its own that a first
// visit loads without the rest of the app (sign-in-main.tsx, ADR 0106). The sub-domain is checked while the
// form shows, not before: an unknown one leaves for /page-not-found within one round trip (ADR 0105).
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { currentSubdomain } from '../../../lib/session/subdomain'
import { isKnownSubdomain } from '../auth-api'
import { AppStoreBadges } from './app-store-badges'
import { AuthLayout } from './auth-layout'
import { LoginForm } from './login-form'
import type { ForgotPasswordLink } from './login-form'

export type SignInPageProps = {
  signIn: (username: string, password: string) => Promise<unknown>
  onSignedIn: () => void
  onUnknownSubdomain: () => void
  ForgotLink: ForgotPasswordLink
}

export function SignInPage({ signIn, onSignedIn, onUnknownSubdomain, ForgotLink }: SignInPageProps) {
  // Checked once, when the page opens (the callback of the first render is the one used).
  const [leave] = useState(() => onUnknownSubdomain)
  useEffect(() => {
    const sub = currentSubdomain()
    if (!sub) return
    // Offline or a server hiccup: the sign-in itself will tell.
    isKnownSubdomain(sub).then((known) => known || leave(), () => {})
  }, [leave])
  return (
    <AuthLayout
      title={<Trans>Sign in</Trans>}
      subtitle={<Trans>Welcome back. Sign in to manage reading assessments.</Trans>}
      footer={<AppStoreBadges />}
    >
      <LoginForm signIn={signIn} onSignedIn={onSignedIn} ForgotLink={ForgotLink} />
    </AuthLayout>
  )
}
