// The API's paths, once: each name's Hono pattern under /api. The server registers its routes with these patterns
// and the web's paths (shared/api.ts) are built from them, so a path is written in one place (ADR 0132).
// A pattern's parameters are `:name` or `:name{regex}`; their names are the ones the handlers read.
import type { ScopeName } from './schemas/report'

export const routes = {
  health: '/health',
  ready: '/ready',
  openapi: '/openapi.json',
  tlsAllowed: '/tls-allowed',
  /** Several queued JSON writes applied in order in one call (ADR 0104). */
  batch: '/batch',
  // Signing in and the signed-in user
  validSubdomain: '/valid-subdomain/:sub',
  /** The public OAuth client id the web app signs in with (OAUTH_CLIENT_ID): payload.client_id. */
  oauthClient: '/oauth-client',
  login: '/login',
  logout: '/logout',
  renewSession: '/renew-session',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
  myProfile: '/myprofile',
  mySchools: '/myschools',
  // Schools and their years, grades, sections and classes
  schools: '/school',
  school: '/school/:id{[0-9]+}',
  schoolsDownload: '/school/download',
  schoolWorkflow: '/work-flow/school',
  allSchools: '/all_schools',
  academicYears: '/academic-year',
  academicYear: '/academic-year/:id',
  academicYearsDownload: '/academic-year/download',
  academicYearWorkflow: '/work-flow/academic-year',
  grades: '/school/:schoolId/grade',
  grade: '/school/:schoolId/grade/:id',
  gradesDownload: '/school/:schoolId/grade/download',
  gradeWorkflow: '/work-flow/school/:schoolId/grade',
  sections: '/school/:schoolId/section',
  section: '/school/:schoolId/section/:id',
  sectionsDownload: '/school/:schoolId/section/download',
  sectionWorkflow: '/work-flow/school/:schoolId/section',
  classes: '/school/:schoolId/class',
  class: '/school/:schoolId/class/:id',
  classesDownload: '/school/:schoolId/class/download',
  classWorkflow: '/work-flow/school/:schoolId/class',
  allGrades: '/school/:schoolId/all-grades',
  allSections: '/school/:schoolId/all-sections',
  allClasses: '/school/:schoolId/all_classes',
  schoolTeachers: '/school/:schoolId/teacher',
  subjects: '/subject',
  classTeachers: '/class/:classId/year/:yearId/teacher',
  classCopy: '/class/copy/src-school/:src/dest-school/:dest',
  // Students
  students: '/school/:schoolId/year/:yearId/student',
  student: '/school/:schoolId/year/:yearId/student/:id',
  classStudents: '/school/:schoolId/class/:classId/year/:yearId/student',
  studentWorkflow: '/work-flow/school/:schoolId/student',
  studentsDownload: '/student/download',
  migrateStudents: '/student/class/:classId/year/:yearId/migrate',
  migrateStudentsForm: '/student/migrate',
  // Users
  users: '/user',
  user: '/user/:id{[0-9]+}',
  userSchools: '/user/:id{[0-9]+}/school',
  userWorkflow: '/work-flow/user',
  usersDownload: '/user/download',
  countries: '/country',
  // Institutions and their licences (platform host)
  institutions: '/client',
  institution: '/client/:id{[0-9]+}',
  institutionsDownload: '/client/download',
  institutionOptions: '/institutions',
  institutionAdmins: '/client_admin',
  institutionAdmin: '/client/client_admin',
  institutionAdminById: '/client/client_admin/:id{[0-9]+}',
  institutionAssessments: '/assessmentAsClient/:id{[0-9]+}',
  licences: '/institution/:institutionId{[0-9]+}/license',
  licence: '/institution/:institutionId{[0-9]+}/license/:id{[0-9]+}',
  // Assessment content
  assessmentDependency: '/assessment-dependency',
  assessments: '/assessment',
  assessment: '/assessment/:id{[0-9]+}',
  assessmentsDownload: '/assessment/download',
  assessmentPdf: '/assessment/:id{[0-9]+}/pdf',
  assessmentClients: '/assessment/:id{[0-9]+}/clients',
  assessmentsOfType: '/assessment_type/:typeId{[0-9]+}/assessment',
  assessmentLibraries: '/assessmentlibrary',
  assessmentLibrary: '/assessmentlibrary/:id{[0-9]+}',
  assessmentLibrariesOfType: '/assessmentlibrary_type/:type/assessmentlibrary',
  assessmentLibrariesExport: '/assessmentlibrary/export',
  assessmentLibrariesDownload: '/assessmentlibrary/download',
  assessmentLibrariesUpload: '/upload-assessment-library',
  assessmentLibraryEntryList: '/assessmentlibraryentrylist/:id{[0-9]+}',
  assessmentLibraryEntries: '/assessmentlibraryentry',
  assessmentLibraryEntry: '/assessmentlibraryentry/:id{[0-9]+}',
  reportTemplates: '/reporttemplate',
  reportTemplate: '/reporttemplate/:id{[0-9]+}',
  reportTemplatesOfType: '/reporttemplate_type/:typeId{[0-9]+}/reporttemplate',
  reportTemplatesExport: '/reporttemplate/export',
  reportTemplatesDownload: '/reporttemplate/download',
  reportTemplatesUpload: '/reporttemplate/upload',
  reportTemplateDownload: '/reporttemplate/download/:id{[0-9]+}',
  reportTemplateEmail: '/reporttemplate/email/:id{[0-9]+}',
  reportTemplateEntryList: '/reporttemplateentrylist/:id{[0-9]+}',
  reportTemplateEntry: '/reporttemplateentry/:id{[0-9]+}',
  reportTemplateSavedFile: '/downloadS3/:id{[0-9]+}',
  // Sittings, their scoring and their reports
  sittings: '/sitting',
  sitting: '/school/:schoolId/class/:classId/sitting/:sittingId',
  sittingRemoval: '/school/:schoolId/class/:classId/sitting/:sittingId/removal',
  /** A sitting's changes after it was recorded (ADR 0123): each makes a new version, kept in its trail. */
  sittingCorrection: '/school/:schoolId/class/:classId/sitting/:sittingId/correction',
  sittingRescore: '/school/:schoolId/class/:classId/sitting/:sittingId/rescore',
  sittingVoid: '/school/:schoolId/class/:classId/sitting/:sittingId/void',
  sittingRestore: '/school/:schoolId/class/:classId/sitting/:sittingId/restore',
  sittingAudio: '/school/:schoolId/class/:classId/sitting/:sittingId/audio',
  /** A second scoring from the recording (ADR 0128): the blind view, the save, and the comparison with the first. */
  sittingBlind: '/school/:schoolId/class/:classId/sitting/:sittingId/blind',
  secondScoring: '/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring',
  scoringComparison: '/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/comparison',
  /** Who may be asked to score a sitting blind, asking one of them, and settling the disagreements into a corrected version. */
  secondScorers: '/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/scorers',
  secondScoringRequest: '/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/request',
  settleScorings: '/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/settle',
  /** The readings the signed-in user was asked to score and has not yet. */
  waitingScorings: '/second-scoring/waiting',
  agreementByTeacher: '/second-scoring/summary/teacher/from/:from/to/:to',
  agreementBySchool: '/second-scoring/summary/school/from/:from/to/:to',
  sittingMiscues: '/miscue_report/school/:schoolId/sitting/:sittingId',
  /** The same as sittingMiscues, under the spelling spec §7 also uses. */
  sittingMiscuesHyphenated: '/miscue-report/school/:schoolId/sitting/:sittingId',
  studentSittings: '/student/:id/sitting',
  studentAccuracy: '/student/:id/accuracy',
  studentProgress: '/student/:id/progress',
  studentGoals: '/student/:id/goal',
  studentGoal: '/student/:id/goal/:goalId',
  miscueTypes: '/miscue-type',
  miscueType: '/miscue-type/:code',
  scoringProfiles: '/scoring-profile',
  scoringProfile: '/scoring-profile/:id{[0-9]+}',
  scoringSelection: '/scoring-profile/selection',
  captureKit: '/capture/school/:schoolId/year/:yearId',
  reportTypes: '/report_type',
  commonReport: '/miscue_report/school/:schoolId/class/:classId/year/:yearId/assessment/:assessmentId',
  accuracyReport: '/miscue_accuracy/school/:schoolId/class/:classId/year/:yearId',
  classAssessments: '/class/:classId/year/:yearId/assessment',
  dashboard: '/admin_dashboard',
  dashboardStatistics: '/admin_dashboard/statistics',
  benchmarkSettings: '/benchmark',
  benchmarkTable: '/benchmark/table',
  benchmarkTableUpload: '/benchmark/table/upload',
  /** ?season=boy|moy|eoy; without it, the season today falls in. */
  classBenchmark: '/benchmark-report/class/:classId/year/:yearId',
  schoolBenchmark: '/benchmark-report/school/:schoolId/year/:yearId',
  exportTask: '/export/task/:taskId',
  exportTaskFile: '/export/task/:taskId/file',
  // Bulk uploads (ADR 0080)
  uploadClass: '/upload-class',
  uploadTeacher: '/school/:schoolId/upload-teacher',
  uploadSchool: '/school/upload-school',
  uploadStudent: '/school/:schoolId/year/:yearId/upload-student',
  teacherReport: '/school/:schoolId/teacher-report',
  schoolReport: '/school/school-report',
  classReport: '/school/:schoolId/class-report',
  bulkTemplateUrls: '/bulk-upload/template-url',
  bulkTemplate: '/bulk-upload/template/:kind',
  bulkReferences: '/bulk-upload/references/:kind',
  bulkUploads: '/bulk-upload',
  bulkUpload: '/bulk-upload/:uploadId',
  bulkUploadRefused: '/bulk-upload/:uploadId/refused',
  // Demo institution (platform host)
  demoInstitutionCreate: '/demo-institution/create',
  demoInstitutionStatus: '/demo-institution/status',
} as const

