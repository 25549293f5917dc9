import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PASSWORD_MIN, PASSWORD_SPECIALS } from '../../../../shared/rules/password-limits'
import { InfoIcon } from '../../../components/ui/icons'

/** The password rules behind an info button (spec §2 "tooltip on password rules"). */
export function PasswordRulesTooltip() {
  const { t } = useLingui()
  return (
    <Popover className="relative">
      <PopoverButton aria-label={t`Password rules`} title={t`Password rules`}
        className="inline-flex rounded-full text-slate-400 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        <InfoIcon className="size-4" />
      </PopoverButton>
      <PopoverPanel anchor="bottom start" className="z-50 mt-2 w-72 rounded-lg bg-slate-900 p-3 text-xs text-white shadow-lg">
        <p className="font-semibold"><Trans>Your password must have:</Trans></p>
        <ul className="mt-1.5 list-disc space-y-1 ps-4">
          <li><Trans>at least {PASSWORD_MIN} characters</Trans></li>
          <li><Trans>a lowercase letter and an uppercase letter</Trans></li>
          <li><Trans>a digit</Trans></li>
          <li><Trans>one of these characters: <span dir="ltr">{PASSWORD_SPECIALS}</span></Trans></li>
          <li><Trans>no other characters (no spaces)</Trans></li>
        </ul>
      </PopoverPanel>
    </Popover>
  )
}
