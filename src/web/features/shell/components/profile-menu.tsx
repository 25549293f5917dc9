// The account menu. Until it is first used it is a plain button that looks the same; pressing it (or
// pointing at it, or focusing it) loads the Headless UI menu, which then opens: a screen's first paint does
// not wait for Headless UI (ADR 0108), as the language choice already did (ADR 0100).
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import type { Profile } from '../../../../shared/schemas/auth'
import { ChevronDownIcon } from '../../../components/ui/icons'
import { StandInButton } from '../../../components/ui/stand-in'

const BUTTON_CLASS = 'inline-flex items-center gap-1.5 rounded-full p-0.5 pe-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600'

const loadItems = () => import('./profile-menu-items')
const ProfileMenuItems = lazy(loadItems)

export function ProfileMenu({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const [used, setUsed] = useState(false)
  const initials = `${profile.first_name.at(0) ?? ''}${profile.last_name.at(0) ?? ''}`.toUpperCase()
  const face = (
    <>
      <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
        {initials || '?'}
      </span>
      {/* The name is this text, not an aria-label that would not contain the visible initials. */}
      <span className="sr-only">{t`Account menu`}</span>
      <ChevronDownIcon className="size-4 text-slate-400" />
    </>
  )
  const standIn = (
    <StandInButton popup="menu" className={BUTTON_CLASS} warm={() => void loadItems()} onUse={() => setUsed(true)}>
      {face}
    </StandInButton>
  )
  if (!used) return standIn
  return (
    <Suspense fallback={standIn}>
      <ProfileMenuItems profile={profile} face={face} buttonClassName={BUTTON_CLASS} openOnMount />
    </Suspense>
  )
}
