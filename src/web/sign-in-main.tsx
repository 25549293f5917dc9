// The sign-in page of its own (sign-in.html, ADR 0106): what a first visit to /login, or to the institution's
// address while signed out, loads. React, this page's messages and the sign-in call only; the app itself
// (router, query cache, device database, outbox) loads after signing in, with a full page load, and the service
// worker, registered once this page has painted, precaches it meanwhile. Later visits are served the app by the
// service worker, whose /login is the same page (routes/login.tsx).
import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterFirstPaint } from './app/after-first-paint'
import { login } from './features/auth/auth-api'
import { SignInPage } from './features/auth/components/sign-in-page'
import { loadAndActivateLanguage } from './lib/i18n/i18n'
import { isAuthenticated, takeRedirect } from './lib/session/session'
import './styles.css'

function ForgotLink({ className, children }: { className: string; children: ReactNode }) {
  return <a href="/forgot-password" className={className}>{children}</a>
}

/** Into the app: the page remembered before signing in, or its start. */
const enterApp = () => location.replace(takeRedirect() ?? '/')

if (isAuthenticated()) {
  enterApp() // signed in meanwhile (in another tab)
} else {
  // The institution's address while signed out shows this page under its own address, as the app's redirect did.
  if (location.pathname !== '/login') history.replaceState(null, '', '/login')
  void loadAndActivateLanguage().then((i18n) => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <SignInPage signIn={(username, password) => login(username, password)} onSignedIn={enterApp}
            onUnknownSubdomain={() => location.replace('/page-not-found')} ForgotLink={ForgotLink} />
        </I18nProvider>
      </StrictMode>,
    )
  })
  if ('serviceWorker' in navigator) {
    void afterFirstPaint().then(() => navigator.serviceWorker.register('/sw.js', { scope: '/' })).catch(() => {})
  }
}
