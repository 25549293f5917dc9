import type { ReactNode } from 'react'
import { LanguageSelect } from '../../../components/ui/language-select'
import { Logo } from '../../../components/ui/logo'
import { Trans } from '@lingui/react/macro'

/** Frame of the public screens: brand, language choice and one centred card. */
export function AuthLayout({ title, subtitle, children, footer }: {
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  const year = new Date().getFullYear()
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-100">
      <header className="flex items-center justify-between px-6 py-4">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center focus:outline-none">
        <div className="w-full max-w-md">
          <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-slate-500">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6">{footer}</div>}
        </div>
      </main>
      <footer className="px-6 py-4 text-center text-xs text-slate-500">
        <Trans>© {year} Miscue. All rights reserved.</Trans>
      </footer>
    </div>
  )
}
