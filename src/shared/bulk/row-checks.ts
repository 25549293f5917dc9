// One data row of a bulk upload → the entity input the forms and the API validate, checked with the same
// shared valibot schemas (StudentSchema, UserSchema, SchoolSchema, ClassSchema, AssessmentLibrarySchema,
// ReportTemplateSchema), plus what only a file has: names and identifiers to resolve (a class's school,
// grade, subjects, teachers; a template's library) and keys repeated within the file or existing already.
// The browser's worker runs it with the references it has cached; the server with fresh ones from the
// database. A reference list that is absent is simply not checked (the server checks it).
import * as v from 'valibot'
import { CODES } from '../schemas/codes'
import { issueCode } from '../schemas/issue-code'
import { AssessmentLibrarySchema, BUNDLE_START, REPORT_TYPES, SCOPE_TYPES } from '../schemas/assessment-library'
import { ClassSchema } from '../schemas/class'
import { ReportTemplateSchema } from '../schemas/report-template'
import { SchoolSchema } from '../schemas/school'
import { StudentSchema } from '../schemas/student'
import { UserSchema } from '../schemas/user'
import { validateStudentId } from '../rules/student-id'
import { cellBoolean, cellInteger, cellList, cellText, type SheetCell } from './cell-values'
import { countryCode } from './country-names'
import type { HeaderMap } from './header-map'
import { recordOf, type SheetRow } from './sheet-row'
import { UPLOAD_KEY, type UploadKind } from './upload-kinds'

/** A problem with one cell of a row: the column's field, a code of codes.ts and its limit or row number. */
export type RowIssue = { field: string; code: string; requirement?: unknown }

type Named = { id: number; identifier: string; display_name: string }

/** What rows may refer to, as the upload screen caches it and the server reads it (references call). */
export type BulkReferences = {
  /** Schools the user may import into (class uploads). */
  schools?: { id: number; identifier: string; display_name: string }[]
  grades?: (Named & { school_id: number })[]
  sections?: (Named & { school_id: number })[]
  subjects?: { id: number; code: string; display_name: string; arabic_display_name: string }[]
  /** Teachers mapped to each school (a class's teachers must be). */
  teachers?: { id: number; school_id: number; email: string }[]
  libraries?: { id: number; display_name: string; is_report: boolean }[]
  /** The institution's student-ID rule (student uploads). */
  student_id_validation?: { type: string; acronym: string; regex: string | null }
  /** Keys (as `keyOf` gives them) that exist already: the preview flags them; the server checks again. */
  existing?: string[]
}

/** What the upload screen chose: the school (teachers), the class (students), the year (classes' teachers). */
export type BulkContext = { schoolId?: number; classId?: number; yearId?: number }

export type CheckedRow<I = unknown> =
  & { /** The row's key in comparable form (duplicates). */ key: string; /** The key as written (results). */ label: string }
  & ({ ok: true; input: I } | { ok: false; issues: RowIssue[] })

export type TeacherInput = v.InferOutput<typeof UserSchema>
export type SchoolInput = v.InferOutput<typeof SchoolSchema>
/** A class row also names its school (the upload is for every school the user reaches). */
export type ClassInput = v.InferOutput<typeof ClassSchema> & { school: number }
export type StudentInput = v.InferOutput<typeof StudentSchema>
export type LibraryInput = v.InferOutput<typeof AssessmentLibrarySchema>
export type TemplateInput = v.InferOutput<typeof ReportTemplateSchema>

type Cells = Record<string, SheetCell>
const lower = (s: string) => s.trim().toLowerCase()

/** Lookup tables of one references object, built once however many rows use it. */
type Index = {
  schools: Map<string, number>
  grades: Map<string, number>
  sections: Map<string, number>
  subjects: Map<string, number>
  teachers: Map<string, number>
  libraryByName: Map<string, { id: number; is_report: boolean }>
  libraryById: Map<number, { id: number; is_report: boolean }>
  existing: Set<string>
}
const indexes = new WeakMap<BulkReferences, Index>()