export type RouteName = keyof typeof routes

/** The scope part of a report's or an export's path: one class, one school, or the whole institution. */
export const scopePatterns: Record<ScopeName, string> = { class: 'class/:scopeId', school: 'school/:scopeId', institution: 'institution' }

/** Report files and data exports, served once per scope: `[scope]` stands for one of `scopePatterns`. */
export const scopedRoutes = {
  tallyReport: '/report/tally/[scope]/from/:from/to/:to',
  bundleReport: '/report/bundle/:libraryId/[scope]/from/:from/to/:to',
  parentReport: '/report/parent/:libraryId/[scope]/from/:from/to/:to',
  comparativeReport: '/report/comparative/:libraryId/[scope]/first/:firstFrom/:firstTo/second/:secondFrom/:secondTo',
  exportSittings: '/export/sittings/[scope]/from/:from/to/:to',
  exportMarks: '/export/marks/[scope]/from/:from/to/:to',
  exportFile: '/export/file/[scope]/from/:from/to/:to',
} as const

/** A scoped route's pattern for one scope. */
export function scopedPattern(pattern: string, scope: ScopeName): string {
  return pattern.replace('[scope]', scopePatterns[scope])
}

type Id = number | string

/** `id{[0-9]+}` is `id`. */
type NameOf<Segment extends string> = Segment extends `${infer Name}{${string}` ? Name : Segment

