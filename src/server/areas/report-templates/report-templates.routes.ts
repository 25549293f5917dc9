import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import type { Mail } from '../../mail/mailer'
import { allow, allowUpload, requireAuth } from '../../middleware/auth'
import { readListParams } from '../../lib/list-query'
import { bulkUpload, importScope, UPLOAD_ANSWERS } from '../../lib/bulk-upload-request'
import { bulkUploadLimit } from '../../lib/uploaded-spreadsheet'
import { requestScope } from '../../lib/request-scope'
import { templateFile as uploadTemplate } from '../../domain/bulk-import/template-file'
import { queueBulkImport } from '../../jobs/bulk-import.job'
import { idParam, validate } from '../../lib/validate'
import * as XLSX from 'xlsx'
import { neutraliseFormula, xlsxFileResponse, xlsxResponse } from '../../lib/xlsx'
import { type ReportTemplate, ReportTemplateSchema, TemplateEmailSchema } from '../../../shared/schemas/report-template'
import { TEMPLATE_MESSAGES as M } from './report-templates.messages'
import { templateImporter } from './report-templates.import'
import { fileNameOf, templateEntryListSpec, templateListSpec, templateService as service } from './report-templates.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/**
 * One template as a workbook: its upload columns (the row can be uploaded again elsewhere; the library by
 * name) and a second sheet listing its entries.
 */
async function templateFile(c: Context<AppEnv>, t: ReportTemplate): Promise<{ response: Response; bytes: Uint8Array; filename: string }> {
  const filename = fileNameOf(t)
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([
    ['name', 'assessmentLibrary', 'reportType', 'reportScope', 'switches', 'title'],
    [t.name, t.assessmentLibrary_name, t.reportType, t.reportScope, t.switches, t.title].map((value) => neutraliseFormula(value)),
  ]), M.uploadSheet.en)
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([
    ['entry_name', 'library_entry_id'],
    ...t.entries.map((e) => [neutraliseFormula(e.display_name), e.assessment_library_entry]),
  ]), M.entriesSheet.en)
  const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
  return { response: xlsxFileResponse(c, bytes, { en: filename, ar: filename }, 'en'), bytes, filename }
}

/**
 * Report templates (spec §7). Entries are saved with the template (the `entries` array of POST/PUT) and read
 * through the entry calls. GET /reporttemplate/download/{id} generates the template's .xlsx and keeps it as
 * its saved file (savedFileName), served again by GET /downloadS3/{id}/.
 */
