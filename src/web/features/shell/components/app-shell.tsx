// The authenticated frame (spec §2): sidebar, top bar, selectors, breadcrumbs, banner, footer.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import type { ProfilePayload } from '../../../../shared/schemas/auth'
import type { AcademicYearOption, SchoolOption } from '../../../../shared/schemas/reference'
import { LanguageSelect } from '../../../components/ui/language-select'
import { MessageBanner } from '../../../components/ui/message-banner'
import { MenuIcon } from '../../../components/ui/icons'
import { Logo } from '../../../components/ui/logo'
import { Link } from '@tanstack/react-router'
import { currentSubdomain } from '../../../lib/session/subdomain'
import { selectorVisibility } from '../selector-visibility'
import type { InstitutionOption } from '../queries'
import { useWindowWidth } from '../use-window-width'
import { Breadcrumbs, usePageTitle } from './breadcrumbs'
import { InstitutionSelect, SchoolSelect, YearSelect } from './context-selectors'
import { ProfileMenu } from './profile-menu'
import { Sidebar } from './sidebar'
import { SignInAgainNotice } from './sign-in-again-notice'
import { SyncStatus } from './sync-status'

/** Below this width the sidebar collapses to icons; below HIDE it is hidden (spec §9). */
export const COLLAPSE_BELOW = 1200
export const HIDE_BELOW = 500

type AppShellProps = {
  profile: ProfilePayload
  schools: readonly SchoolOption[]
  schoolId: number | null
  years: readonly AcademicYearOption[]
  yearId: number | null
  institutions: readonly InstitutionOption[]
  children: ReactNode
}

export function AppShell({ profile, schools, schoolId, years, yearId, institutions, children }: AppShellProps) {
  const { t } = useLingui()
  const width = useWindowWidth()
  const [userCollapsed, setUserCollapsed] = useState<boolean | null>(null)
  const [overlayOpen, setOverlayOpen] = useState(false)
  const mode = width < HIDE_BELOW ? 'overlay' : 'docked'
  const collapsed = userCollapsed ?? width < COLLAPSE_BELOW
  const title = usePageTitle()
  // The tab's name and what a screen reader announces on navigation follow the page, in its language.
  useEffect(() => {
    document.title = `${title} · Miscue`
  }, [title])
  const firstName = profile.profile.first_name
  const expanded = mode === 'overlay' ? overlayOpen : !collapsed

  const show = selectorVisibility(profile.access, {
    schools: schools.length, years: years.length, onInstitutionHost: currentSubdomain() !== null,
  })
  const selectors = (
    <>
      {profile.access.has_access_to_multiple_tenant && <InstitutionSelect institutions={institutions} />}
      {show.school && <SchoolSelect schools={schools} value={schoolId} />}
      {show.year && <YearSelect years={years} value={yearId} />}
    </>
  )

  const toggle = () => (mode === 'overlay' ? setOverlayOpen((o) => !o) : setUserCollapsed(!collapsed))

  return (
    <div className="flex min-h-dvh bg-slate-50">
      {/* Padded only when shown: padding on the hidden link would widen it past the page's edge (in Arabic, a sideways scroll). */}
      <a href="#main" className="sr-only z-50 rounded bg-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:px-3 focus:py-2">
        <Trans>Skip to content</Trans>
      </a>
      <Sidebar menu={profile.menu} collapsed={collapsed} mode={mode} open={overlayOpen} onClose={() => setOverlayOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-5">
          <button type="button" onClick={toggle} aria-controls="app-sidebar" aria-expanded={expanded}
            aria-label={expanded ? t`Collapse menu` : t`Expand menu`}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
            <MenuIcon />
          </button>
          {/* The logo sits in the top bar at every width (spec §2), also on phones where the menu is hidden. */}
          {/* Its name is its visible text; on phones, where only the mark shows, a hidden label names it. */}
          <Link to="/" className="shrink-0 rounded-md" data-testid="top-bar-logo">
            <span className="sm:hidden"><Logo compact /><span className="sr-only">{t`Miscue home`}</span></span>
            <span className="hidden sm:inline"><Logo /></span>
          </Link>
          <div className="hidden min-w-0 items-center gap-2 md:flex">{selectors}</div>
          {/* min-w-0: on a narrow phone the welcome gives way (it truncates) rather than pushing past the edge. */}
          <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-3">
            <SyncStatus />
            <LanguageSelect />
            <p className="max-w-28 truncate text-sm text-slate-600 sm:max-w-56">
              <Trans>Welcome, <span className="font-medium text-slate-900">{firstName}</span></Trans>
            </p>
            <ProfileMenu profile={profile.profile} />
          </div>
        </header>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 empty:hidden md:hidden">
          {selectors}
        </div>
        {/* At least a screen high below the top bar: the footer starts below the fold, so a screen whose
            content arrives in parts does not push a visible footer down (layout shift, ADR 0108). */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 px-4 py-6 focus:outline-none sm:px-8">
          <div className="mx-auto max-w-6xl">
            <Breadcrumbs />
            <h1 className="mt-2 mb-6 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            <SignInAgainNotice />
            <MessageBanner />
            {children}
          </div>
        </main>
        <AppFooter />
      </div>
    </div>
  )
}

function AppFooter() {
  const { i18n } = useLingui()
  const now = new Date()
  const date = i18n.date(now, { dateStyle: 'full' })
  const year = now.getFullYear()
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500 sm:px-8">
      <span>{date}</span>
      <span><Trans>© {year} Miscue. All rights reserved.</Trans></span>
    </footer>
  )
}