/** A pattern's parameter names in path order: '/school/:schoolId/class/:id{[0-9]+}' is ['schoolId', 'id']. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? [NameOf<Segment>, ...ParamsOf<`/${Tail}`>]
    : [NameOf<Rest>]
  : []

/** A pattern's address with its parameters filled in: '/api' before it, a trailing slash unless it names a file. */
export function pathOf<P extends string>(pattern: P, params: Record<ParamsOf<P>[number], Id>): string {
  return fill(pattern, params)
}

function fill(pattern: string, params: Record<string, Id>): string {
  const path = '/api' + pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => String(params[name]))
  return /\.\w+$/.test(path) ? path : `${path}/`
}

/** A scoped route's address for one class, one school or the institution, its other parameters filled in. */
export function scopedPathOf(pattern: string, scope: { scope: ScopeName; id?: Id }, params: Record<string, Id>): string {
  return fill(scopedPattern(pattern, scope.scope), { ...params, ...(scope.id === undefined ? {} : { scopeId: scope.id }) })
}

/** The names of a pattern's parameters, in path order. */
function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!)
}

/** One id per parameter of a pattern, in path order. */
type IdsOf<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${string}/${infer Tail}` ? [Id, ...IdsOf<`/${Tail}`>] : [Id]
  : []

/** A path builder taking the pattern's parameters in path order, carrying the pattern it fills. */
export type PathBuilder<P extends string> = ((...ids: IdsOf<P>) => string) & { pattern: P }

/** The web's address of a route: a string when the pattern has no parameters, else a builder in path order. */
export function webPath<P extends string>(pattern: P): ParamsOf<P> extends [] ? string : PathBuilder<P> {
  const names = paramNames(pattern)
  if (names.length === 0) return pathOf(pattern, {} as never) as never
  const build = (...ids: Id[]) => pathOf(pattern, Object.fromEntries(names.map((name, i) => [name, ids[i]!])) as never)
  return Object.assign(build, { pattern }) as never
}