export const reportTemplateRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.reportTemplates, requireAuth)
  .use(`${routes.reportTemplates}/*`, requireAuth)
  .use('/reporttemplate_type/*', requireAuth)
  .use('/reporttemplateentrylist/*', requireAuth)
  .use('/reporttemplateentry/*', requireAuth)
  .use('/downloadS3/*', requireAuth)
  .get(routes.reportTemplates, describe({ summary: 'List report templates', tag: 'report-template', list: true }), allow('report-template', 'read'), async (c) => {
    return c.json({ payload: await service.list(requestScope(c), readListParams(c, templateListSpec)) })
  })
  .post(routes.reportTemplates, describe({ summary: 'Create a report template with its entries', tag: 'report-template', body: ReportTemplateSchema }), allow('report-template', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.create(s, input) }, 201)
  })
  .get(routes.reportTemplatesExport, describe({ summary: 'The template list as .xlsx', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const s = requestScope(c)
    return xlsxResponse<ReportTemplate>(c, {
      filename: { en: 'report-templates.xlsx', ar: 'قوالب-التقارير.xlsx' },
      sheet: M.sheet,
      lang: s.lang,
      rows: await service.all(s),
      columns: [
        { header: { en: 'ID', ar: 'المعرّف' }, value: (t) => t.id },
        { header: { en: 'Name', ar: 'الاسم' }, value: (t) => t.name },
        { header: { en: 'Assessment library', ar: 'مكتبة التقييمات' }, value: (t) => t.assessmentLibrary_name },
        { header: { en: 'Report type', ar: 'نوع التقرير' }, value: (t) => t.reportType },
        { header: { en: 'Report scope', ar: 'نطاق التقرير' }, value: (t) => t.reportScope },
        { header: { en: 'Switches', ar: 'المفاتيح' }, value: (t) => t.switches },
        { header: { en: 'Entries', ar: 'العناصر' }, value: (t) => t.entries.length },
      ],
    })
  })
  // The upload template (the same as /api/bulk-upload/template/report-template/).
  .get(routes.reportTemplatesDownload, describe({ summary: 'The report-template upload template (.xlsx: name, assessmentLibrary, reportType, reportScope, switches)', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const s = importScope(c, {})
    const file = uploadTemplate('report-template', await templateImporter.references(s), s.lang)
    return xlsxFileResponse(c, file.bytes, file.filename, s.lang)
  })
  .get(routes.reportTemplateDownload, describe({ summary: 'One template as .xlsx (its upload columns, and its entries on a second sheet); kept as its saved file (savedFileName)', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const s = requestScope(c)
    const id = idParam(c, 'id')
    const file = await templateFile(c, await service.get(s, id))
    await service.saveFile(s, c.get('deps').env, id, file.bytes)
    return file.response
  })
  .get(routes.reportTemplateEmail, describe({ summary: 'Mail one template as .xlsx to ?email= or the signed-in user; payload.message', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const s = requestScope(c)
    const id = idParam(c, 'id')
    const { email } = validate(TemplateEmailSchema, { email: c.req.query('email') || undefined }, s.lang)
    const to = email ?? s.user.email
    const t = await service.get(s, id)
    await service.assertRecipient(s, to)
    const file = await templateFile(c, t)
    await service.saveFile(s, c.get('deps').env, id, file.bytes)
    const mail: Mail & { attachments: { filename: string; content: Buffer; contentType: string }[] } = {
      to,
      subject: M.mailSubject(t.name)[s.lang],
      text: M.mailText(t.name)[s.lang],
      attachments: [{ filename: file.filename, content: Buffer.from(file.bytes), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
    }
    await c.get('deps').mailer.send(mail)
    return c.json({ payload: { message: M.emailSent(to)[s.lang] } })
  })
  .post(routes.reportTemplatesUpload, describe({ summary: `Upload report templates (multipart, field docfile); ${UPLOAD_ANSWERS}`, tag: 'report-template', bodyLimit: bulkUploadLimit }), allowUpload('report-template'), (c) => bulkUpload(c, templateImporter, queueBulkImport))
  .get(routes.reportTemplate, describe({ summary: 'Read a report template with its entries', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    return c.json({ payload: await service.get(requestScope(c), idParam(c, 'id')) })
  })
  .put(routes.reportTemplate, describe({ summary: 'Update a report template (entries replaced by the ones sent)', tag: 'report-template', body: ReportTemplateSchema }), allow('report-template', 'write'), async (c) => {
    const s = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await service.update(s, idParam(c, 'id'), input) })
  })
  .delete(routes.reportTemplate, describe({ summary: 'Delete a report template', tag: 'report-template' }), allow('report-template', 'write'), async (c) => {
    await service.remove(requestScope(c), c.get('deps').env, idParam(c, 'id'))
    return c.json({ payload: { deleted: true } })
  })
  .get(routes.reportTemplatesOfType, describe({ summary: 'Templates of report type {typeId} (1 common, 2 accurate, 6 tally, 100 + library id)', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const results = await service.ofType(requestScope(c), idParam(c, 'typeId'))
    return c.json({ payload: { results, count: results.length } })
  })
  .get(routes.reportTemplateEntryList, describe({ summary: 'Entries of template {id}', tag: 'report-template', list: true }), allow('report-template', 'read'), async (c) => {
    return c.json({ payload: await service.entries(requestScope(c), idParam(c, 'id'), readListParams(c, templateEntryListSpec)) })
  })
  .get(routes.reportTemplateEntry, describe({ summary: 'Read a template entry', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    return c.json({ payload: await service.entry(requestScope(c), idParam(c, 'id')) })
  })
  .get(routes.reportTemplateSavedFile, describe({ summary: 'The saved file of template {id}', tag: 'report-template' }), allow('report-template', 'read'), async (c) => {
    const { bytes, name } = await service.savedFile(requestScope(c), c.get('deps').env, idParam(c, 'id'))
    const ascii = name.replace(/[^\w.-]+/g, '_')
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    })
  })
