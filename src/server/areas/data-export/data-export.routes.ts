// Data out (issue 26, ADR 0125): the raw sittings and marks of a class, school or institution over a date range,
// paged as JSON for researchers, or as one .xlsx / CSV file. A file of more than EXPORT_SYNC_SITTINGS sittings is
// built by the sitting-export job: the call answers 202 with the task, whose status and file only its requester reads.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { HttpError } from '../../lib/http-error'
import { readStoredFile } from '../../lib/files'
import { idParam, validate } from '../../lib/validate'
import { readerFor } from '../../reports/report-files'
import { resolveScope } from '../../reports/report-scope'
import { attachmentHeaders } from '../../reports/workbook'
import {
  buildExportFile, countExport, EXPORT_PAGE_SIZE, EXPORT_SYNC_SITTINGS, exportMarks, exportSittings,
  type ExportFormat, type ExportKind, type ExportRange,
} from '../../reports/sitting-export'
import { sittingExportJob, type ExportRequest, type ExportResult } from '../../jobs/sitting-export.job'
import { ReportRangeSchema, type ScopeName } from '../../../shared/schemas/report'
import { DATA_EXPORT_MESSAGES as M } from './data-export.messages'
import { DATES_IN_PATH, SCOPE_PATHS } from '../../reports/scope-paths'
import { describe } from '../../lib/route-doc'
import { routes, scopedPattern, scopedRoutes } from '../../../shared/routes'

function exportRequest(c: Context<AppEnv>, scope: ScopeName): ExportRequest {
  const institution = c.get('institution')
  const lang = c.get('lang')
  if (!institution) throw HttpError.of(404, 'notFound', lang)
  const r = validate(ReportRangeSchema, { from_date: c.req.param('from'), to_date: c.req.param('to') }, lang)
  const format = c.req.query('format') ?? 'xlsx'
  const kind = c.req.query('kind') ?? 'sittings'
  if (format !== 'xlsx' && format !== 'csv') throw HttpError.say(400, M.badFormat, lang, 'format', 'invalid_choice')
  if (kind !== 'sittings' && kind !== 'marks') throw HttpError.say(400, M.badKind, lang, 'kind', 'invalid_choice')
  return {
    institutionId: institution.id, userId: c.get('user').id, lang, scope, scopeId: scope === 'institution' ? null : idParam(c, 'scopeId'),
    from_date: r.from_date, to_date: r.to_date, format: format as ExportFormat, kind: kind as ExportKind,
  }
}

async function rangeOf(c: Context<AppEnv>, req: ExportRequest): Promise<ExportRange> {
  const scope = await resolveScope(await readerFor(c.get('deps'), req), req.scope, req.scopeId)
  return { scope, from: req.from_date, to: req.to_date }
}

function pageOf(c: Context<AppEnv>): number {
  const raw = c.req.query('page') ?? '1'
  const page = /^\d{1,7}$/.test(raw) ? Number(raw) : 0
  if (page < 1) throw HttpError.say(400, M.badPage, c.get('lang'), 'page', 'invalid_number')
  return page
}

async function answerPage(c: Context<AppEnv>, scope: ScopeName, kind: ExportKind) {
  const req = exportRequest(c, scope)
  const page = pageOf(c)
  const range = await rangeOf(c, req)
  const count = await countExport(c.get('deps').db, range, kind)
  const results = kind === 'sittings' ? await exportSittings(c.get('deps').db, range, page) : await exportMarks(c.get('deps').db, range, page)
  const next = page * EXPORT_PAGE_SIZE < count ? page + 1 : null
  return c.json({ payload: { count, page, page_size: EXPORT_PAGE_SIZE, next, results } })
}

async function answerFile(c: Context<AppEnv>, scope: ScopeName) {
  const req = exportRequest(c, scope)
  const deps = c.get('deps')
  const range = await rangeOf(c, req)
  if ((await countExport(deps.db, range, 'sittings')) > EXPORT_SYNC_SITTINGS) {
    const task_id = await deps.jobs.send(sittingExportJob, req, { requestedBy: req.userId })
    return c.json({ payload: { task_id, message: M.queued[req.lang] } }, 202)
  }
  const file = await buildExportFile(deps.db, range, req.format, req.kind, req.lang)
  return c.body(new Uint8Array(file.bytes), 200, { ...attachmentHeaders(file.filename, req.lang), 'Content-Type': file.contentType })
}

/** The export task of the path, to its requester only (404 for anyone else or any other task). */
async function ownTask(c: Context<AppEnv>) {
  const task = await c.get('deps').jobs.status(c.req.param('taskId') ?? '')
  if (!task || task.name !== sittingExportJob.name || task.requested_by !== c.get('user').id) throw HttpError.of(404, 'notFound', c.get('lang'))
  return task
}

export const dataExportRoutes = new Hono<AppEnv>({ strict: false })
  .use('/export/*', requireAuth, allow('data-export', 'read'))
  .get(routes.exportTask, describe({ summary: 'An export task of the caller: {state (PENDING, PROGRESS, SUCCESS, FAILURE), current, total, status}', tag: 'export', operationId: 'exportTaskStatus' }), async (c) => {
    const task = await ownTask(c)
    return c.json({ payload: { state: task.state, current: task.current, total: task.total, status: task.status } })
  })
  .get(routes.exportTaskFile, describe({ summary: 'The file an export task built (409 until it succeeded); only its requester may fetch it', tag: 'export', operationId: 'exportTaskFile' }), async (c) => {
    const task = await ownTask(c)
    const result = task.result as ExportResult | null
    if (task.state !== 'SUCCESS' || !result) throw HttpError.say(409, M.notReady, c.get('lang'))
    const bytes = await readStoredFile(c.get('deps').env, 'exports', result.file)
    if (!bytes) throw HttpError.of(404, 'notFound', c.get('lang'))
    const type = result.ext === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    return c.body(new Uint8Array(bytes), 200, { ...attachmentHeaders(result.filename, c.get('lang')), 'Content-Type': type })
  })

const PAGE = `?page=N (from 1) answers ${EXPORT_PAGE_SIZE} rows: {count, page, page_size, next, results}, next null on the last page.`

for (const { name, operation, text: scopeText } of SCOPE_PATHS) {
  dataExportRoutes.get(scopedPattern(scopedRoutes.exportSittings, name), describe({
    tag: 'export', operationId: `exportSittings${operation}`,
    summary: `Raw sittings of ${scopeText} read in the range, one row each by id: ids, dates, passage, profile version and every figure. ${PAGE} School staff only. ${DATES_IN_PATH}`,
  }), (c) => answerPage(c, name, 'sittings'))
  dataExportRoutes.get(scopedPattern(scopedRoutes.exportMarks, name), describe({
    tag: 'export', operationId: `exportMarks${operation}`,
    summary: `Raw marks of the sittings of ${scopeText} read in the range, one row each: sitting, word and letter, miscue, what it counted as, what the child said and the cue (MSV) codes. ${PAGE} School staff only. ${DATES_IN_PATH}`,
  }), (c) => answerPage(c, name, 'marks'))
  dataExportRoutes.get(scopedPattern(scopedRoutes.exportFile, name), describe({
    tag: 'export', operationId: `exportFile${operation}`,
    summary: `The same rows as one file: ?format=xlsx (a sheet of sittings and one of marks, the default) or csv with ?kind=sittings|marks. Over ${EXPORT_SYNC_SITTINGS} sittings it answers 202 {task_id}: the file is built by a background job. ${DATES_IN_PATH}`,
  }), (c) => answerFile(c, name))
}
