import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../../context'
import { requireAuth } from '../../middleware/auth'
import { assertSchoolAccess } from '../../middleware/school-access'
import { findUpload, recentUploads, uploadStatus } from '../../domain/bulk-import/upload-records'
import { importScope } from '../../lib/bulk-upload-request'
import { HttpError } from '../../lib/http-error'
import { idQuery } from '../../lib/validate'
import { xlsxFileResponse } from '../../lib/xlsx'
import type { BulkContext } from '../../../shared/bulk/row-checks'
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import { INSTITUTION_UPLOADS, mayUpload } from '../../../shared/bulk/upload-permission'
import { UploadKindParam } from '../../../shared/schemas/bulk-upload'
import { refusedRowsFile, templateFile } from '../../domain/bulk-import/template-file'
import { TEMPLATE_TEXT } from '../../domain/bulk-import/template-messages'
import { importerFor } from '../../importers'
import { previewReferences, templateUrls } from './bulk-uploads.service'
import { describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** The upload kind in the path or query; 404 for an unknown one, 403 when the caller may not use it here. */
function kindOf(c: Context<AppEnv>, value: string | undefined): UploadKind {
  const lang = c.get('lang')
  const parsed = v.safeParse(UploadKindParam, value)
  if (!parsed.success) throw HttpError.of(404, 'notFound', lang)
  const kind = parsed.output
  if (INSTITUTION_UPLOADS.includes(kind) && !c.get('institution')) throw HttpError.of(404, 'notFound', lang)
  if (!mayUpload(c.get('user').role, kind)) throw HttpError.of(403, 'forbidden', lang)
  return kind
}

/** The screen's choices in the query (?school=, ?year=): the school must be one the caller reaches. */
async function screenContext(c: Context<AppEnv>): Promise<BulkContext> {
  const schoolId = idQuery(c, 'school')
  if (schoolId !== undefined) await assertSchoolAccess(c, schoolId)
  return { schoolId, yearId: idQuery(c, 'year') }
}

async function ownUpload(c: Context<AppEnv>) {
  const s = importScope(c, {})
  const upload = await findUpload(s, c.req.param('uploadId') ?? '')
  if (!upload) throw HttpError.say(404, TEMPLATE_TEXT.notYours, s.lang)
  return { s, upload }
}

/**
 * Bulk upload screens (ADR 0080): the spec's template-URL call, the templates, the references the browser
 * checks rows against before sending, and the caller's uploads with their results. The six upload calls
 * themselves live in their areas (students, users, schools, classes, libraries, templates).
 */
export const bulkUploadRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.bulkUploads, requireAuth)
  .use(`${routes.bulkUploads}/*`, requireAuth)
  .get(routes.bulkTemplateUrls, describe({ summary: 'The template of each upload (spec: class-upload-url, teacher-upload-url, school-upload-url, assessment-library-upload-url, report-template-upload-url, student-upload-url); null where the caller may not use it here', tag: 'bulk-upload' }), (c) => c.json({ payload: templateUrls(c.get('user').role, c.get('institution') !== null) }))
  .get(routes.bulkTemplate, describe({ summary: "An upload template (.xlsx): the exact header row, instructions in the caller's language, drop-down lists (kind: teacher, school, class, student, assessment-library, report-template; ?school=, ?year=)", tag: 'bulk-upload' }), async (c) => {
    const kind = kindOf(c, c.req.param('kind'))
    const s = importScope(c, await screenContext(c))
    const file = templateFile(kind, await importerFor(kind).references(s), s.lang)
    return xlsxFileResponse(c, file.bytes, file.filename, s.lang)
  })
  .get(routes.bulkReferences, describe({ summary: 'What the browser checks rows against before sending: schools, grades, sections, subjects, teachers, libraries, the student-ID rule, existing keys (only what the caller reaches)', tag: 'bulk-upload' }), async (c) => {
    const kind = kindOf(c, c.req.param('kind'))
    return c.json({ payload: await previewReferences(importScope(c, await screenContext(c)), kind) })
  })
  .get(routes.bulkUploads, describe({ summary: "The caller's latest uploads of ?kind= (the upload screen's history)", tag: 'bulk-upload' }), async (c) => {
    const kind = kindOf(c, c.req.query('kind'))
    const results = await recentUploads(importScope(c, {}), kind)
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.bulkUpload, describe({ summary: "One of the caller's uploads: state, progress, counts and the refused rows (first 1,000)", tag: 'bulk-upload' }), async (c) => {
    const { s, upload } = await ownUpload(c)
    return c.json({ payload: await uploadStatus(s.db, upload) })
  })
  .get(routes.bulkUploadRefused, describe({ summary: "The refused rows of an upload (.xlsx): the file's columns and an error column, to fix and upload again", tag: 'bulk-upload' }), async (c) => {
    const { s, upload } = await ownUpload(c)
    return xlsxFileResponse(c, await refusedRowsFile(s.db, upload, s.lang), TEMPLATE_TEXT.refusedFile, s.lang)
  })
