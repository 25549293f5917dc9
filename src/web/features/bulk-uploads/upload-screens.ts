// The six upload screens (spec §2): what each one uploads, where to, which report it offers and whether it
// lists every row's result afterwards (class and student uploads do).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { api } from '../../../shared/api'
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import type { TemplateUrls } from '../../../shared/schemas/bulk-upload'

/** What the screen knows when it sends: the shell's school and year, the class chosen for students. */
export type ScreenChoice = { schoolId: number | null; yearId: number | null; classId: number | null }

export type UploadScreen = {
  kind: UploadKind
  title: MessageDescriptor
  intro: MessageDescriptor
  templateKey: keyof TemplateUrls
  /** The upload call, or null while a choice it needs is missing. */
  path: (c: ScreenChoice) => string | null
  /** Form fields sent beside the file. */
  fields: (c: ScreenChoice) => Record<string, string>
  /** The report download: its call and query (the class report's year). */
  report?: { label: MessageDescriptor; path: (c: ScreenChoice) => string | null; query?: (c: ScreenChoice) => Record<string, string> }
  /** The school and year the screen needs from the shell. */
  needs: { school: boolean; year: boolean }
  rowResults: boolean
}

export const UPLOAD_SCREENS: Record<UploadKind, UploadScreen> = {
  teacher: {
    kind: 'teacher',
    title: msg`Bulk upload teachers`,
    intro: msg`Add the teachers of the selected school from a spreadsheet. Each new teacher gets an email to set a password.`,
    templateKey: 'teacher-upload-url',
    path: (c) => (c.schoolId ? api.uploadTeacher(c.schoolId) : null),
    fields: () => ({}),
    report: { label: msg`Download teacher report`, path: (c) => (c.schoolId ? api.teacherReport(c.schoolId) : null) },
    needs: { school: true, year: false },
    rowResults: false,
  },
  school: {
    kind: 'school',
    title: msg`Bulk upload schools`,
    intro: msg`Add schools to your institution from a spreadsheet.`,
    templateKey: 'school-upload-url',
    path: () => api.uploadSchool,
    fields: () => ({}),
    report: { label: msg`Download school report`, path: () => api.schoolReport },
    needs: { school: false, year: false },
    rowResults: false,
  },
  class: {
    kind: 'class',
    title: msg`Bulk upload classes`,
    intro: msg`Add classes to your schools from a spreadsheet. Teachers are assigned for the selected academic year.`,
    templateKey: 'class-upload-url',
    path: (c) => (c.yearId ? api.uploadClass : null),
    fields: (c): Record<string, string> => (c.yearId ? { year: String(c.yearId) } : {}),
    report: {
      label: msg`Download class report`,
      path: (c) => (c.schoolId ? api.classReport(c.schoolId) : null),
      query: (c): Record<string, string> => (c.yearId ? { year: String(c.yearId) } : {}),
    },
    needs: { school: false, year: true },
    rowResults: true,
  },
  student: {
    kind: 'student',
    title: msg`Bulk upload students`,
    intro: msg`Add students to a class of the selected school and academic year from a spreadsheet.`,
    templateKey: 'student-upload-url',
    path: (c) => (c.schoolId && c.yearId && c.classId ? api.uploadStudent(c.schoolId, c.yearId) : null),
    fields: (c): Record<string, string> => (c.classId ? { class: String(c.classId) } : {}),
    needs: { school: true, year: true },
    rowResults: true,
  },
  'assessment-library': {
    kind: 'assessment-library',
    title: msg`Upload assessment libraries`,
    intro: msg`Add assessment libraries from a spreadsheet.`,
    templateKey: 'assessment-library-upload-url',
    path: () => api.assessmentLibrariesUpload,
    fields: () => ({}),
    needs: { school: false, year: false },
    rowResults: false,
  },
  'report-template': {
    kind: 'report-template',
    title: msg`Upload report templates`,
    intro: msg`Add report templates from a spreadsheet.`,
    templateKey: 'report-template-upload-url',
    path: () => api.reportTemplatesUpload,
    fields: () => ({}),
    needs: { school: false, year: false },
    rowResults: false,
  },
}
