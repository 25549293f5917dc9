// Who may use each bulk upload (server checks it on every call; the web hides what would be refused).
import { can, type Resource } from '../permissions'
import type { Role } from '../roles'
import type { UploadKind } from './upload-kinds'

/** The entity each upload writes: the caller must be allowed to write it. */
export const UPLOAD_ENTITY: Record<UploadKind, Resource> = {
  teacher: 'user',
  school: 'school',
  class: 'class',
  student: 'student',
  'assessment-library': 'assessment-library',
  'report-template': 'report-template',
}

/** Uploads of an institution's own data (its host only); the others are platform content. */
export const INSTITUTION_UPLOADS: readonly UploadKind[] = ['teacher', 'school', 'class', 'student']

export function mayUpload(role: Role, kind: UploadKind): boolean {
  return can(role, UPLOAD_ENTITY[kind], 'write') && (!INSTITUTION_UPLOADS.includes(kind) || can(role, 'bulk-upload', 'write'))
}
