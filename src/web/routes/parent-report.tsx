// The printable parent report: outside the app shell so only the pages print; one page per student in
// the family's language (chosen here, whatever the interface language).
import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Button } from '../components/ui/button'
import { KeptTime } from '../components/offline/kept-time'
import { ParentReportPages } from '../features/reports/components/parent-report-pages'
import { ReportLoadState } from '../features/reports/components/report-load-state'
import { parentReportQuery } from '../features/reports/queries'
import { createI18nFor, loadCatalog } from '../lib/i18n/i18n'
import { getLanguage } from '../lib/i18n/language'
import { isAuthenticated, rememberRedirect } from '../lib/session/session'

type Search = { library: number; school: number; class: number; year: number; from: string; to: string; lang: 'en' | 'ar' }

function validateSearch(search: Record<string, unknown>): Search {
  const n = (value: unknown) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : 0)
  const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '')
  return {
    library: n(search.library), school: n(search.school), class: n(search.class), year: n(search.year),
    from: day(search.from), to: day(search.to), lang: search.lang === 'ar' ? 'ar' : search.lang === 'en' ? 'en' : getLanguage(),
  }
}

export const Route = createFileRoute('/parent-report')({
  validateSearch,
  beforeLoad: ({ location }) => {
    if (!isAuthenticated()) {
      rememberRedirect(location.href)
      throw redirect({ to: '/login' })
    }
  },
  // The family's language may not be the interface's: its catalog is loaded before the pages render.
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ deps }) => loadCatalog(deps.lang),
  component: ParentReportPage,
})

function ParentReportPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const { t } = useLingui()
  const family = useMemo(() => createI18nFor(search.lang), [search.lang])
  const report = useQuery(parentReportQuery(search.library, search.class, search.from, search.to, search.lang))
  return (
    <main className="min-h-screen bg-slate-100 py-6 print:bg-white print:py-0">
      <div className="mx-auto mb-6 flex max-w-2xl flex-wrap items-center justify-between gap-3 px-4 print:hidden">
        <h1 className="text-lg font-semibold text-slate-900"><Trans>Parent report</Trans></h1>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <Trans>Family's language</Trans>
            <select value={search.lang} className="rounded-lg border border-slate-300 bg-white py-1.5 ps-2 pe-8 text-sm"
              onChange={(event) => void navigate({ to: '/parent-report', search: { ...search, lang: event.target.value === 'ar' ? 'ar' : 'en' }, replace: true })}>
              <option value="en">English</option>
              <option value="ar">العربية</option>
            </select>
          </label>
          <Button onClick={() => window.print()} aria-label={t`Print the parent report`}><Trans>Print</Trans></Button>
        </div>
      </div>
      <div className="mx-auto max-w-2xl px-4 print:hidden">
        {report.data && <KeptTime at={report.dataUpdatedAt} />}
      </div>
      {!report.data
        ? <div className="mx-auto max-w-2xl px-4"><ReportLoadState error={report.error} onRetry={() => void report.refetch()} /></div>
        : (
          <I18nProvider i18n={family}>
            <ParentReportPages report={report.data} language={search.lang} />
          </I18nProvider>
        )}
    </main>
  )
}
