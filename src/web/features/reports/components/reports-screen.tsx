// The miscue reports screen (spec §2): selectors, then the view the report type decides.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { getLanguage } from '../../../lib/i18n/language'
import { KeptTime } from '../../../components/offline/kept-time'
import { Spinner } from '../../../components/ui/spinner'
import { AlertIcon } from '../../../components/ui/icons'
import { useOnline } from '../../../lib/sync/use-online'
import { useDeferredAnswer } from '../../../lib/query/use-deferred-answer'
import { accuracyListQuery, classAssessmentsQuery, commonReportQuery, reportTypesQuery } from '../queries'
import { api } from '../../../../shared/api'
import type { ReportScope } from '../../../../shared/api'
import { SCOPE_TYPES } from '../../../../shared/schemas/assessment-library'
import { reportDateParam } from '../../../../shared/schemas/report'
import { reportViewOf } from '../report-view'
import type { ComparativeForm, RangeForm, Scope } from '../report-forms'
import { useReportFiles } from '../report-files'
import { AccuracyList } from './accuracy-list'
import { CommonSummaryCard } from './common-summary-card'
import { ComparativeReportForm } from './comparative-report-form'
import { DataExportForm } from './data-export-form'
import { KeepClassOffline } from './keep-class-offline-button'
import { RangeReportForm } from './range-report-form'
import type { RangeAction } from './range-report-form'
import { ReportSelectors } from './report-selectors'
import type { NamedOption, ReportSearch } from './report-selectors'

