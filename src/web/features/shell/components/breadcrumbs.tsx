import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { ChevronIcon } from '../../../components/ui/icons'
import { MENU_ITEMS, SEGMENT_LABELS, isMenuKey } from '../menu-items'

/** A record id in a path: a number, or a UUID made on the device (a sitting being captured). */
const RECORD_ID = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** Built from the URL; record ids are skipped (spec §2). */
export function Breadcrumbs() {
  const { t, i18n } = useLingui()
  const { pathname } = useLocation()
  const segments = pathname.split('/').filter(Boolean)
  const crumbs = segments
    .map((segment, index) => ({ segment, href: `/${segments.slice(0, index + 1).join('/')}` }))
    .filter(({ segment }) => !RECORD_ID.test(segment))
    .map(({ segment, href }) => ({
      href,
      label: isMenuKey(segment) ? i18n._(MENU_ITEMS[segment].label)
        : SEGMENT_LABELS[segment] ? i18n._(SEGMENT_LABELS[segment]) : decodeURIComponent(segment),
    }))

  return (
    <nav aria-label={t`Breadcrumb`}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500">
        <li><Link to="/" className="hover:text-slate-800">{t`Home`}</Link></li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-1.5">
            <ChevronIcon className="size-3.5 text-slate-300 rtl:rotate-180" />
            {index === crumbs.length - 1
              ? <span aria-current="page" className="font-medium text-slate-800">{crumb.label}</span>
              : <Link to={crumb.href} className="hover:text-slate-800">{crumb.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** The page title: the last named segment of the path. */
export function usePageTitle(): string {
  const { i18n } = useLingui()
  const { pathname } = useLocation()
  const segments = pathname.split('/').filter((s) => s && !RECORD_ID.test(s))
  const first = segments[0] ?? 'dashboard'
  const last = segments.at(-1) ?? 'dashboard'
  const area = isMenuKey(first) ? i18n._(MENU_ITEMS[first].label) : SEGMENT_LABELS[first] ? i18n._(SEGMENT_LABELS[first]) : first
  if (last === first) return area
  return `${area} · ${SEGMENT_LABELS[last] ? i18n._(SEGMENT_LABELS[last]) : last}`
}
