// Paths of the report calls (temporary until the shared contracts land in src/shared/api.ts).
type Id = number | string
export const reportPaths = {
  reportTypes: '/api/report-type/',
  classAssessments: (classId: Id, yearId: Id) => `/api/class/${classId}/year/${yearId}/assessment/`,
  common: (schoolId: Id, classId: Id, yearId: Id, assessmentId: Id) =>
    `/api/miscue_report/school/${schoolId}/class/${classId}/year/${yearId}/assessment/${assessmentId}/`,
  accuracy: (schoolId: Id, classId: Id, yearId: Id) => `/api/miscue_accuracy/school/${schoolId}/class/${classId}/year/${yearId}/`,
}
export const sittingPaths = {
  student: (schoolId: Id, studentId: Id) => `/api/school/${schoolId}/report-student/${studentId}/`,
  studentSittings: (studentId: Id) => `/api/student/${studentId}/sitting/`,
  sitting: (schoolId: Id, studentId: Id, sittingId: Id) => `/api/school/${schoolId}/student/${studentId}/sitting/${sittingId}/`,
  sittingMiscues: (schoolId: Id, sittingId: Id) => `/api/miscue-report/school/${schoolId}/sitting/${sittingId}/`,
}

export type FileKind = 'tally' | 'bundle' | 'parent' | 'comparative'
export type ScopeIds = { scope: 1 | 2 | 3; schoolId: Id; classId: Id }

/** Path of a report file for a scope; `email` asks the server to mail it instead. */
export function reportFilePath(kind: FileKind, ids: ScopeIds, email: boolean): string {
  const scope = ids.scope === 3 ? `school/${ids.schoolId}/class/${ids.classId}` : ids.scope === 2 ? `school/${ids.schoolId}` : 'institution'
  return `/api/report/${kind}/${scope}/${email ? 'email/' : ''}`
}