function indexOf(refs: BulkReferences): Index {
  let index = indexes.get(refs)
  if (index) return index
  const perSchool = (rows: (Named & { school_id: number })[] | undefined) => {
    const map = new Map<string, number>()
    // Identifier first; a display name ("Grade 1") also matches when no identifier has that text.
    for (const r of rows ?? []) map.set(`${r.school_id}|${lower(r.identifier)}`, r.id)
    for (const r of rows ?? []) if (!map.has(`${r.school_id}|${lower(r.display_name)}`)) map.set(`${r.school_id}|${lower(r.display_name)}`, r.id)
    return map
  }
  const subjects = new Map<string, number>()
  for (const s of refs.subjects ?? []) for (const name of [s.display_name, s.arabic_display_name, s.code]) subjects.set(lower(name), s.id)
  index = {
    schools: new Map((refs.schools ?? []).map((s) => [lower(s.identifier), s.id])),
    grades: perSchool(refs.grades),
    sections: perSchool(refs.sections),
    subjects,
    teachers: new Map((refs.teachers ?? []).map((t) => [`${t.school_id}|${lower(t.email)}`, t.id])),
    libraryByName: new Map((refs.libraries ?? []).map((l) => [lower(l.display_name), l])),
    libraryById: new Map((refs.libraries ?? []).map((l) => [l.id, l])),
    existing: new Set(refs.existing ?? []),
  }
  indexes.set(refs, index)
  return index
}

/** The column a schema issue belongs to: its last named path segment (userprofile.phone_number → phone_number). */
function columnOf(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue) ?? '_'
  return path.split('.').filter((p) => !/^\d+$/.test(p)).at(-1) ?? '_'
}

/** Runs the entity schema; adds its issues to `issues` (one per column) and answers the output when valid. */
function runSchema<S extends v.GenericSchema>(schema: S, input: unknown, issues: RowIssue[]): v.InferOutput<S> | null {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  for (const issue of result.issues) {
    const field = columnOf(issue)
    if (!issues.some((i) => i.field === field)) issues.push({ field, code: issueCode(issue), ...(typeof issue.requirement === 'number' ? { requirement: issue.requirement } : {}) })
  }
  return null
}

function finish<I>(kind: UploadKind, label: string, key: string, output: I | null, issues: RowIssue[], refs: BulkReferences): CheckedRow<I> {
  if (key && indexOf(refs).existing.has(key) && !issues.some((i) => i.field === UPLOAD_KEY[kind])) {
    issues.push({ field: UPLOAD_KEY[kind], code: CODES.alreadyExists })
  }
  if (issues.length || output === null) return { ok: false, key, label, issues }
  return { ok: true, key, label, input: output }
}

const GENDERS: Record<string, 'm' | 'f'> = { m: 'm', male: 'm', boy: 'm', 'ذكر': 'm', f: 'f', female: 'f', girl: 'f', 'أنثى': 'f', 'انثى': 'f' }
const SCOPES: Record<string, number> = {
  institution: SCOPE_TYPES.institution, school: SCOPE_TYPES.school, class: SCOPE_TYPES.class,
  'المؤسسة': SCOPE_TYPES.institution, 'المدرسة': SCOPE_TYPES.school, 'الفصل': SCOPE_TYPES.class,
}
const BUILT_IN_TYPES = Object.values(REPORT_TYPES) as number[]

function checkTeacher(cells: Cells, refs: BulkReferences, ctx: BulkContext): CheckedRow<TeacherInput> {
  const issues: RowIssue[] = []
  const email = cellText(cells.email)
  const output = runSchema(UserSchema, {
    first_name: cellText(cells.first_name),
    last_name: cellText(cells.last_name),
    email,
    role: 'teacher',
    userprofile: { phone_number: cellText(cells.phone_number), known_languages: cellText(cells.known_languages) },
    is_active: true,
    schools: ctx.schoolId ? [ctx.schoolId] : [],
  }, issues)
  return finish('teacher', email, lower(email), output, issues, refs)
}

