import { Trans } from '@lingui/react/macro'

/**
 * The mark, drawn inline rather than as an image of public/favicon.svg (the same drawing, tested): a first
 * visit makes no request for it while the page's code is still on its way (ADR 0110).
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className}>
      <rect width="512" height="512" rx="112" fill="#0f766e" />
      <path d="M256 168c-38-26-92-34-140-26v220c48-8 102 0 140 26 38-26 92-34 140-26V142c-48-8-102 0-140 26z" fill="#f0fdfa" />
      <path d="M256 168v220" stroke="#0f766e" strokeWidth="14" strokeLinecap="round" />
      <path d="M150 196c28-4 60 0 82 12M150 240c28-4 60 0 82 12M150 284c28-4 60 0 82 12" stroke="#5eead4" strokeWidth="12" strokeLinecap="round" fill="none" />
      <circle cx="344" cy="300" r="44" fill="#f59e0b" />
      <path d="M326 300l13 13 24-26" stroke="#fff" strokeWidth="12" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  )
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
