// Paths, envelope types and constants shared by the web app and the API server.

/** Rows per page in every list (spec §9). */
export const PAGE_SIZE = 15

/** Header carrying the client-generated key that makes a write safe to replay. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** How long the server keeps an idempotency key (hours). */
export const IDEMPOTENCY_TTL_HOURS = 24

export type Envelope<T> = { payload: T }
export type ListPayload<T> = { results: T[]; count: number }
export type ListEnvelope<T> = Envelope<ListPayload<T>>

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
  // Demo institution (platform host)
  demoInstitutionCreate: '/api/demo-institution/create/',
  demoInstitutionStatus: '/api/demo-institution/status/',
} as const

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