export function ReportsScreen({ schoolId, search, classes, classesLoading, years, onSearchChange, canExport = false }: {
  schoolId: number
  /** School staff may take the raw sittings and marks out. */
  canExport?: boolean
  search: ReportSearch
  classes: readonly NamedOption[]
  classesLoading: boolean
  years: readonly NamedOption[] | null
  onSearchChange: (next: ReportSearch) => void
}) {
  const { t } = useLingui()
  const online = useOnline()
  const navigate = useNavigate()
  const files = useReportFiles()
  const types = useQuery(reportTypesQuery())
  const customTypes = types.data ?? []
  const view = reportViewOf(search.type, customTypes)
  const assessments = useQuery({ ...classAssessmentsQuery(search.class, search.year), enabled: search.class > 0 && search.year > 0 && (view.kind === 'common' || view.kind === 'accurate') })

  function scopeOf(scope: Scope): ReportScope {
    if (scope === SCOPE_TYPES.class) return { scope: 'class', id: search.class }
    if (scope === SCOPE_TYPES.school) return { scope: 'school', id: schoolId }
    return { scope: 'institution' }
  }

  function onRangeAction(kind: 'tally' | 'bundle', libraryId: number) {
    return (action: RangeAction, values: RangeForm) => {
      if (action === 'print_parent') {
        void navigate({ to: '/parent-report', search: { library: libraryId, school: schoolId, class: search.class, year: search.year, from: values.from_date, to: values.to_date, lang: getLanguage() } })
        return
      }
      const from = reportDateParam(values.from_date)
      const to = reportDateParam(values.to_date)
      const how = action.startsWith('email') ? 'email' : 'download'
      const scope = scopeOf(values.scope)
      const path = kind === 'tally' ? api.tallyReport(scope, from, to, how)
        : action.endsWith('parent') ? api.parentReport(libraryId, scope, from, to, how)
        : api.bundleReport(libraryId, scope, from, to, how)
      const request = { path, label: action.endsWith('parent') ? t`Parent report` : kind === 'tally' ? t`Tally report` : t`Assessment bundle report` }
      void (how === 'email' ? files.email(request) : files.download(request))
    }
  }

  function onComparative(libraryId: number) {
    return (values: ComparativeForm) => {
      const range = {
        first_from_date: reportDateParam(values.first_from_date), first_to_date: reportDateParam(values.first_to_date),
        second_from_date: reportDateParam(values.second_from_date), second_to_date: reportDateParam(values.second_to_date),
      }
      void files.download({ path: api.comparativeReport(libraryId, scopeOf(values.scope), range), label: t`Comparative report` })
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900"><Trans>Miscue reports</Trans></h2>
        <Link to="/report/benchmark" search={search.class ? { class: search.class } : {}} className="text-sm font-medium text-sky-800 underline"><Trans>Benchmarks</Trans></Link>
      </div>
      <ReportSelectors search={search} customTypes={customTypes} classes={classes} classesLoading={classesLoading}
        assessments={assessments.data ?? []} years={years} onChange={onSearchChange} />
      {view.kind === 'none' && <Hint><Trans>Choose a report type to begin.</Trans></Hint>}
      {view.kind === 'invalid' && <p role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200"><Trans>invalid type</Trans></p>}
      {view.kind === 'unknown-custom' && (types.isPending ? <Loading /> : <p role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200"><Trans>invalid type</Trans></p>)}
      {(view.kind === 'common' || view.kind === 'accurate') && (
        search.class <= 0
          ? <Hint><Trans>Choose a class to see its report.</Trans></Hint>
          : <ClassReports schoolId={schoolId} classId={search.class} yearId={search.year} assessmentId={search.assessment}
              withSummary={view.kind === 'common'} online={online} />
      )}
      {view.kind === 'tally' && (
        <RangeReportForm title={t`Tally report`} classId={search.class} actions={['download']} busy={files.busy} offline={!online}
          onAction={onRangeAction('tally', 0)} />
      )}
      {view.kind === 'bundle' && (
        <RangeReportForm title={customTypes.find((c) => c.id === search.type)?.name ?? t`Assessment bundle report`} classId={search.class}
          actions={view.parentReport ? ['download', 'email', 'download_parent', 'email_parent', 'print_parent'] : ['download', 'email']}
          busy={files.busy} offline={!online} onAction={onRangeAction('bundle', view.libraryId)} />
      )}
      {view.kind === 'comparative' && (
        <ComparativeReportForm title={customTypes.find((c) => c.id === search.type)?.name ?? ''} classId={search.class} busy={files.busy}
          onExport={onComparative(view.libraryId)} />
      )}
      {canExport && <DataExportForm scopeOf={scopeOf} classId={search.class} online={online} />}
    </div>
  )
}

function ClassReports({ schoolId, classId, yearId, assessmentId, withSummary, online }: {
  schoolId: number; classId: number; yearId: number; assessmentId: number; withSummary: boolean; online: boolean
}) {
  const queryClient = useQueryClient()
  const common = useQuery({ ...commonReportQuery(schoolId, classId, yearId, assessmentId), enabled: withSummary })
  const accuracy = useQuery(accuracyListQuery(schoolId, classId, yearId))
  // An answer that arrives while the screen is up renders in short tasks (ADR 0110).
  const commonReport = useDeferredAnswer(common.data, `${schoolId}:${classId}:${yearId}:${assessmentId}`)
  const accuracyList = useDeferredAnswer(accuracy.data, `${schoolId}:${classId}:${yearId}`)
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* The line is kept for the time before it is known, on a line of its own on a phone: the summary
            below does not move when the list arrives after it (layout shift). */}
        <div className="min-h-4 basis-full sm:basis-auto">
          {accuracy.data && <KeptTime at={accuracy.dataUpdatedAt} />}
        </div>
        <KeepClassOffline queryClient={queryClient} ids={{ schoolId, classId, yearId }} online={online} />
      </div>
      {withSummary && <CommonSummaryCard report={commonReport} pending={<QueryState query={{ ...common, data: commonReport }} offline={!online}>{() => null}</QueryState>} />}
      <QueryState query={{ ...accuracy, data: accuracyList }} offline={!online}>{(rows) => <AccuracyList rows={rows} />}</QueryState>
    </div>
  )
}

function QueryState<T>({ query, offline, children }: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }
  offline: boolean
  children: (data: T) => React.ReactNode
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
        <AlertIcon className="size-5" />
        {offline
          ? <Trans>You are offline and this report was not saved on this device.</Trans>
          : <Trans>The report could not be loaded.</Trans>}
        {!offline && <button type="button" className="font-medium underline" onClick={() => void query.refetch()}><Trans>Try again</Trans></button>}
      </div>
    )
  }
  return <Loading />
}

function Loading() {
  return <p className="flex items-center gap-2 text-sm text-slate-500" role="status"><Spinner className="size-4" /><Trans>Loading…</Trans></p>
}

function Hint({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{children}</p>
}
