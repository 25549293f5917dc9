// Report calls (ADR 0045-0047): report types, the class reports of the miscue screen, the dashboard, and the
// tally, bundle, parent and comparative files per scope with their email variants.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { isInstitutionYear, schoolOfClass } from '../../domain/ownership'
import { allow, requireAuth } from '../../middleware/auth'
import { assertSchoolAccess } from '../../middleware/school-access'
import { HttpError } from '../../lib/http-error'
import { LIMIT_MESSAGES } from '../../lib/request-limits'
import { idParam, validate } from '../../lib/validate'
import { accuracyList, classAssessments, commonReport, type ClassKey } from '../../reports/class-reports'
import { dashboard, dashboardStatistics, type DashboardScope } from '../../reports/dashboard'
import { EMAIL_QUEUED } from '../../reports/report-email'
import { reportEmailJob } from '../../jobs/report-email.job'
import { buildReportFile, reportData, type ReportKind, type ReportRequest } from '../../reports/report-files'
import { reportTypes } from '../../reports/report-types'
import { attachmentHeaders } from '../../reports/workbook'
import { ComparativeRangeSchema, ReportRangeSchema, type ScopeName } from '../../../shared/schemas/report'
import { DATES_IN_PATH, SCOPE_PATHS } from '../../reports/scope-paths'
import { describe } from '../../lib/route-doc'
import { accessibleSchoolIds } from '../../domain/accessible-schools'
import { routes, scopedPattern, scopedRoutes } from '../../../shared/routes'

function institutionOf(c: Context<AppEnv>) {
  const institution = c.get('institution')
  if (!institution) throw HttpError.of(404, 'notFound', c.get('lang'))
  return institution
}

/** The class of the path, in the school of the path, in a school the user may reach; and the year. */
async function classKey(c: Context<AppEnv>): Promise<ClassKey> {
  const lang = c.get('lang')
  const institution = institutionOf(c)
  const { db } = c.get('deps')
  const classId = idParam(c, 'classId')
  const yearId = idParam(c, 'yearId')
  const classSchool = await schoolOfClass(db, institution.id, classId)
  if (classSchool === null) throw HttpError.of(404, 'notFound', lang)
  const schoolId = c.req.param('schoolId') === undefined ? classSchool : idParam(c, 'schoolId')
  if (schoolId !== classSchool) throw HttpError.of(404, 'notFound', lang)
  await assertSchoolAccess(c, classSchool)
  if (!(await isInstitutionYear(db, institution.id, yearId))) throw HttpError.of(404, 'notFound', lang)
  return { institutionId: institution.id, classId, yearId }
}

/** A path id that may be 0 ("every"). */
function idOrZero(c: Context<AppEnv>, name: string): number {
  return c.req.param(name) === '0' ? 0 : idParam(c, name)
}

/** The file's language: ?lang= (a family's language for the parent report) or the request's. */
function fileLang(c: Context<AppEnv>) {
  const asked = c.req.query('lang')
  return asked === 'ar' || asked === 'en' ? asked : c.get('lang')
}

async function reportRequest(c: Context<AppEnv>, kind: ReportKind, scope: ScopeName): Promise<ReportRequest> {
  const institution = institutionOf(c)
  const lang = c.get('lang')
  const base = {
    kind, institutionId: institution.id, userId: c.get('user').id, lang: fileLang(c), scope,
    scopeId: scope === 'institution' ? null : idParam(c, 'scopeId'),
    libraryId: kind === 'tally' ? null : idParam(c, 'libraryId'),
  }
  if (kind === 'comparative') {
    const r = validate(ComparativeRangeSchema, { first_from_date: c.req.param('firstFrom'), first_to_date: c.req.param('firstTo'), second_from_date: c.req.param('secondFrom'), second_to_date: c.req.param('secondTo') }, lang)
    return { ...base, from_date: r.first_from_date, to_date: r.first_to_date, second_from_date: r.second_from_date, second_to_date: r.second_to_date }
  }
  const r = validate(ReportRangeSchema, { from_date: c.req.param('from'), to_date: c.req.param('to') }, lang)
  return { ...base, from_date: r.from_date, to_date: r.to_date }
}

async function answerFile(c: Context<AppEnv>, kind: ReportKind, scope: ScopeName) {
  const req = await reportRequest(c, kind, scope)
  const deps = c.get('deps')
  if (c.req.query('format') === 'json') return c.json({ payload: (await reportData(deps, req)).data })
  const file = await buildReportFile(deps, req)
  return c.body(new Uint8Array(file.bytes), 200, attachmentHeaders(file.filename, req.lang))
}

async function answerEmail(c: Context<AppEnv>, kind: ReportKind, scope: ScopeName) {
  const req = await reportRequest(c, kind, scope)
  const deps = c.get('deps')
  // Each e-mail builds a workbook in a job: one user queues a bounded number (ADR 0113), counted before the check below.
  const emails = c.get('limits').reportEmails
  const wait = emails.take(String(req.userId))
  if (wait > 0) throw HttpError.tooMany(LIMIT_MESSAGES.reportEmails(wait), c.get('lang'), wait, 'too_many_requests')
  try {
    // Check now what the job would refuse later (unknown class, school not yours, unknown library).
    await reportData(deps, { ...req })
  } catch (error) {
    emails.refund(String(req.userId))
    throw error
  }
  await deps.jobs.send(reportEmailJob, req, { requestedBy: req.userId })
  return c.json({ payload: { message: EMAIL_QUEUED[c.get('lang')] } }, 202)
}

