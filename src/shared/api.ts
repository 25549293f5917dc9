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

export const api = {
  validSubdomain: (sub: string) => pathOf(routes.validSubdomain, { sub: encodeURIComponent(sub) }),
  login: webPath(routes.login),
  logout: webPath(routes.logout),
  renewSession: webPath(routes.renewSession),
  myProfile: webPath(routes.myProfile),
  forgotPassword: webPath(routes.forgotPassword),
  resetPassword: webPath(routes.resetPassword),
  changePassword: webPath(routes.changePassword),
  mySchools: webPath(routes.mySchools),
  academicYears: webPath(routes.academicYears),
  grades: webPath(routes.grades),
  grade: webPath(routes.grade),
  gradeWorkflow: webPath(routes.gradeWorkflow),
  sections: webPath(routes.sections),
  section: webPath(routes.section),
  sectionWorkflow: webPath(routes.sectionWorkflow),
  // Administration (institution host unless noted)
  schools: webPath(routes.schools),
  school: webPath(routes.school),
  schoolsDownload: webPath(routes.schoolsDownload),
  schoolWorkflow: webPath(routes.schoolWorkflow),
  allSchools: webPath(routes.allSchools),
  academicYear: webPath(routes.academicYear),
  academicYearsDownload: webPath(routes.academicYearsDownload),
  academicYearWorkflow: webPath(routes.academicYearWorkflow),
  gradesDownload: webPath(routes.gradesDownload),
  sectionsDownload: webPath(routes.sectionsDownload),
  classes: webPath(routes.classes),
  class: webPath(routes.class),
  classesDownload: webPath(routes.classesDownload),
  classWorkflow: webPath(routes.classWorkflow),
  allGrades: webPath(routes.allGrades),
  allSections: webPath(routes.allSections),
  allClasses: webPath(routes.allClasses),
  schoolTeachers: webPath(routes.schoolTeachers),
  subjects: webPath(routes.subjects),
  classTeachers: webPath(routes.classTeachers),
  classCopy: webPath(routes.classCopy),
  students: webPath(routes.students),
  student: webPath(routes.student),
  classStudents: webPath(routes.classStudents),
  studentWorkflow: webPath(routes.studentWorkflow),
  studentsDownload: (schoolId: Id, yearId: Id) => `${pathOf(routes.studentsDownload, {})}?school=${schoolId}&year=${yearId}`,
  migrateStudents: webPath(routes.migrateStudents),
  migrateStudentsForm: webPath(routes.migrateStudentsForm),
  users: webPath(routes.users),
  user: webPath(routes.user),
  userSchools: webPath(routes.userSchools),
  userWorkflow: webPath(routes.userWorkflow),
  countries: webPath(routes.countries),
  // Platform host
  institutions: webPath(routes.institutions),
  institution: webPath(routes.institution),
  institutionOptions: webPath(routes.institutionOptions),
  institutionAdmins: webPath(routes.institutionAdmins),
  institutionAdmin: webPath(routes.institutionAdmin),
  institutionAdminById: webPath(routes.institutionAdminById),
  institutionAssessments: webPath(routes.institutionAssessments),
  licences: webPath(routes.licences),
  licence: webPath(routes.licence),
  openapi: webPath(routes.openapi),
  /** Several queued JSON writes applied in order in one call (ADR 0104). */
  batch: webPath(routes.batch),
  health: webPath(routes.health),
  // Assessment content (platform host; reads of assessments also on institution hosts, ADR 0020-0022)
  assessmentDependency: webPath(routes.assessmentDependency),
  assessments: webPath(routes.assessments),
  assessment: webPath(routes.assessment),
  assessmentsDownload: webPath(routes.assessmentsDownload),
  assessmentPdf: webPath(routes.assessmentPdf),
  assessmentClients: webPath(routes.assessmentClients),
  assessmentsOfType: webPath(routes.assessmentsOfType),
  assessmentLibraries: webPath(routes.assessmentLibraries),
  assessmentLibrary: webPath(routes.assessmentLibrary),
  assessmentLibrariesOfType: (type: 'report' | 'global' | 'all') => pathOf(routes.assessmentLibrariesOfType, { type }),
  assessmentLibrariesExport: webPath(routes.assessmentLibrariesExport),
  assessmentLibrariesDownload: webPath(routes.assessmentLibrariesDownload),
  assessmentLibrariesUpload: webPath(routes.assessmentLibrariesUpload),
  assessmentLibraryEntryList: webPath(routes.assessmentLibraryEntryList),
  assessmentLibraryEntries: webPath(routes.assessmentLibraryEntries),
  assessmentLibraryEntry: webPath(routes.assessmentLibraryEntry),
  reportTemplates: webPath(routes.reportTemplates),
  reportTemplate: webPath(routes.reportTemplate),
  reportTemplatesExport: webPath(routes.reportTemplatesExport),
  reportTemplatesDownload: webPath(routes.reportTemplatesDownload),
  reportTemplatesUpload: webPath(routes.reportTemplatesUpload),
  reportTemplateDownload: webPath(routes.reportTemplateDownload),
  reportTemplateEmail: webPath(routes.reportTemplateEmail),
  reportTemplateEntryList: webPath(routes.reportTemplateEntryList),
  reportTemplateSavedFile: webPath(routes.reportTemplateSavedFile),
  // Sittings and reports (institution host; ADR 0045-0049)
  sittings: webPath(routes.sittings),
  miscueTypes: webPath(routes.miscueTypes),
  miscueType: (code: string) => pathOf(routes.miscueType, { code: encodeURIComponent(code) }),
  scoringProfiles: webPath(routes.scoringProfiles),
  scoringProfile: webPath(routes.scoringProfile),
  scoringSelection: webPath(routes.scoringSelection),
  captureKit: webPath(routes.captureKit),
  reportTypes: webPath(routes.reportTypes),
  commonReport: webPath(routes.commonReport),
  classAssessments: webPath(routes.classAssessments),
  accuracyReport: webPath(routes.accuracyReport),
  studentSittings: webPath(routes.studentSittings),
  studentAccuracy: webPath(routes.studentAccuracy),
  studentProgress: webPath(routes.studentProgress),
  studentGoals: webPath(routes.studentGoals),
  studentGoal: webPath(routes.studentGoal),
  sitting: webPath(routes.sitting),
  sittingRemoval: webPath(routes.sittingRemoval),
  /** A sitting's changes after it was recorded (ADR 0123): each makes a new version, kept in its trail. */
  sittingCorrection: webPath(routes.sittingCorrection),
  sittingRescore: webPath(routes.sittingRescore),
  sittingVoid: webPath(routes.sittingVoid),
  sittingRestore: webPath(routes.sittingRestore),
  /** A second scoring from the recording (ADR 0128): the blind view, the save, and the comparison with the first. */
  sittingBlind: webPath(routes.sittingBlind),
  secondScoring: webPath(routes.secondScoring),
  scoringComparison: webPath(routes.scoringComparison),
  /** Who may be asked to score a sitting blind, asking one of them, and settling the disagreements into a corrected version. */
  secondScorers: webPath(routes.secondScorers),
  secondScoringRequest: webPath(routes.secondScoringRequest),
  settleScorings: webPath(routes.settleScorings),
  /** The readings the signed-in user was asked to score and has not yet. */
  waitingScorings: webPath(routes.waitingScorings),
  /** Agreement per teacher or per school over a period (dates yyyy-mm-dd). */
  agreementSummary: (by: 'teacher' | 'school', from: string, to: string) =>
    pathOf(by === 'teacher' ? routes.agreementByTeacher : routes.agreementBySchool, { from: encodeURIComponent(from), to: encodeURIComponent(to) }),
  sittingAudio: webPath(routes.sittingAudio),
  sittingMiscues: webPath(routes.sittingMiscues),
  benchmarkSettings: webPath(routes.benchmarkSettings),
  benchmarkTable: webPath(routes.benchmarkTable),
  benchmarkTableUpload: webPath(routes.benchmarkTableUpload),
  /** ?season=boy|moy|eoy; without it, the season today falls in. */
  classBenchmark: webPath(routes.classBenchmark),
  schoolBenchmark: webPath(routes.schoolBenchmark),
  dashboard: webPath(routes.dashboard),
  dashboardStatistics: webPath(routes.dashboardStatistics),
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
  exportTask: webPath(routes.exportTask),
  exportTaskFile: webPath(routes.exportTaskFile),
  usersDownload: webPath(routes.usersDownload),
  institutionsDownload: webPath(routes.institutionsDownload),
  /** The public OAuth client id the web app signs in with (OAUTH_CLIENT_ID): payload.client_id. */
  oauthClient: webPath(routes.oauthClient),
  // Bulk uploads (ADR 0080): the upload calls of spec §7, then the screens' templates, references and history.
  uploadClass: webPath(routes.uploadClass),
  uploadTeacher: webPath(routes.uploadTeacher),
  uploadSchool: webPath(routes.uploadSchool),
  uploadStudent: webPath(routes.uploadStudent),
  teacherReport: webPath(routes.teacherReport),
  schoolReport: webPath(routes.schoolReport),
  classReport: webPath(routes.classReport),
  bulkTemplateUrls: webPath(routes.bulkTemplateUrls),
  bulkReferences: webPath(routes.bulkReferences),
  bulkUploads: webPath(routes.bulkUploads),
  bulkUpload: webPath(routes.bulkUpload),
  bulkUploadRefused: webPath(routes.bulkUploadRefused),
  // Demo institution (platform host)
  demoInstitutionCreate: webPath(routes.demoInstitutionCreate),
  demoInstitutionStatus: webPath(routes.demoInstitutionStatus),
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
