// OpenAPI operations of the bulk uploads (ADR 0080), spread into OPERATIONS in openapi.ts. The upload calls
// are multipart: described in their summary.
type Op = { method: string; path: string; summary: string; tag: string }

const answer = 'answers 200 with one result row per data row {row, status, error, errors, email|enrollment_code|identifier|name, id}, or 202 {upload_id, state, total} when the file has more rows than BULK_SYNC_ROWS (imported by a job: follow GET /api/bulk-upload/{uploadId}/). Refused as a whole: not a spreadsheet (400), over 10 MB, a zip bomb or over 50,000 rows (413), a required column missing (400)'

export const BULK_UPLOAD_OPERATIONS: Op[] = [
  { method: 'post', path: '/api/upload-class/', summary: `Upload classes (multipart, field class_excel; form field year = the academic year of the teachers, else the current one); ${answer}`, tag: 'bulk-upload' },
  { method: 'post', path: '/api/school/{schoolId}/upload-teacher/', summary: `Upload teachers of a school (multipart, field teacher_excel; each invited by mail); ${answer}`, tag: 'bulk-upload' },
  { method: 'post', path: '/api/school/upload-school/', summary: `Upload schools (multipart, field school_excel); ${answer}`, tag: 'bulk-upload' },
  { method: 'post', path: '/api/school/{schoolId}/year/{yearId}/upload-student/', summary: `Upload students into a class (multipart, field student_excel; form field class = the class id); ${answer}`, tag: 'bulk-upload' },
  { method: 'post', path: '/api/upload-assessment-library/', summary: `Upload assessment libraries (multipart, field assessmentlibrary_excel); ${answer}`, tag: 'assessment-library' },
  { method: 'post', path: '/api/reporttemplate/upload/', summary: `Upload report templates (multipart, field docfile); ${answer}`, tag: 'report-template' },
  { method: 'get', path: '/api/bulk-upload/template-url/', summary: 'The template of each upload (spec: class-upload-url, teacher-upload-url, school-upload-url, assessment-library-upload-url, report-template-upload-url, student-upload-url); null where the caller may not use it here', tag: 'bulk-upload' },
  { method: 'get', path: '/api/bulk-upload/template/{kind}/', summary: 'An upload template (.xlsx): the exact header row, instructions in the caller\'s language, drop-down lists (kind: teacher, school, class, student, assessment-library, report-template; ?school=, ?year=)', tag: 'bulk-upload' },
  { method: 'get', path: '/api/bulk-upload/references/{kind}/', summary: 'What the browser checks rows against before sending: schools, grades, sections, subjects, teachers, libraries, the student-ID rule, existing keys (only what the caller reaches)', tag: 'bulk-upload' },
  { method: 'get', path: '/api/bulk-upload/', summary: 'The caller\'s latest uploads of ?kind= (the upload screen\'s history)', tag: 'bulk-upload' },
  { method: 'get', path: '/api/bulk-upload/{uploadId}/', summary: 'One of the caller\'s uploads: state, progress, counts and the refused rows (first 1,000)', tag: 'bulk-upload' },
  { method: 'get', path: '/api/bulk-upload/{uploadId}/refused/', summary: 'The refused rows of an upload (.xlsx): the file\'s columns and an error column, to fix and upload again', tag: 'bulk-upload' },
  { method: 'get', path: '/api/school/{schoolId}/teacher-report/', summary: 'The school\'s teachers (.xlsx), in columns the teacher upload reads', tag: 'bulk-upload' },
  { method: 'get', path: '/api/school/school-report/', summary: 'The schools (.xlsx), in columns the school upload reads', tag: 'bulk-upload' },
  { method: 'get', path: '/api/school/{schoolId}/class-report/', summary: 'The school\'s classes (.xlsx), in columns the class upload reads; teachers of ?year= (else the current year)', tag: 'bulk-upload' },
]