function checkSchool(cells: Cells, refs: BulkReferences): CheckedRow<SchoolInput> {
  const issues: RowIssue[] = []
  const identifier = cellText(cells.identifier)
  const countryText = cellText(cells.country)
  const country = countryCode(countryText)
  if (countryText && !country) issues.push({ field: 'country', code: CODES.invalidCountry })
  const output = runSchema(SchoolSchema, {
    identifier,
    display_name: cellText(cells.display_name),
    arabic_display_name: cellText(cells.arabic_display_name),
    phone_number: cellText(cells.phone_number),
    school_address: {
      country: country ?? countryText,
      state: cellText(cells.state),
      city: cellText(cells.city),
      street: cellText(cells.street),
      zipcode: cellText(cells.zipcode),
    },
  }, issues)
  return finish('school', identifier, lower(identifier), output, issues, refs)
}

/** A class's references by name: with a reference list absent, a placeholder id lets the schema check the rest. */
function checkClass(cells: Cells, refs: BulkReferences, ctx: BulkContext): CheckedRow<ClassInput> {
  const issues: RowIssue[] = []
  const index = indexOf(refs)
  const identifier = cellText(cells.identifier)
  const schoolText = cellText(cells.school)
  const unknown = (field: string) => issues.push({ field, code: CODES.unknownReference })
  let schoolId: number | undefined = 1
  if (refs.schools && schoolText) {
    schoolId = index.schools.get(lower(schoolText))
    if (schoolId === undefined) unknown('school')
  } else if (!schoolText) {
    issues.push({ field: 'school', code: CODES.required })
  }
  const inSchool = (map: Map<string, number>, list: unknown[] | undefined, field: string, text: string): number | null => {
    if (!text) return null
    if (!list) return 1
    if (schoolId === undefined) return 1 // the school is already reported
    const id = map.get(`${schoolId}|${lower(text)}`)
    if (id === undefined) unknown(field)
    return id ?? 1
  }
  const gradeText = cellText(cells.grade)
  const grade = inSchool(index.grades, refs.grades, 'grade', gradeText)
  const section = inSchool(index.sections, refs.sections, 'section', cellText(cells.section))
  const subjectNames = cellList(cells.subjects)
  const subjects = subjectNames.map((name) => (refs.subjects ? index.subjects.get(lower(name)) : 1))
  if (subjects.some((id) => id === undefined)) unknown('subjects')
  const teacherEmails = cellList(cells.teachers)
  const teachers = teacherEmails.map((email) => (refs.teachers && schoolId !== undefined ? index.teachers.get(`${schoolId}|${lower(email)}`) : 1))
  if (teachers.some((id) => id === undefined)) unknown('teachers')
  const output = runSchema(ClassSchema, {
    identifier,
    class_name: cellText(cells.class_name),
    grade: grade ?? undefined,
    section,
    subjects: subjects.map((id) => id ?? 1),
    teachers: teachers.map((id) => id ?? 1),
    academic_year: ctx.yearId ?? 1,
  }, issues)
  // Identifiers are unique within a school.
  const key = identifier ? `${lower(schoolText)}|${lower(identifier)}` : ''
  return finish('class', identifier, key, output && { ...output, school: schoolId! }, issues, refs)
}

function checkStudent(cells: Cells, refs: BulkReferences, ctx: BulkContext): CheckedRow<StudentInput> {
  const issues: RowIssue[] = []
  const code = cellText(cells.enrollment_code)
  const genderText = lower(cellText(cells.gender))
  const rule = refs.student_id_validation
  if (rule && code) {
    const problem = validateStudentId(rule.type, code, { acronym: rule.acronym, regex: rule.regex })
    if (problem) issues.push({ field: 'enrollment_code', code: problem })
  }
  const output = runSchema(StudentSchema, {
    first_name: cellText(cells.first_name),
    last_name: cellText(cells.last_name),
    arabic_name: cellText(cells.arabic_name),
    enrollment_code: code,
    gender: GENDERS[genderText] ?? genderText,
    user_field_1: cellText(cells.user_field_1),
    user_field_2: cellText(cells.user_field_2),
    user_field_3: cellText(cells.user_field_3),
    user_field_4: cellText(cells.user_field_4),
    class_relation: ctx.classId ?? 1,
  }, issues)
  return finish('student', code, lower(code), output, issues, refs)
}

