import { useLingui } from '@lingui/react/macro'
import { clearBanner, useBanner } from '../../lib/notify/banner'
import type { BannerKind } from '../../lib/notify/banner'
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons'
import { cx } from './cx'

const STYLES: Record<BannerKind, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  error: 'bg-rose-50 text-rose-800 ring-rose-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
}

export function MessageBanner() {
  const { t } = useLingui()
  const banner = useBanner()
  if (!banner) return null
  const Icon = banner.kind === 'success' ? CheckIcon : banner.kind === 'info' ? InfoIcon : AlertIcon
  return (
    <div role={banner.kind === 'error' ? 'alert' : 'status'} className={cx('mb-4 flex gap-3 rounded-lg p-3 text-sm ring-1', STYLES[banner.kind])}>
      <Icon className="size-5 shrink-0" />
      <ul className="flex-1 space-y-1">{banner.messages.map((m) => <li key={m}>{m}</li>)}</ul>
      <button type="button" onClick={clearBanner} aria-label={t`Close message`} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
        <CloseIcon className="size-4" />
      </button>
    </div>
  )
}
