// The account menu itself (Headless UI Menu): loaded by ProfileMenu on first use only, so a screen's first
// paint does not wait for Headless UI (ADR 0108).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useOpenOnMount } from '../../../components/ui/stand-in'
import type { Profile } from '../../../../shared/schemas/auth'
import { KeyIcon, LogoutIcon } from '../../../components/ui/icons'

export default function ProfileMenuItems({ profile, face, buttonClassName, openOnMount }: {
  profile: Profile
  face: ReactNode
  buttonClassName: string
  /** Opened at once: the user pressed the stand-in button that this menu replaces. */
  openOnMount: boolean
}) {
  const button = useOpenOnMount(openOnMount)
  const itemClass = 'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100'
  return (
    <Menu>
      <MenuButton ref={button} className={buttonClassName}>{face}</MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-2 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5">
          <p className="truncate text-sm font-medium text-slate-900">{profile.first_name} {profile.last_name}</p>
          <p className="truncate text-xs text-slate-500" dir="ltr">{profile.email}</p>
        </div>
        <div className="pt-1.5">
          <MenuItem>
            <Link to="/change-password" className={itemClass}><KeyIcon className="size-4 text-slate-400" /><Trans>Change password</Trans></Link>
          </MenuItem>
          <MenuItem>
            <Link to="/logout" className={itemClass}><LogoutIcon className="size-4 text-slate-400" /><Trans>Log out</Trans></Link>
          </MenuItem>
        </div>
      </MenuItems>
    </Menu>
  )
}
