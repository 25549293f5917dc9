import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Profile } from '../../../../shared/schemas/auth'
import { ChevronDownIcon, KeyIcon, LogoutIcon } from '../../../components/ui/icons'

export function ProfileMenu({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const initials = `${profile.first_name.at(0) ?? ''}${profile.last_name.at(0) ?? ''}`.toUpperCase()
  const itemClass = 'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100'
  return (
    <Menu>
      <MenuButton
        className="inline-flex items-center gap-1.5 rounded-full p-0.5 pe-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
          {initials || '?'}
        </span>
        {/* The name is this text, not an aria-label that would not contain the visible initials. */}
        <span className="sr-only">{t`Account menu`}</span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </MenuButton>
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
