// The record of each upload (bulk_uploads) and of its refused rows (bulk_upload_rows): written as the rows
// are imported, read by the upload screen's history, the status call and the refused-rows download.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bulkUploadRows, bulkUploads } from '../../db/schema/tables'
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import { UPLOAD_KEY } from '../../../shared/bulk/upload-kinds'
import type { UploadResultRow, UploadStatus, UploadSummary } from '../../../shared/schemas/bulk-upload'
import type { ChunkRecorder, RowOutcome } from './import-rows'
import type { ImportScope } from './importer'

export type UploadRecord = typeof bulkUploads.$inferSelect

/** Refused rows the status call lists (the download has them all). */
export const LISTED_RESULTS = 1000

export async function createUpload(
  s: ImportScope,
  kind: UploadKind,
  file: { name: string; headers: string[]; total: number; storedFile?: string; state: UploadRecord['state'] },
): Promise<string> {
  const id = randomUUID()
  await s.db.insert(bulkUploads).values({
    id,
    institution_id: s.institution?.id ?? null,
    user_id: s.user.id,
    kind,
    file_name: file.name,
    host: s.host.slice(0, 255),
    lang: s.lang,
    school_id: s.ctx.schoolId ?? null,
    year_id: s.ctx.yearId ?? null,
    class_id: s.ctx.classId ?? null,
    headers: file.headers,
    stored_file: file.storedFile ?? null,
    state: file.state,
    total_rows: file.total,
  })
  return id
}

/** Records a chunk's refused rows and moves the counters, inside the chunk's transaction. */
export function chunkRecorder(uploadId: string): ChunkRecorder {
  return async (db, outcomes, processed) => {
    const refused = outcomes.filter((o) => o.id === undefined)
    if (refused.length) {
      await db.insert(bulkUploadRows).values(refused.map((o) => ({
        upload_id: uploadId, row: o.row, label: o.label.slice(0, 300), error: o.error ?? '', errors: o.errors ?? {}, cells: o.cells,
      }))).onConflictDoNothing()
    }
    await db.update(bulkUploads).set({
      processed_rows: processed,
      success_count: sql`${bulkUploads.success_count} + ${outcomes.length - refused.length}`,
      error_count: sql`${bulkUploads.error_count} + ${refused.length}`,
      state: 'PROGRESS',
    }).where(eq(bulkUploads.id, uploadId))
  }
}

export async function finishUpload(db: Db, uploadId: string, outcome: { state: 'SUCCESS' } | { state: 'FAILURE'; error: string }): Promise<void> {
  await db.update(bulkUploads).set({
    state: outcome.state,
    error: outcome.state === 'FAILURE' ? outcome.error : null,
    stored_file: null,
    finished_at: new Date(),
  }).where(eq(bulkUploads.id, uploadId))
}

/** An outcome as the spec's result row (teachers named by email, students by enrollment_code …). */
export function resultRow(kind: UploadKind, o: Pick<RowOutcome, 'row' | 'label' | 'id' | 'error' | 'errors'>): UploadResultRow {
  const field = UPLOAD_KEY[kind]
  const name = field === 'display_name' ? 'name' : field
  const errors = o.errors && Object.keys(o.errors).length ? o.errors : null
  const failed = o.id === undefined
  return {
    row: o.row,
    status: failed ? 'error' : 'success',
    error: failed ? (o.error || null) : null,
    errors: failed ? errors : null,
    [name]: o.label,
    ...(o.id !== undefined ? { id: o.id } : {}),
  }
}

function summary(u: UploadRecord): UploadSummary {
  return {
    id: u.id,
    kind: u.kind as UploadKind,
    file_name: u.file_name,
    state: u.state,
    total: u.total_rows,
    processed: u.processed_rows,
    success_count: u.success_count,
    error_count: u.error_count,
    error: u.error,
    created_at: u.created_at.toISOString(),
    finished_at: u.finished_at?.toISOString() ?? null,
  }
}

/** The caller's own upload in this institution (or on the platform), or null. */
export async function findUpload(s: Pick<ImportScope, 'db' | 'institution' | 'user'>, id: string): Promise<UploadRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const [row] = await s.db.select().from(bulkUploads).where(and(
    eq(bulkUploads.id, id),
    eq(bulkUploads.user_id, s.user.id),
    s.institution ? eq(bulkUploads.institution_id, s.institution.id) : isNull(bulkUploads.institution_id),
  ))
  return row ?? null
}

export async function uploadStatus(db: Db, upload: UploadRecord): Promise<UploadStatus> {
  const rows = await db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, upload.id)).orderBy(asc(bulkUploadRows.row)).limit(LISTED_RESULTS + 1)
  const kind = upload.kind as UploadKind
  return {
    ...summary(upload),
    results: rows.slice(0, LISTED_RESULTS).map((r) => resultRow(kind, { row: r.row, label: r.label, error: r.error, errors: r.errors })),
    more_results: rows.length > LISTED_RESULTS,
  }
}

/** Every refused row with its cells, in file order (the refused-rows workbook). */
export async function refusedRows(db: Db, uploadId: string) {
  return db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, uploadId)).orderBy(asc(bulkUploadRows.row))
}

/** The caller's latest uploads of a kind here (the upload screen's history). */
export async function recentUploads(s: Pick<ImportScope, 'db' | 'institution' | 'user'>, kind: UploadKind, limit = 10): Promise<UploadSummary[]> {
  const rows = await s.db.select().from(bulkUploads).where(and(
    eq(bulkUploads.user_id, s.user.id),
    eq(bulkUploads.kind, kind),
    s.institution ? eq(bulkUploads.institution_id, s.institution.id) : isNull(bulkUploads.institution_id),
  )).orderBy(desc(bulkUploads.created_at)).limit(limit)
  return rows.map(summary)
}

/** Finished uploads older than `days` (their refused rows go with them): removed by the pruning job. */
export async function pruneFinishedUploads(db: Db, days: number): Promise<number> {
  const rows = await db.delete(bulkUploads)
    .where(and(inArray(bulkUploads.state, ['SUCCESS', 'FAILURE']), lt(bulkUploads.created_at, new Date(Date.now() - days * 86_400_000))))
    .returning({ id: bulkUploads.id })
  return rows.length
}
