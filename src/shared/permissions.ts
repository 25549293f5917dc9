// The one permission table: which menu paths each role sees, which roles it may create, and which
// calls it may make. The server enforces `can` on every call; the web only uses it to hide what the
// server would refuse anyway.
import type { Role } from './roles'

export const MENU_KEYS = [
  'dashboard', 'report', 'institution', 'user', 'school', 'assessment', 'assessment-library',
  'report-template', 'class', 'student', 'grade', 'section', 'academic-year', 'bulk-upload-class',
  'bulk-upload-school', 'bulk-upload-teacher', 'bulk-upload', 'class-copy', 'migrate-students',
  'demo-institution', 'capture', 'scoring', 'benchmark',
] as const
export type MenuKey = (typeof MENU_KEYS)[number]

export type Resource =
  | 'institution' | 'licence' | 'user' | 'school' | 'academic-year' | 'grade' | 'section'
  | 'class' | 'student' | 'class-copy' | 'migrate-students' | 'assessment' | 'assessment-library'
  | 'report-template' | 'report' | 'demo-institution'
  | 'sitting' | 'sitting-removal' | 'sitting-correction' | 'second-scoring' | 'scoring' | 'bulk-upload' | 'benchmark' | 'student-goal' | 'data-export'
export type Action = 'read' | 'write'

const ALL: Role[] = ['platform_admin', 'institution_admin', 'school_admin', 'teacher', 'viewer']
const ADMINS: Role[] = ['platform_admin', 'institution_admin']
const SCHOOL_STAFF: Role[] = ['platform_admin', 'institution_admin', 'school_admin']

/** Resource → action → roles allowed. */
export const CALLS: Record<Resource, Record<Action, readonly Role[]>> = {
  institution: { read: ['platform_admin'], write: ['platform_admin'] },
  licence: { read: ['platform_admin'], write: ['platform_admin'] },
  'demo-institution': { read: ['platform_admin'], write: ['platform_admin'] },
  assessment: { read: ['platform_admin'], write: ['platform_admin'] },
  'assessment-library': { read: ['platform_admin'], write: ['platform_admin'] },
  'report-template': { read: ADMINS, write: ['platform_admin'] },
  user: { read: SCHOOL_STAFF, write: SCHOOL_STAFF },
  school: { read: ALL, write: ADMINS },
  'academic-year': { read: ALL, write: ADMINS },
  grade: { read: ALL, write: SCHOOL_STAFF },
  section: { read: ALL, write: SCHOOL_STAFF },
  class: { read: ALL, write: SCHOOL_STAFF },
  student: { read: ALL, write: [...SCHOOL_STAFF, 'teacher'] },
  'class-copy': { read: ADMINS, write: ADMINS },
  'migrate-students': { read: SCHOOL_STAFF, write: SCHOOL_STAFF },
  report: { read: ALL, write: [] },
  /** Recording sittings: teachers for the classes they teach (checked in the sitting service), staff for their schools. */
  sitting: { read: ALL, write: [...SCHOOL_STAFF, 'teacher'] },
  /** Removing a reading record, with a reason that is kept (ADR 0112): school staff, for the schools they reach. */
  'sitting-removal': { read: SCHOOL_STAFF, write: SCHOOL_STAFF },
  /**
   * Correcting, rescoring or voiding a sitting, kept in its trail (ADR 0123): school staff for the schools they
   * reach, and the teacher who recorded it (checked in the sitting service). Everyone who reads it reads its trail.
   */
  'sitting-correction': { read: ALL, write: [...SCHOOL_STAFF, 'teacher'] },
  /**
   * A second scoring from the recording and its comparison (ADR 0128): school staff for the schools they reach,
   * and teachers of the school other than the one who recorded it (checked in the service); not viewers.
   */
  'second-scoring': { read: [...SCHOOL_STAFF, 'teacher'], write: [...SCHOOL_STAFF, 'teacher'] },
  /** The institution's miscue taxonomy and scoring profiles: read by everyone who records or reads sittings. */
  scoring: { read: ALL, write: ADMINS },
  /**
   * Spreadsheet imports of teachers, schools, classes and students (the bulk-upload menu): school staff, on top
   * of the right to write the entity itself (school uploads: admins only). Library and template uploads are
   * their own resources' writes.
   */
  'bulk-upload': { read: SCHOOL_STAFF, write: SCHOOL_STAFF },
  /** Benchmark tables, seasons and digits (ADR 0124): read by everyone who reads reports; institution administrators set them. */
  benchmark: { read: ALL, write: ADMINS },
  /** A student's reading goal and aimline (issue 26): read with the student's progress, set by whoever may write students. */
  'student-goal': { read: ALL, write: [...SCHOOL_STAFF, 'teacher'] },
  /** The raw sittings and marks (issue 26): school staff, for the schools they reach; not teachers or viewers. */
  'data-export': { read: SCHOOL_STAFF, write: SCHOOL_STAFF },
}

export function can(role: Role, resource: Resource, action: Action): boolean {
  return CALLS[resource][action].includes(role)
}

/** Menu paths per role, in menu order. */
export const MENU: Record<Role, readonly MenuKey[]> = {
  platform_admin: ['dashboard', 'institution', 'assessment', 'assessment-library', 'report-template', 'demo-institution'],
  institution_admin: [
    'dashboard', 'report', 'capture', 'scoring', 'benchmark', 'user', 'school', 'class', 'student', 'grade', 'section', 'academic-year',
    'bulk-upload-class', 'bulk-upload-school', 'bulk-upload-teacher', 'bulk-upload', 'class-copy', 'migrate-students',
  ],
  school_admin: [
    'dashboard', 'report', 'capture', 'scoring', 'user', 'class', 'student', 'grade', 'section',
    'bulk-upload-class', 'bulk-upload-teacher', 'bulk-upload', 'migrate-students',
  ],
  // Everyone who records or reads sittings may see how they are marked and scored (resource `scoring`: read by
  // every role); only institution administrators change it, the others see the page read-only (ADR 0092).
  teacher: ['dashboard', 'capture', 'report', 'scoring', 'class', 'student', 'grade', 'section'],
  viewer: ['dashboard', 'report', 'scoring'],
}

/** Roles each role may give to the users it creates. */
export const CREATE_ROLES: Record<Role, readonly Role[]> = {
  platform_admin: ['platform_admin', 'institution_admin'],
  institution_admin: ['institution_admin', 'school_admin', 'teacher', 'viewer'],
  school_admin: ['teacher', 'viewer'],
  teacher: [],
  viewer: [],
}

/** Roles that see every school of their institution rather than only the schools mapped to them. */
export function seesAllSchools(role: Role): boolean {
  return role === 'platform_admin' || role === 'institution_admin'
}

export const LANDING_URL = '/dashboard'

/** Paths every signed-in user may open whatever their menu. */
export const ALWAYS_ALLOWED_PATHS = ['', 'dashboard', 'change-password'] as const
