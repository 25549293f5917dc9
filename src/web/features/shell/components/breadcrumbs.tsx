import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { ChevronIcon } from '../../../components/ui/icons'
import { crumbLabel, pageTitle, RECORD_ID } from '../page-title'

/** Built from the URL; record ids are skipped (spec §2). */
export function Breadcrumbs() {
  const { t, i18n } = useLingui()
  const { pathname } = useLocation()
  const segments = pathname.split('/').filter(Boolean)
  const crumbs = segments
    .map((segment, index) => ({ segment, href: `/${segments.slice(0, index + 1).join('/')}` }))
    .filter(({ segment }) => !RECORD_ID.test(segment))
    .map(({ segment, href }) => ({ href, label: crumbLabel(href, segment, i18n) }))

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

/** The page title, in the interface's language (page-title.ts). */
export function usePageTitle(): string {
  const { i18n } = useLingui()
  const { pathname } = useLocation()
  return pageTitle(pathname, i18n)
}
