import { useLingui } from '@lingui/react/macro'
import { PAGE_SIZE } from '../../../shared/api'
import { ChevronIcon } from '../ui/icons'
import { cx } from '../ui/cx'

export function ListPagination({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE))
  const first = count === 0 ? 0 : (page - 1) * PAGE_SIZE + 1
  const last = Math.min(count, page * PAGE_SIZE)
  const buttonClass =
    'inline-flex size-8 items-center justify-center rounded-md text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300'
  return (
    <nav aria-label={t`Pagination`} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
      <p aria-live="polite">{t`${first}–${last} of ${count}`}</p>
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t`Previous page`}>
          <ChevronIcon className="size-4 rotate-180 rtl:rotate-0" />
        </button>
        <span className="min-w-16 text-center tabular-nums">{t`Page ${page} of ${pages}`}</span>
        <button type="button" className={cx(buttonClass)} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t`Next page`}>
          <ChevronIcon className="size-4 rtl:rotate-180" />
        </button>
      </div>
    </nav>
  )
}