export const reportRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.reportTypes, requireAuth, allow('report', 'read'))
  .get(routes.reportTypes, describe({ summary: 'Report types: 1 common, 2 accurate, 6 tally, 100 + library id for report libraries (global or holding an assessment of the institution)', tag: 'report', operationId: 'listReportTypes' }), async (c) => {
    const results = await reportTypes(c.get('deps').db, institutionOf(c).id)
    return c.json({ payload: { results, count: results.length } })
  })
  .use('/miscue_report/*', requireAuth, allow('report', 'read'))
  .get(routes.commonReport, describe({ summary: 'Common miscue report: miscue shares, total_students, total_tests (assessmentId 0 = every assessment)', tag: 'report', operationId: 'commonMiscueReport' }), async (c) => {
    const key = await classKey(c)
    return c.json({ payload: await commonReport(c.get('deps').db, key, idOrZero(c, 'assessmentId')) })
  })
  .use('/miscue_accuracy/*', requireAuth, allow('report', 'read'))
  .get(routes.accuracyReport, describe({ summary: 'Miscue accuracy list: one row per sitting, newest first (?page=N, or ?page=all for an offline copy)', tag: 'report', operationId: 'miscueAccuracyList' }), async (c) => {
    const key = await classKey(c)
    const page = c.req.query('page') === 'all' ? 0 : Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1)
    return c.json({ payload: await accuracyList(c.get('deps').db, key, page) })
  })
  .use(routes.classAssessments, requireAuth, allow('report', 'read'))
  .get(routes.classAssessments, describe({ summary: 'Assessments of a class in a year (assessment_id, assessment_title, sittings)', tag: 'report', operationId: 'classAssessments' }), async (c) => {
    const results = await classAssessments(c.get('deps').db, await classKey(c))
    return c.json({ payload: { results, count: results.length } })
  })
  .use(`${routes.dashboard}/*`, requireAuth, allow('report', 'read'))
  .use(routes.dashboard, requireAuth, allow('report', 'read'))
  .get(routes.dashboard, describe({ summary: 'Dashboard: new, active and inactive institutions (platform host) or schools (institution host), acquisition per quarter', tag: 'report', operationId: 'adminDashboard' }), async (c) => c.json({ payload: await dashboard(c.get('deps').db, await dashboardScope(c)) }))
  .get(routes.dashboardStatistics, describe({ summary: 'Dashboard statistics: total_sittings, total_questions_answered, total_assessments, total_students', tag: 'report', operationId: 'adminDashboardStatistics' }), async (c) => c.json({ payload: await dashboardStatistics(c.get('deps').db, await dashboardScope(c)) }))
  .use('/report/*', requireAuth, allow('report', 'read'))

for (const { name, operation, text: scopeText } of SCOPE_PATHS) {
  const files: { kind: ReportKind; title: string; route: string; what: string }[] = [
    { kind: 'tally', title: 'Tally', route: scopedRoutes.tallyReport, what: 'per student, sittings and the count of each miscue type in the range.' },
    { kind: 'bundle', title: 'Assessment bundle', route: scopedRoutes.bundleReport, what: 'per student and library entry, sittings, latest and average accuracy and band ({libraryId} = report type - 100).' },
    { kind: 'parent', title: 'Parent', route: scopedRoutes.parentReport, what: 'the bundle report limited to entries with inParentReport, one sheet per student in plain words.' },
    { kind: 'comparative', title: 'Comparative', route: scopedRoutes.comparativeReport, what: 'per student and entry, the average in range one and range two and the change.' },
  ]
  for (const f of files) {
    const path = scopedPattern(f.route, name)
    const report = `${f.title} report for ${scopeText}`
    reportRoutes.get(path, describe({
      tag: 'report', operationId: `${f.kind}Report${operation}`,
      summary: `${report}: ${f.what} The .xlsx file (Content-Disposition names it); ?format=json answers the same figures; ?lang=en|ar picks the file's language. ${DATES_IN_PATH}`,
    }), (c) => answerFile(c, f.kind, name))
    reportRoutes.get(`${path}/email`, describe({
      tag: 'report', operationId: `${f.kind}ReportEmail${operation}`,
      summary: `${report}, by email: answers 202 "Email will be sent when report is complete" and mails the .xlsx to the requester from a background job.`,
    }), (c) => answerEmail(c, f.kind, name))
    // The web app's email requests are writes through its outbox (they wait there offline): POST, so a replay
    // carries its Idempotency-Key and never mails twice (ADR 0052).
    reportRoutes.post(`${path}/email`, describe({
      tag: 'report', operationId: `${f.kind}ReportEmailPost${operation}`,
      summary: `${report}, by email, as a write (no body): the web app sends it through its outbox, so with an Idempotency-Key a replay answers the first 202 and never mails twice. Same checks and answer as the GET.`,
    }), (c) => answerEmail(c, f.kind, name))
  }
}

async function dashboardScope(c: Context<AppEnv>): Promise<DashboardScope> {
  const institution = c.get('institution')
  const user = c.get('user')
  if (!institution) {
    if (user.role !== 'platform_admin') throw HttpError.of(403, 'forbidden', c.get('lang'))
    return { kind: 'platform' }
  }
  return { kind: 'institution', institutionId: institution.id, schools: await accessibleSchoolIds(c.get('deps').db, user, institution.id) }
}

