import { Trans } from '@lingui/react/macro'

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return <img src="/favicon.svg" alt="" aria-hidden="true" className={className} />
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      {!compact && (
        <span className="leading-tight">
          <span className="block text-base font-semibold tracking-tight text-slate-900">Miscue</span>
          <span className="block text-[11px] text-slate-500"><Trans>Reading assessment</Trans></span>
        </span>
      )}
    </span>
  )
}
