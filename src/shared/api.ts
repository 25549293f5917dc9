// Paths, envelope types and constants shared by the web app and the API server.

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
  validSubdomain: (sub: string) => `/api/valid-subdomain/${encodeURIComponent(sub)}/`,
  login: '/api/login/',
  logout: '/api/logout/',
  renewSession: '/api/renew-session/',
  myProfile: '/api/myprofile/',
  forgotPassword: '/api/forgot-password/',
  resetPassword: '/api/reset-password/',
  changePassword: '/api/change-password/',
  mySchools: '/api/myschools/',
  academicYears: '/api/academic-year/',
  grades: (schoolId: number | string) => `/api/school/${schoolId}/grade/`,
  grade: (schoolId: number | string, id: number | string) => `/api/school/${schoolId}/grade/${id}/`,
  gradeWorkflow: (schoolId: number | string) => `/api/work-flow/school/${schoolId}/grade/`,
  sections: (schoolId: number | string) => `/api/school/${schoolId}/section/`,
  section: (schoolId: number | string, id: number | string) => `/api/school/${schoolId}/section/${id}/`,
  sectionWorkflow: (schoolId: number | string) => `/api/work-flow/school/${schoolId}/section/`,
  // Administration (institution host unless noted)
  schools: '/api/school/',
  school: (id: Id) => `/api/school/${id}/`,
  schoolsDownload: '/api/school/download/',
  schoolWorkflow: '/api/work-flow/school/',
  allSchools: '/api/all_schools/',
  academicYear: (id: Id) => `/api/academic-year/${id}/`,
  academicYearsDownload: '/api/academic-year/download/',
  academicYearWorkflow: '/api/work-flow/academic-year/',
  gradesDownload: (schoolId: Id) => `/api/school/${schoolId}/grade/download/`,
  sectionsDownload: (schoolId: Id) => `/api/school/${schoolId}/section/download/`,
  classes: (schoolId: Id) => `/api/school/${schoolId}/class/`,
  class: (schoolId: Id, id: Id) => `/api/school/${schoolId}/class/${id}/`,
  classesDownload: (schoolId: Id) => `/api/school/${schoolId}/class/download/`,
  classWorkflow: (schoolId: Id) => `/api/work-flow/school/${schoolId}/class/`,
  allGrades: (schoolId: Id) => `/api/school/${schoolId}/all-grades/`,
  allSections: (schoolId: Id) => `/api/school/${schoolId}/all-sections/`,
  allClasses: (schoolId: Id) => `/api/school/${schoolId}/all_classes/`,
  schoolTeachers: (schoolId: Id) => `/api/school/${schoolId}/teacher/`,
  subjects: '/api/subject/',
  classTeachers: (classId: Id, yearId: Id) => `/api/class/${classId}/year/${yearId}/teacher/`,
  classCopy: (src: Id, dest: Id) => `/api/class/copy/src-school/${src}/dest-school/${dest}/`,
  students: (schoolId: Id, yearId: Id) => `/api/school/${schoolId}/year/${yearId}/student/`,
  student: (schoolId: Id, yearId: Id, id: Id) => `/api/school/${schoolId}/year/${yearId}/student/${id}/`,
  classStudents: (schoolId: Id, classId: Id, yearId: Id) => `/api/school/${schoolId}/class/${classId}/year/${yearId}/student/`,
  studentWorkflow: (schoolId: Id) => `/api/work-flow/school/${schoolId}/student/`,
  studentsDownload: (schoolId: Id, yearId: Id) => `/api/student/download/?school=${schoolId}&year=${yearId}`,
  migrateStudents: (classId: Id, yearId: Id) => `/api/student/class/${classId}/year/${yearId}/migrate/`,
  migrateStudentsForm: '/api/student/migrate/',
  users: '/api/user/',
  user: (id: Id) => `/api/user/${id}/`,
  userSchools: (id: Id) => `/api/user/${id}/school/`,
  userWorkflow: '/api/work-flow/user/',
  countries: '/api/country/',
  // Platform host
  institutions: '/api/client/',
  institution: (id: Id) => `/api/client/${id}/`,
  institutionOptions: '/api/institutions/',
  institutionAdmins: '/api/client_admin/',
  institutionAdmin: '/api/client/client_admin/',
  institutionAdminById: (id: Id) => `/api/client/client_admin/${id}/`,
  institutionAssessments: (id: Id) => `/api/assessmentAsClient/${id}/`,
  licences: (institutionId: Id) => `/api/institution/${institutionId}/license/`,
  licence: (institutionId: Id, id: Id) => `/api/institution/${institutionId}/license/${id}/`,
  openapi: '/api/openapi.json',
  /** Several queued JSON writes applied in order in one call (ADR 0104). */
  batch: '/api/batch/',
  health: '/api/health/',
  // Assessment content (platform host; reads of assessments also on institution hosts, ADR 0020-0022)
  assessmentDependency: '/api/assessment-dependency/',
  assessments: '/api/assessment/',
  assessment: (id: Id) => `/api/assessment/${id}/`,
  assessmentsDownload: '/api/assessment/download/',
  assessmentPdf: (id: Id) => `/api/assessment/${id}/pdf/`,
  assessmentClients: (id: Id) => `/api/assessment/${id}/clients/`,
  assessmentsOfType: (typeId: Id) => `/api/assessment_type/${typeId}/assessment/`,
  assessmentLibraries: '/api/assessmentlibrary/',
  assessmentLibrary: (id: Id) => `/api/assessmentlibrary/${id}/`,
  assessmentLibrariesOfType: (type: 'report' | 'global' | 'all') => `/api/assessmentlibrary_type/${type}/assessmentlibrary/`,
  assessmentLibrariesExport: '/api/assessmentlibrary/export/',
  assessmentLibrariesDownload: '/api/assessmentlibrary/download/',
  assessmentLibrariesUpload: '/api/upload-assessment-library/',
  assessmentLibraryEntryList: (libraryId: Id) => `/api/assessmentlibraryentrylist/${libraryId}/`,
  assessmentLibraryEntries: '/api/assessmentlibraryentry/',
  assessmentLibraryEntry: (id: Id) => `/api/assessmentlibraryentry/${id}/`,
  reportTemplates: '/api/reporttemplate/',
  reportTemplate: (id: Id) => `/api/reporttemplate/${id}/`,
  reportTemplatesExport: '/api/reporttemplate/export/',
  reportTemplatesDownload: '/api/reporttemplate/download/',
  reportTemplatesUpload: '/api/reporttemplate/upload/',
  reportTemplateDownload: (id: Id) => `/api/reporttemplate/download/${id}/`,
  reportTemplateEmail: (id: Id) => `/api/reporttemplate/email/${id}/`,
  reportTemplateEntryList: (templateId: Id) => `/api/reporttemplateentrylist/${templateId}/`,
  reportTemplateSavedFile: (id: Id) => `/api/downloadS3/${id}/`,
  // Sittings and reports (institution host; ADR 0045-0049)
  sittings: '/api/sitting/',
  miscueTypes: '/api/miscue-type/',
  miscueType: (code: string) => `/api/miscue-type/${encodeURIComponent(code)}/`,
  scoringProfiles: '/api/scoring-profile/',
  scoringProfile: (id: Id) => `/api/scoring-profile/${id}/`,
  scoringSelection: '/api/scoring-profile/selection/',
  captureKit: (schoolId: Id, yearId: Id) => `/api/capture/school/${schoolId}/year/${yearId}/`,
  reportTypes: '/api/report_type/',
  commonReport: (schoolId: Id, classId: Id, yearId: Id, assessmentId: Id) =>
    `/api/miscue_report/school/${schoolId}/class/${classId}/year/${yearId}/assessment/${assessmentId}/`,
  classAssessments: (classId: Id, yearId: Id) => `/api/class/${classId}/year/${yearId}/assessment/`,
  accuracyReport: (schoolId: Id, classId: Id, yearId: Id) => `/api/miscue_accuracy/school/${schoolId}/class/${classId}/year/${yearId}/`,
  studentSittings: (studentId: Id) => `/api/student/${studentId}/sitting/`,
  studentAccuracy: (studentId: Id) => `/api/student/${studentId}/accuracy/`,
  studentProgress: (studentId: Id) => `/api/student/${studentId}/progress/`,
  studentGoals: (studentId: Id) => `/api/student/${studentId}/goal/`,
  studentGoal: (studentId: Id, id: Id) => `/api/student/${studentId}/goal/${id}/`,
  sitting: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/`,
  sittingRemoval: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/removal/`,
  /** A sitting's changes after it was recorded (ADR 0123): each makes a new version, kept in its trail. */
  sittingCorrection: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/correction/`,
  sittingRescore: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/rescore/`,
  sittingVoid: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/void/`,
  sittingRestore: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/restore/`,
  /** A second scoring from the recording (ADR 0128): the blind view, the save, and the comparison with the first. */
  sittingBlind: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/blind/`,
  secondScoring: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/second-scoring/`,
  scoringComparison: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/second-scoring/comparison/`,
  /** Who may be asked to score a sitting blind, asking one of them, and settling the disagreements into a corrected version. */
  secondScorers: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/second-scoring/scorers/`,
  secondScoringRequest: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/second-scoring/request/`,
  settleScorings: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/second-scoring/settle/`,
  /** The readings the signed-in user was asked to score and has not yet. */
  waitingScorings: '/api/second-scoring/waiting/',
  /** Agreement per teacher or per school over a period (dates yyyy-mm-dd). */
  agreementSummary: (by: 'teacher' | 'school', from: string, to: string) =>
    `/api/second-scoring/summary/${by}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/`,
  sittingAudio: (schoolId: Id, classId: Id, sittingId: Id) => `/api/school/${schoolId}/class/${classId}/sitting/${sittingId}/audio/`,
  sittingMiscues: (schoolId: Id, sittingId: Id) => `/api/miscue_report/school/${schoolId}/sitting/${sittingId}/`,
  benchmarkSettings: '/api/benchmark/',
  benchmarkTable: '/api/benchmark/table/',
  benchmarkTableUpload: '/api/benchmark/table/upload/',
  /** ?season=boy|moy|eoy; without it, the season today falls in. */
  classBenchmark: (classId: Id, yearId: Id) => `/api/benchmark-report/class/${classId}/year/${yearId}/`,
  schoolBenchmark: (schoolId: Id, yearId: Id) => `/api/benchmark-report/school/${schoolId}/year/${yearId}/`,
  dashboard: '/api/admin_dashboard/',
  dashboardStatistics: '/api/admin_dashboard/statistics/',
  /** Tally report file (add `?format=json` for the figures); `email` mails it instead. */
  tallyReport: (scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    `/api/report/tally/${reportScopePath(scope)}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/${actionSuffix(action)}`,
  /** Assessment bundle report of library `libraryId` (report type - 100). */
  bundleReport: (libraryId: Id, scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    `/api/report/bundle/${libraryId}/${reportScopePath(scope)}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/${actionSuffix(action)}`,
  /** Parent report: the bundle limited to entries with inParentReport, one sheet per student. */
  parentReport: (libraryId: Id, scope: ReportScope, from: string, to: string, action: ReportAction = 'download') =>
    `/api/report/parent/${libraryId}/${reportScopePath(scope)}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/${actionSuffix(action)}`,
  comparativeReport: (libraryId: Id, scope: ReportScope, range: { first_from_date: string; first_to_date: string; second_from_date: string; second_to_date: string }, action: ReportAction = 'download') =>
    `/api/report/comparative/${libraryId}/${reportScopePath(scope)}/first/${encodeURIComponent(range.first_from_date)}/${encodeURIComponent(range.first_to_date)}/second/${encodeURIComponent(range.second_from_date)}/${encodeURIComponent(range.second_to_date)}/${actionSuffix(action)}`,
  /** Data out (ADR 0125): raw sittings or marks, paged JSON. */
  exportRows: (kind: 'sittings' | 'marks', scope: ReportScope, from: string, to: string, page = 1) =>
    `/api/export/${kind}/${reportScopePath(scope)}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/?page=${page}`,
  /** The same as one file (202 with a task above 2000 sittings). */
  exportFile: (scope: ReportScope, from: string, to: string, format: 'xlsx' | 'csv' = 'xlsx', kind: 'sittings' | 'marks' = 'sittings') =>
    `/api/export/file/${reportScopePath(scope)}/from/${encodeURIComponent(from)}/to/${encodeURIComponent(to)}/?format=${format}&kind=${kind}`,
  exportTask: (taskId: string) => `/api/export/task/${taskId}/`,
  exportTaskFile: (taskId: string) => `/api/export/task/${taskId}/file/`,
  usersDownload: '/api/user/download/',
  institutionsDownload: '/api/client/download/',
  /** The public OAuth client id the web app signs in with (OAUTH_CLIENT_ID): payload.client_id. */
  oauthClient: '/api/oauth-client/',
  // Bulk uploads (ADR 0080): the upload calls of spec §7, then the screens' templates, references and history.
  uploadClass: '/api/upload-class/',
  uploadTeacher: (schoolId: Id) => `/api/school/${schoolId}/upload-teacher/`,
  uploadSchool: '/api/school/upload-school/',
  uploadStudent: (schoolId: Id, yearId: Id) => `/api/school/${schoolId}/year/${yearId}/upload-student/`,
  teacherReport: (schoolId: Id) => `/api/school/${schoolId}/teacher-report/`,
  schoolReport: '/api/school/school-report/',
  classReport: (schoolId: Id) => `/api/school/${schoolId}/class-report/`,
  bulkTemplateUrls: '/api/bulk-upload/template-url/',
  bulkReferences: (kind: string) => `/api/bulk-upload/references/${kind}/`,
  bulkUploads: '/api/bulk-upload/',
  bulkUpload: (id: string) => `/api/bulk-upload/${id}/`,
  bulkUploadRefused: (id: string) => `/api/bulk-upload/${id}/refused/`,
  // Demo institution (platform host)
  demoInstitutionCreate: '/api/demo-institution/create/',
  demoInstitutionStatus: '/api/demo-institution/status/',
} as const

/** Where a tally, bundle, parent or comparative report looks: one class, one school, or the whole institution. */
export type ReportScope = { scope: 'class'; id: Id } | { scope: 'school'; id: Id } | { scope: 'institution' }
/** download: the .xlsx file; json: the same figures as JSON; email: answer at once and mail the file. */
export type ReportAction = 'download' | 'json' | 'email'

export function reportScopePath(s: ReportScope): string {
  return s.scope === 'institution' ? 'institution' : `${s.scope}/${s.id}`
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
