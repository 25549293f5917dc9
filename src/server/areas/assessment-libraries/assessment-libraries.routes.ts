import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { readListParams } from '../../lib/list-query'
import { bulkUpload, importScope, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { requestScope } from '../../lib/request-scope'
import { templateFile } from '../../domain/bulk-import/template-file'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { idParam } from '../../lib/validate'
import { xlsxFileResponse, xlsxResponse } from '../../lib/xlsx'
import {
  type AssessmentLibrary, AssessmentLibraryEntryCreateSchema, AssessmentLibraryEntrySchema, AssessmentLibrarySchema,
} from '../../../shared/schemas/assessment-library'
import { LIBRARY_MESSAGES as M } from './assessment-libraries.messages'
import { libraryImporter } from './assessment-libraries.import'
import { entryListSpec, libraryListSpec, libraryService as service } from './assessment-libraries.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

const yes = (b: boolean, lang: 'en' | 'ar') => (b ? (lang === 'ar' ? 'نعم' : 'yes') : lang === 'ar' ? 'لا' : 'no')

/**
 * Assessment libraries and entries (spec §7). Entry writes, which the spec leaves out, are
 * POST /assessmentlibraryentry/ (with assessment_library) and PUT/DELETE /assessmentlibraryentry/{id}/ (ADR 0021).
 */
export const assessmentLibraryRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.assessmentLibraries, requireAuth)
  .use(`${routes.assessmentLibraries}/*`, requireAuth)
  .use('/assessmentlibrary_type/*', requireAuth)
  .use('/assessmentlibraryentrylist/*', requireAuth)
  .use(routes.assessmentLibraryEntries, requireAuth)
  .use(`${routes.assessmentLibraryEntries}/*`, requireAuth)
  .use(routes.assessmentLibrariesUpload, requireAuth)
  .get(routes.assessmentLibraries, describe({ summary: 'List assessment libraries (also the report types: report_type = 100 + id when isReport)', tag: 'assessment-library', list: true }), allow('assessment-library', 'read'), async (c) => {
    return c.json({ payload: await service.list(requestScope(c), readListParams(c, libraryListSpec)) })
  })
  .post(routes.assessmentLibraries, describe({ summary: 'Create an assessment library', tag: 'assessment-library', body: AssessmentLibrarySchema }), allow('assessment-library', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.create(s, input) }, 201)
  })
  .get(routes.assessmentLibrariesExport, describe({ summary: 'The library list as .xlsx', tag: 'assessment-library' }), allow('assessment-library', 'read'), async (c) => {
    const s = requestScope(c)
    const rows = await service.all(s)
    return xlsxResponse<AssessmentLibrary>(c, {
      filename: { en: 'assessment-libraries.xlsx', ar: 'مكتبات-التقييمات.xlsx' },
      sheet: M.sheet,
      lang: s.lang,
      rows,
      columns: [
        { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
        { header: { en: 'Name', ar: 'الاسم' }, value: (r) => r.display_name },
        { header: { en: 'Report', ar: 'تقرير' }, value: (r) => yes(r.isReport, s.lang) },
        { header: { en: 'Global', ar: 'عام' }, value: (r) => yes(r.isGlobal, s.lang) },
        { header: { en: 'Switches', ar: 'المفاتيح' }, value: (r) => r.switches },
        { header: { en: 'Report type', ar: 'نوع التقرير' }, value: (r) => r.report_type },
        { header: { en: 'Entries', ar: 'العناصر' }, value: (r) => r.entry_count },
      ],
    })
  })
  // The upload template (the same as /api/bulk-upload/template/assessment-library/).
  .get(routes.assessmentLibrariesDownload, describe({ summary: "The library upload template (.xlsx: display_name, isReport, isGlobal, switches; instructions in the caller's language)", tag: 'assessment-library' }), allow('assessment-library', 'read'), async (c) => {
    const s = importScope(c, {})
    const file = templateFile('assessment-library', await libraryImporter.references(s), s.lang)
    return xlsxFileResponse(c, file.bytes, file.filename, s.lang)
  })
  .get(routes.assessmentLibrary, describe({ summary: 'Read an assessment library', tag: 'assessment-library' }), allow('assessment-library', 'read'), async (c) => {
    return c.json({ payload: await service.get(requestScope(c), idParam(c, 'id')) })
  })
  .put(routes.assessmentLibrary, describe({ summary: 'Update an assessment library', tag: 'assessment-library', body: AssessmentLibrarySchema }), allow('assessment-library', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.update(s, idParam(c, 'id'), input) })
  })
  .delete(routes.assessmentLibrary, describe({ summary: 'Delete an assessment library (409 while report templates use it)', tag: 'assessment-library' }), allow('assessment-library', 'write'), async (c) => {
    await service.remove(requestScope(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .get(routes.assessmentLibrariesOfType, describe({ summary: 'Libraries of a type: report, global or all', tag: 'assessment-library' }), allow('assessment-library', 'read'), async (c) => {
    const results = await service.ofType(requestScope(c), c.req.param('type'))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.assessmentLibraryEntryList, describe({ summary: 'Entries of library {id}', tag: 'assessment-library', list: true }), allow('assessment-library', 'read'), async (c) => {
    return c.json({ payload: await service.entries(requestScope(c), idParam(c, 'id'), readListParams(c, entryListSpec)) })
  })
  .post(routes.assessmentLibraryEntries, describe({ summary: 'Create a library entry (assessment_library names its library)', tag: 'assessment-library', body: AssessmentLibraryEntryCreateSchema }), allow('assessment-library', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.createEntry(s, input.assessment_library, input) }, 201)
  })
  .get(routes.assessmentLibraryEntry, describe({ summary: 'Read a library entry', tag: 'assessment-library' }), allow('assessment-library', 'read'), async (c) => {
    return c.json({ payload: await service.getEntry(requestScope(c), idParam(c, 'id')) })
  })
  .put(routes.assessmentLibraryEntry, describe({ summary: 'Update a library entry', tag: 'assessment-library', body: AssessmentLibraryEntrySchema }), allow('assessment-library', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.updateEntry(s, idParam(c, 'id'), input) })
  })
  .delete(routes.assessmentLibraryEntry, describe({ summary: 'Delete a library entry', tag: 'assessment-library' }), allow('assessment-library', 'write'), async (c) => {
    await service.removeEntry(requestScope(c), idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .post(routes.assessmentLibrariesUpload, describe({ summary: `Upload assessment libraries (multipart, field assessmentlibrary_excel); ${UPLOAD_ANSWERS}`, tag: 'assessment-library', bodyLimit: bulkUploadLimit }), allowUpload('assessment-library'), (c) => bulkUpload(c, libraryImporter, queueBulkImport))
