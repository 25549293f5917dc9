// Paths, envelope types and constants shared by the web app and the API server.
import { pathOf, routes, scopedPathOf, scopedRoutes, webPath } from './routes'

/** Rows per page in every list (spec §9). */
export const PAGE_SIZE = 15

/** Header carrying the client-generated key that makes a write safe to replay. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/**
 * How long the server keeps an idempotency key and its answer (hours): 30 days, longer than the oldest item
 * the outbox sends (older items are shown to the user instead of being sent).
 */
export const IDEMPOTENCY_TTL_HOURS = 30 * 24

/**
 * `message.codes._` of a 409 answered while another request with the same Idempotency-Key is still running:
 * not a refusal — send the same request again after the `Retry-After` header's seconds.
 */
export const IDEMPOTENCY_IN_PROGRESS = 'in_progress'

/** Seconds in the Retry-After header of an in-progress answer. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 2

/**
 * `message.codes._` of a 409 refusing to delete a student, class, academic year or school that reading records
 * (sittings) refer to; the message names how many (ADR 0112).
 */
export const HAS_SITTINGS = 'has_sittings'

/** `message.codes._` of a 409 for a stale edit (the body's `message.current` holds the record as it is now). */
export const EDIT_CONFLICT = 'conflict'

export type Envelope<T> = { payload: T }
export type ListPayload<T> = { results: T[]; count: number }

/**
 * Error body of every 4xx/5xx except auth failures.
 * `errors` holds human-readable messages; `fields` maps a field name to its messages and
 * `codes` maps a field name to the machine code of the rule that failed (see schemas/codes.ts).
 */
export type ErrorBody = {
  message: {
    errors: string[]
    fields?: Record<string, string[]>
    codes?: Record<string, string>
    /** With a 409 for a stale edit: the record as it is now on the server. */
    current?: unknown
  }
}

/** OAuth-style error body used by login and token checks. */
export type AuthErrorBody = { error: string; error_description: string }

export type ListQuery = {
  page?: number
  ordering?: string
  /** `<field>=<text>` filters: case-insensitive contains. */
  filters?: Record<string, string>
}

type Id = number | string

/** Every route's web address, by its name in the route table: a string, or a builder taking its ids in path order. */
type WebPaths = { [Name in keyof typeof routes]: ReturnType<typeof webPath<(typeof routes)[Name]>> }
const webPaths = Object.fromEntries(Object.entries(routes).map(([name, pattern]) => [name, webPath(pattern)])) as unknown as WebPaths

/** The web's addresses: every route's, and where a path encodes text, adds a query or takes a report scope, its own builder. */
export const api = {
  ...webPaths,
  validSubdomain: (sub: string) => pathOf(routes.validSubdomain, { sub: encodeURIComponent(sub) }),
  studentsDownload: (schoolId: Id, yearId: Id) => `${pathOf(routes.studentsDownload, {})}?school=${schoolId}&year=${yearId}`,
  assessmentLibrariesOfType: (type: 'report' | 'global' | 'all') => pathOf(routes.assessmentLibrariesOfType, { type }),
  miscueType: (code: string) => pathOf(routes.miscueType, { code: encodeURIComponent(code) }),
  /** Agreement per teacher or per school over a period (dates yyyy-mm-dd). */
  agreementSummary: (by: 'teacher' | 'school', from: string, to: string) =>
    pathOf(by === 'teacher' ? routes.agreementByTeacher : routes.agreementBySchool, { from: encodeURIComponent(from), to: encodeURIComponent(to) }),
  /** Tally report file (add `?format=json` for the figures); `email` mails it instead. */
  tallyReport: (scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    scopedPathOf(scopedRoutes.tallyReport, scope, dates(from, to)) + actionSuffix(action),
  /** Assessment bundle report of library `libraryId` (report type - 100). */
  bundleReport: (libraryId: Id, scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    scopedPathOf(scopedRoutes.bundleReport, scope, { libraryId, ...dates(from, to) }) + actionSuffix(action),
  /** Parent report: the bundle limited to entries with inParentReport, one sheet per student. */
  parentReport: (libraryId: Id, scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    scopedPathOf(scopedRoutes.parentReport, scope, { libraryId, ...dates(from, to) }) + actionSuffix(action),
  comparativeReport: (libraryId: Id, scope: ReportScope, range: { first_from_date: string; first_to_date: string; second_from_date: string; second_to_date: string }, action: ReportAction = 'download') =>
    scopedPathOf(scopedRoutes.comparativeReport, scope, {
      libraryId,
      firstFrom: encodeURIComponent(range.first_from_date),
      firstTo: encodeURIComponent(range.first_to_date),
      secondFrom: encodeURIComponent(range.second_from_date),
      secondTo: encodeURIComponent(range.second_to_date),
    }) + actionSuffix(action),
  /** Data out (ADR 0125): raw sittings or marks, paged JSON. */
  exportRows: (kind: 'sittings' | 'marks', scope: ReportScope, from: string, to: string, page = 1) =>
    `${scopedPathOf(kind === 'sittings' ? scopedRoutes.exportSittings : scopedRoutes.exportMarks, scope, dates(from, to))}?page=${page}`,
  /** The same as one file (202 with a task above 2000 sittings). */
  exportFile: (scope: ReportScope, from: string, to: string, format: 'xlsx' | 'csv' = 'xlsx', kind: 'sittings' | 'marks' = 'sittings') =>
    `${scopedPathOf(scopedRoutes.exportFile, scope, dates(from, to))}?format=${format}&kind=${kind}`,
} as const

/** Where a tally, bundle, parent or comparative report looks: one class, one school, or the whole institution. */
export type ReportScope = { scope: 'class'; id: Id } | { scope: 'school'; id: Id } | { scope: 'institution' }
/** download: the .xlsx file; json: the same figures as JSON; email: answer at once and mail the file. */
export type ReportAction = 'download' | 'json' | 'email'

/** A range's dates as path parameters. */
function dates(from: string, to: string) {
  return { from: encodeURIComponent(from), to: encodeURIComponent(to) }
}

function actionSuffix(action: ReportAction): string {
  return action === 'email' ? 'email/' : action === 'json' ? '?format=json' : ''
}

/** Builds the query string of a list call: page, ordering and field filters. */
export function listSearchParams(q: ListQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (q.page && q.page > 1) params.set('page', String(q.page))
  if (q.ordering) params.set('ordering', q.ordering)
  for (const [field, text] of Object.entries(q.filters ?? {})) {
    if (text.trim() !== '') params.set(field, text.trim())
  }
  return params
}