function checkLibrary(cells: Cells, refs: BulkReferences): CheckedRow<LibraryInput> {
  const issues: RowIssue[] = []
  const name = cellText(cells.display_name)
  const flag = (field: 'isReport' | 'isGlobal') => {
    const value = cellBoolean(cells[field])
    if (value === null) issues.push({ field, code: CODES.invalidChoice })
    return value ?? undefined
  }
  const output = runSchema(AssessmentLibrarySchema, {
    display_name: name,
    isReport: flag('isReport'),
    isGlobal: flag('isGlobal'),
    switches: cellText(cells.switches),
  }, issues)
  return finish('assessment-library', name, lower(name), output, issues, refs)
}

function checkTemplate(cells: Cells, refs: BulkReferences): CheckedRow<TemplateInput> {
  const issues: RowIssue[] = []
  const index = indexOf(refs)
  const name = cellText(cells.name)
  const libraryText = cellText(cells.assessmentLibrary)
  let library: number | undefined
  if (libraryText) {
    const byName = index.libraryByName.get(lower(libraryText))
    const asId = /^\d+$/.test(libraryText) ? Number(libraryText) : undefined
    library = byName?.id ?? (asId !== undefined && (!refs.libraries || index.libraryById.has(asId)) ? asId : undefined)
    if (library === undefined && !refs.libraries) library = 1
    if (library === undefined) issues.push({ field: 'assessmentLibrary', code: CODES.unknownReference })
  }
  const reportType = cellInteger(cells.reportType)
  if (reportType !== undefined && Number.isInteger(reportType)) {
    const reportLibrary = reportType > BUNDLE_START ? index.libraryById.get(reportType - BUNDLE_START) : undefined
    const valid = BUILT_IN_TYPES.includes(reportType) || (reportType > BUNDLE_START && (!refs.libraries || reportLibrary?.is_report === true))
    if (!valid) issues.push({ field: 'reportType', code: CODES.invalidChoice })
  }
  const scopeText = lower(cellText(cells.reportScope))
  const reportScope = SCOPES[scopeText] ?? cellInteger(cells.reportScope)
  const output = runSchema(ReportTemplateSchema, {
    name,
    assessmentLibrary: libraryText ? (library ?? 1) : undefined,
    reportType: reportType !== undefined && Number.isNaN(reportType) ? -1 : reportType,
    reportScope: reportScope !== undefined && Number.isNaN(reportScope) ? -1 : reportScope,
    switches: cellText(cells.switches),
  }, issues)
  return finish('report-template', name, lower(name), output, issues, refs)
}

/** Checks one row of an upload (cells by field, see read-sheet.ts recordOf). */
export function checkRow(kind: UploadKind, cells: Cells, refs: BulkReferences = {}, ctx: BulkContext = {}): CheckedRow {
  switch (kind) {
    case 'teacher':
      return checkTeacher(cells, refs, ctx)
    case 'school':
      return checkSchool(cells, refs)
    case 'class':
      return checkClass(cells, refs, ctx)
    case 'student':
      return checkStudent(cells, refs, ctx)
    case 'assessment-library':
      return checkLibrary(cells, refs)
    case 'report-template':
      return checkTemplate(cells, refs)
  }
}

/** A checked row with its row number; `cells` are the row's cells as the file has them. */
export type NumberedRow<I = unknown> = CheckedRow<I> & { row: number }

/**
 * Checks rows one after the other, as they come: each row alone (checkRow), then its key against the
 * earlier rows of the same file. The first row with a key is kept; each later one is refused with the
 * first one's row number.
 */
export function rowChecker(kind: UploadKind, map: HeaderMap, refs: BulkReferences = {}, ctx: BulkContext = {}) {
  const first = new Map<string, number>()
  return (row: SheetRow): NumberedRow => {
    const checked = checkRow(kind, recordOf(map, row.cells), refs, ctx)
    const earlier = checked.key ? first.get(checked.key) : undefined
    if (checked.key && earlier === undefined) first.set(checked.key, row.row)
    if (earlier === undefined) return { ...checked, row: row.row }
    const issues = checked.ok ? [] : checked.issues.filter((i) => i.field !== UPLOAD_KEY[kind])
    return { ok: false, key: checked.key, label: checked.label, row: row.row, issues: [{ field: UPLOAD_KEY[kind], code: CODES.duplicateInFile, requirement: earlier }, ...issues] }
  }
}
