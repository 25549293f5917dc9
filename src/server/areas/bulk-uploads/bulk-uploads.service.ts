// The spec's template-URL answer, and the references the browser's preview checks rows against (the server
// checks again, and more, when the file arrives).
import type { ImportScope } from '../../domain/bulk-import/importer'
import { importerFor } from '../../importers'
import type { BulkReferences } from '../../../shared/bulk/row-checks'
import { TEMPLATE_URL_KEYS, UPLOAD_KINDS, type UploadKind } from '../../../shared/bulk/upload-kinds'
import { INSTITUTION_UPLOADS, mayUpload } from '../../../shared/bulk/upload-permission'
import type { TemplateUrls } from '../../../shared/schemas/bulk-upload'
import type { Role } from '../../../shared/roles'

export const templatePath = (kind: UploadKind) => `/api/bulk-upload/template/${kind}/`

/** Each upload's template, null where this caller may not use it on this host. */
export function templateUrls(role: Role, onInstitutionHost: boolean): TemplateUrls {
  const urls = {} as TemplateUrls
  for (const kind of UPLOAD_KINDS) {
    const here = INSTITUTION_UPLOADS.includes(kind) ? onInstitutionHost : true
    urls[TEMPLATE_URL_KEYS[kind] as keyof TemplateUrls] = here && mayUpload(role, kind) ? templatePath(kind) : null
  }
  return urls
}

export function previewReferences(s: ImportScope, kind: UploadKind): Promise<BulkReferences> {
  return importerFor(kind).references(s, true)
}
