// Data out for a large scope (ADR 0125): the request answers 202 with this task at once; the job reads the
// requester's reach again, builds the .xlsx or CSV with the same code as the direct download, stores it under
// DATA_DIR (or the bucket) and records where, so the task's file call can serve it to the requester alone.
import * as v from 'valibot'
import { storeFile } from '../lib/files'
import { readerFor } from '../reports/report-files'
import { resolveScope } from '../reports/report-scope'
import { buildExportFile, type ExportFormat, type ExportKind } from '../reports/sitting-export'
import type { Lang } from '../lib/messages'
import type { ScopeName } from '../../shared/schemas/report'
import { defineJob } from './define-job'

export type ExportRequest = {
  institutionId: number; userId: number; lang: Lang; scope: ScopeName; scopeId: number | null
  from_date: string; to_date: string; format: ExportFormat; kind: ExportKind
}
export type ExportResult = { file: string; ext: ExportFormat; filename: { en: string; ar: string } }

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))
const ExportPayload = v.object({
  institutionId: v.number(), userId: v.number(), lang: v.picklist(['en', 'ar']), scope: v.picklist(['class', 'school', 'institution']),
  scopeId: v.nullable(v.number()), from_date: day, to_date: day, format: v.picklist(['xlsx', 'csv']), kind: v.picklist(['sittings', 'marks']),
}) satisfies v.GenericSchema<unknown, ExportRequest>

export const sittingExportJob = defineJob<ExportRequest, ExportResult>({
  name: 'sitting-export',
  payload: ExportPayload,
  tracked: true,
  retries: 1,
  retryDelaySeconds: 30,
  timeLimitSeconds: 1800,
  async handle(payload, ctx) {
    await ctx.progress(0, 3, 'reading')
    const reader = await readerFor(ctx, payload)
    const scope = await resolveScope(reader, payload.scope, payload.scopeId)
    await ctx.progress(1, 3, 'building')
    const file = await buildExportFile(ctx.db, { scope, from: payload.from_date, to: payload.to_date }, payload.format, payload.kind, payload.lang)
    await ctx.progress(2, 3, 'storing')
    const name = await storeFile(ctx.env, 'exports', file.bytes, payload.format)
    await ctx.progress(3, 3, 'done')
    return { file: name, ext: payload.format, filename: file.filename }
  },
})
