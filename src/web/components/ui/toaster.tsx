import { useLingui } from '@lingui/react/macro'
import { dismissToast, useToast } from '../../lib/notify/toasts'
import type { ToastKind } from '../../lib/notify/toasts'
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons'
import { cx } from './cx'

const STYLES: Record<ToastKind, string> = {
  success: 'border-emerald-200 text-emerald-900 [&_svg.kind]:text-emerald-600',
  error: 'border-rose-200 text-rose-900 [&_svg.kind]:text-rose-600',
  info: 'border-sky-200 text-sky-900 [&_svg.kind]:text-sky-600',
  warning: 'border-amber-200 text-amber-900 [&_svg.kind]:text-amber-600',
}

/** One toast at a time in the top end corner; click or the close button dismisses it (spec §8). */
export function Toaster() {
  const { t } = useLingui()
  const toast = useToast()
  return (
    <div aria-live="polite" className="pointer-events-none fixed top-4 end-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
      {toast && (
        <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} onClick={() => dismissToast(toast.id)}
          className={cx('pointer-events-auto flex items-start gap-3 rounded-xl border bg-white p-4 text-sm shadow-lg', STYLES[toast.kind])}>
          {toast.kind === 'success' ? <CheckIcon className="kind size-5 shrink-0" />
            : toast.kind === 'info' ? <InfoIcon className="kind size-5 shrink-0" /> : <AlertIcon className="kind size-5 shrink-0" />}
          <p className="flex-1">{toast.text}</p>
          <button type="button" aria-label={t`Dismiss notification`} onClick={(e) => { e.stopPropagation(); dismissToast(toast.id) }}
            className="-m-1 rounded-md p-1 text-slate-400 hover:text-slate-700">
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>
  )
}
