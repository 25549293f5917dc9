// What the bulk upload calls answer (spec §3 "Upload result row", "Template URL response").
import * as v from 'valibot'
import { UPLOAD_KINDS, type UploadKind } from '../bulk/upload-kinds'

/**
 * One row of an upload's results. `error` is the whole reason in one line; `errors` the message per field
 * (null when the reason is not a field's). The row is named by its key column: `email` (teachers),
 * `enrollment_code` (students), `identifier` (schools, classes) or `name` (libraries, templates).
 */
export type UploadResultRow = {
  row: number
  status: 'success' | 'error'
  error: string | null
  errors: Record<string, string> | null
  email?: string
  enrollment_code?: string
  identifier?: string
  name?: string
  /** The created record. */
  id?: number
}

/** 202 answer of an upload too large to import while the request waits: follow it with the status call. */
export type UploadQueued = { upload_id: string; state: 'PENDING'; total: number }

/** An upload as the upload screen lists it afterwards. */
export type UploadSummary = {
  id: string
  kind: UploadKind
  file_name: string
  /** PENDING (queued), PROGRESS (importing), SUCCESS (every row handled), FAILURE (the import stopped). */
  state: 'PENDING' | 'PROGRESS' | 'SUCCESS' | 'FAILURE'
  total: number
  processed: number
  success_count: number
  error_count: number
  error: string | null
  created_at: string
  finished_at: string | null
}

/** The status call: the summary and the refused rows (at most the first 1,000). */
export type UploadStatus = UploadSummary & { results: UploadResultRow[]; more_results: boolean }

/** GET /api/bulk-upload/template-url/: the template of each upload, null where the caller may not use it. */
export type TemplateUrls = Record<'class-upload-url' | 'teacher-upload-url' | 'school-upload-url' | 'assessment-library-upload-url' | 'report-template-upload-url' | 'student-upload-url', string | null>

export const UploadKindParam = v.picklist(UPLOAD_KINDS)
