// What an area provides to import its rows from a spreadsheet (ADR 0080). The pipeline (import-rows.ts) checks
// each row with the shared row checks, asks the importer which keys exist already, writes the valid rows in
// batches and, when a batch cannot be written, row by row, so every row is imported whole or not at all.
// Each area keeps its importer beside its service (e.g. routes/students/students.import.ts); the bulk-import
// job lists them all (src/server/importers.ts).
import type { Deps } from '../../context'
import type { BulkContext, BulkReferences } from '../../../shared/bulk/row-checks'
import type { UploadKind } from '../../../shared/bulk/upload-kinds'
import type { DomainScope } from '../scope'

/** Who imports, where, and what the upload screen chose; `deps` is the request's (or the job's) own. */
export type ImportScope = DomainScope & {
  ctx: BulkContext
  /** Host the upload came through, kept with the upload as a record (mail links use the configured address, ADR 0114). */
  host: string
  deps: Pick<Deps, 'db' | 'env' | 'mailer'>
}

export type Importer<I = any> = {
  kind: UploadKind
  /** Checks the screen's choices (the school, year, class) and the caller's right to import here: throws 4xx. */
  begin(s: ImportScope): Promise<void>
  /** What rows may refer to, read fresh (server side) or for the browser's preview (`forPreview`). */
  references(s: ImportScope, forPreview?: boolean): Promise<BulkReferences>
  /** Which of the rows' keys (as row-checks gives them) exist already. */
  existing(s: ImportScope, rows: { key: string; input: I }[]): Promise<Set<string>>
  /** How many records may still be created (the licence's places), and why not more; null for no limit. */
  capacity?(s: ImportScope): Promise<{ remaining: number; message: string } | null>
  /** Writes the rows (in one or a few statements on s.db); answers their ids in order. Throws if any fails. */
  insert(s: ImportScope, rows: I[]): Promise<number[]>
  /** After the rows' transaction committed (invitation mails). */
  afterCommit?(s: ImportScope, created: { input: I; id: number }[]): Promise<void>
}
