// The background half of a large upload (the bulk-import job runs it): reads the stored file again, imports
// from the first row no earlier run committed, records progress, and removes the file when done. The
// upload's own record says how it ended; the screen reads it through the status call.
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import type { Mailer } from '../../mail/mailer'
import { bulkUploads, institutions, users } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import { readStoredFile, removeStoredFile } from '../../lib/files'
import type { Lang } from '../../lib/messages'
import { readSheet } from '../../../shared/bulk/read-sheet'
import { rowChecker } from '../../../shared/bulk/row-checks'
import { BULK_LIMITS, type UploadKind } from '../../../shared/bulk/upload-kinds'
import type { Role } from '../../../shared/roles'
import { scopeForJob } from '../scope'
import { importRows } from './import-rows'
import type { Importer, ImportScope } from './importer'
import { chunkRecorder, finishUpload } from './upload-records'
import { UPLOAD_MESSAGES as M } from './upload-messages'
import { fileProblem } from './receive-upload'

export type QueuedRun = {
  db: Db
  env: Env
  mailer: Mailer
  importerFor: (kind: UploadKind) => Importer
  progress: (current: number, total: number, status: string) => Promise<void>
  signal: AbortSignal
}

export async function runQueuedUpload(uploadId: string, run: QueuedRun): Promise<{ success_count: number; error_count: number } | null> {
  const { db, env } = run
  const [upload] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, uploadId))
  if (!upload || upload.state === 'SUCCESS' || upload.state === 'FAILURE') return null
  const lang = upload.lang as Lang
  const fail = async (error: string) => {
    await finishUpload(db, uploadId, { state: 'FAILURE', error })
    await removeStoredFile(env, 'bulk-uploads', upload.stored_file)
    return null
  }
  const bytes = upload.stored_file ? await readStoredFile(env, 'bulk-uploads', upload.stored_file) : null
  if (!bytes) return fail(M.fileGone[lang])
  const [user] = await db.select().from(users).where(eq(users.id, upload.user_id ?? 0))
  const [institution] = upload.institution_id
    ? await db.select({ id: institutions.id, organization_name: institutions.organization_name, subdomain_name: institutions.subdomain_name })
      .from(institutions).where(eq(institutions.id, upload.institution_id))
    : [null]
  if (!user || institution === undefined) return fail(M.interrupted[lang])
  const scope: ImportScope = {
    ...scopeForJob(db, { lang, institution, user: { ...user, role: user.role as Role } }),
    ctx: { schoolId: upload.school_id ?? undefined, yearId: upload.year_id ?? undefined, classId: upload.class_id ?? undefined },
    host: upload.host,
    deps: { db, env, mailer: run.mailer },
  }
  const kind = upload.kind as UploadKind
  const importer = run.importerFor(kind)
  const read = readSheet(bytes, kind, { maxRows: BULK_LIMITS.maxRows })
  try {
    if (!read.ok) throw fileProblem(read, lang, 'file')
    // The school, year or class may have gone since the upload was accepted.
    await importer.begin(scope)
  } catch (e) {
    if (e instanceof HttpError) return fail(e.errors.join(' '))
    throw e
  }
  const total = read.rows.length
  await run.progress(upload.processed_rows, total, 'importing')
  await importRows(scope, importer, read.rows, rowChecker(kind, read.map, await importer.references(scope), scope.ctx), {
    startAt: upload.processed_rows,
    record: chunkRecorder(uploadId),
    afterChunk: (processed) => run.progress(processed, total, 'importing'),
    signal: run.signal,
  })
  await finishUpload(db, uploadId, { state: 'SUCCESS' })
  await removeStoredFile(env, 'bulk-uploads', upload.stored_file)
  const [done] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, uploadId))
  return { success_count: done?.success_count ?? 0, error_count: done?.error_count ?? 0 }
}

/** A failed-for-good import (its job gave up): the record says so and the stored file goes. */
export async function abandonQueuedUpload(db: Db, env: Env, uploadId: string): Promise<void> {
  const [upload] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, uploadId))
  if (!upload || upload.state === 'SUCCESS' || upload.state === 'FAILURE') return
  await finishUpload(db, uploadId, { state: 'FAILURE', error: M.interrupted[upload.lang as Lang] })
  await removeStoredFile(env, 'bulk-uploads', upload.stored_file)
}
