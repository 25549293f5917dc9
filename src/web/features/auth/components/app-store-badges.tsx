import { useLingui } from '@lingui/react/macro'

// Simple inline badges; the store listings are not published yet, so the links point to the stores.
// Each link's accessible name is its visible text (no aria-label), so voice control users can say what they see.
export function AppStoreBadges() {
  const { t } = useLingui()
  const badge = 'inline-flex h-11 items-center gap-2 rounded-lg bg-slate-900 px-3 text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <a className={badge} href="https://apps.apple.com/" target="_blank" rel="noreferrer">
        <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
          <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9s-1.9-.9-3.2-.8c-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.400 1.2 9.800.8 1.2 1.8 2.5 3 2.4 1.2 0 1.700-.8 3.100-.8s1.9.8 3.2.8 2.100-1.200 2.900-2.400c.9-1.4 1.300-2.700 1.300-2.800 0 0-2.500-1-2.500-3.900zM14 5.500c.7-.8 1.100-1.900 1-3-1 0-2.100.7-2.800 1.500-.6.7-1.200 1.800-1 2.900 1.100.1 2.100-.6 2.800-1.400z" />
        </svg>
        <span className="text-start leading-none">
          <span className="block text-[10px] opacity-80">{t`Download on the`}</span>
          <span className="block text-sm font-semibold">App Store</span>
        </span>
      </a>
      <a className={badge} href="https://play.google.com/store" target="_blank" rel="noreferrer">
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M4 2.8l10.200 10.200L4 21.200c-.3-.2-.5-.6-.5-1V3.800c0-.4.2-.8.5-1z" fill="#34d399" />
          <path d="M17.600 9.600L14.200 13 4 2.800c.3-.2.800-.2 1.200 0z" fill="#60a5fa" />
          <path d="M17.600 16.400L5.200 23.200c-.4.200-.9.200-1.200 0L14.200 13z" fill="#f87171" />
          <path d="M21 12.100c0 .5-.3 1-.8 1.300l-2.600 1.500-3.400-3.400 3.400-3.400 2.600 1.500c.5.300.8.800.8 1.300z" fill="#fbbf24" />
        </svg>
        <span className="text-start leading-none">
          <span className="block text-[10px] opacity-80">{t`Get it on`}</span>
          <span className="block text-sm font-semibold">Google Play</span>
        </span>
      </a>
    </div>
  )
}
