// What the browser does with a chosen spreadsheet before anything is sent (ADR 0080): read it with SheetJS,
// map its header row, check every row with the shared row checks (the entity schemas the forms use) and
// the references the screen has cached, and sort the rows into valid ones and ones to fix. Runs in the
// spreadsheet worker; in tests (no Worker) in the page.
import type { SheetCell } from '../../shared/bulk/cell-values'
import { readSheet } from '../../shared/bulk/read-sheet'
import { rowChecker, type BulkContext, type BulkReferences, type RowIssue } from '../../shared/bulk/row-checks'
import { BULK_LIMITS, type UploadKind } from '../../shared/bulk/upload-kinds'

export type PreviewRow = { row: number; cells: SheetCell[] }
export type RefusedPreviewRow = PreviewRow & { label: string; issues: RowIssue[] }

export type Prevalidation =
  | {
    ok: true
    sheetName: string
    headers: string[]
    /** The field of each column (null: ignored). */
    fields: (string | null)[]
    /** Headers the upload does not read. */
    ignored: string[]
    valid: PreviewRow[]
    invalid: RefusedPreviewRow[]
  }
  | { ok: false; problem: 'unreadable' | 'no_sheet' | 'no_rows' | 'too_many_rows'; limit?: number }
  | { ok: false; problem: 'missing_columns'; missing: string[] }

/** Rows between two progress reports. */
const PROGRESS_EVERY = 1000

export function prevalidate(
  bytes: ArrayBuffer | Uint8Array,
  kind: UploadKind,
  refs: BulkReferences,
  ctx: BulkContext,
  onProgress?: (done: number, total: number) => void,
): Prevalidation {
  const read = readSheet(bytes, kind, { maxRows: BULK_LIMITS.maxRows })
  if (!read.ok) return read.problem === 'missing_columns' ? { ok: false, problem: read.problem, missing: read.missing } : { ok: false, problem: read.problem, limit: read.limit }
  const check = rowChecker(kind, read.map, refs, ctx)
  const valid: PreviewRow[] = []
  const invalid: RefusedPreviewRow[] = []
  const total = read.rows.length
  read.rows.forEach((row, i) => {
    const result = check(row)
    if (result.ok) valid.push({ row: row.row, cells: row.cells })
    else invalid.push({ row: row.row, cells: row.cells, label: result.label, issues: result.issues })
    if ((i + 1) % PROGRESS_EVERY === 0) onProgress?.(i + 1, total)
  })
  onProgress?.(total, total)
  return { ok: true, sheetName: read.sheetName, headers: read.headers, fields: read.map.fields, ignored: read.map.ignored, valid, invalid }
}
