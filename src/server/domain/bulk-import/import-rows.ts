// Imports checked rows in chunks. Each chunk is one transaction (a savepoint inside a keyed request) that also
// records the chunk's results, so a background import that is cut off resumes after the last committed chunk
// and never imports a row twice. Within a chunk the valid rows are written in one batch; if the batch fails
// (a key taken meanwhile, a value the database refuses) it is undone and the rows are written one by one,
// each in its own savepoint: a row is imported whole or not at all, and one bad row never blocks the rest.
import type { Db } from '../../db/client'
import { isBadValue, isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors'
import { inTransaction } from '../../lib/transaction'
import { validationText, type Lang } from '../../lib/messages'
import { CODES } from '../../../shared/schemas/codes'
import type { SheetCell } from '../../../shared/bulk/cell-values'
import type { NumberedRow, RowIssue } from '../../../shared/bulk/row-checks'
import type { SheetRow } from '../../../shared/bulk/sheet-row'
import { UPLOAD_KEY } from '../../../shared/bulk/upload-kinds'
import type { Importer, ImportScope } from './importer'

/** What happened to one row: created (id) or refused (error, and errors by field). */
export type RowOutcome = {
  row: number
  label: string
  cells: SheetCell[]
  id?: number
  error?: string
  errors?: Record<string, string>
}

export const CHUNK_ROWS = 500

const SAVE_FAILED = {
  en: 'This row could not be saved. Check its values and send it again.',
  ar: 'تعذّر حفظ هذا الصف. تحقّق من قيمه وأرسله مرة أخرى.',
}

/** Field messages of a row's issues, in the uploader's language, and the one-line reason. */
export function describeIssues(issues: RowIssue[], lang: Lang): { error: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[issue.field] ??= validationText(issue.code, issue.requirement, lang)
  return { error: Object.entries(errors).map(([field, message]) => `${field} - ${message}`).join('; '), errors }
}

/** A database refusal that belongs to the row (its values), not to the database being unwell. */
function isRowRefusal(err: unknown): boolean {
  return isUniqueViolation(err) || isForeignKeyViolation(err) || isBadValue(err)
}

export type ChunkRecorder = (db: Db, outcomes: RowOutcome[], processed: number) => Promise<void>

/**
 * Checks and imports `rows` from index `startAt` (the rows before it were imported by an earlier run: they
 * are only checked again, so a key they used still counts as taken). `record` runs inside each chunk's
 * transaction; `afterChunk` after it committed (progress).
 */
export async function importRows<I>(
  s: ImportScope,
  importer: Importer<I>,
  rows: SheetRow[],
  check: (row: SheetRow) => NumberedRow,
  opts: { startAt?: number; record: ChunkRecorder; afterChunk?: (processed: number) => Promise<void>; signal?: AbortSignal; chunkRows?: number },
): Promise<void> {
  const startAt = opts.startAt ?? 0
  const size = opts.chunkRows ?? CHUNK_ROWS
  for (let i = 0; i < startAt && i < rows.length; i++) check(rows[i]!)
  const capacity = importer.capacity ? await importer.capacity(s) : null
  for (let from = startAt; from < rows.length; from += size) {
    opts.signal?.throwIfAborted()
    const chunk = rows.slice(from, from + size)
    const checked = chunk.map((row) => ({ row, result: check(row) }))
    const outcomes = new Map<number, RowOutcome>()
    const refuse = (row: SheetRow, label: string, issues: RowIssue[]) =>
      outcomes.set(row.row, { row: row.row, label, cells: row.cells, ...describeIssues(issues, s.lang) })
    const valid: { row: SheetRow; label: string; key: string; input: I }[] = []
    for (const { row, result } of checked) {
      if (result.ok) valid.push({ row, label: result.label, key: result.key, input: result.input as I })
      else refuse(row, result.label, result.issues)
    }
    const taken = valid.length ? await importer.existing(s, valid) : new Set<string>()
    const keyField = UPLOAD_KEY[importer.kind]
    let toWrite = valid.filter((v) => {
      if (!taken.has(v.key)) return true
      refuse(v.row, v.label, [{ field: keyField, code: CODES.alreadyExists }])
      return false
    })
    if (capacity) {
      for (const v of toWrite.slice(capacity.remaining)) outcomes.set(v.row.row, { row: v.row.row, label: v.label, cells: v.row.cells, error: capacity.message })
      toWrite = toWrite.slice(0, capacity.remaining)
    }
    const created: { input: I; id: number }[] = []
    await inTransaction(s, async (t) => {
      let ids: number[] | null = null
      if (toWrite.length) {
        try {
          ids = await t.db.transaction((sp) => importer.insert({ ...t, db: sp as unknown as Db }, toWrite.map((v) => v.input)))
        } catch (err) {
          if (!isRowRefusal(err)) throw err
        }
      }
      if (ids) {
        toWrite.forEach((v, i) => created.push({ input: v.input, id: ids![i]! }))
      } else {
        for (const v of toWrite) {
          try {
            const [id] = await t.db.transaction((sp) => importer.insert({ ...t, db: sp as unknown as Db }, [v.input]))
            created.push({ input: v.input, id: id! })
          } catch (err) {
            if (!isRowRefusal(err)) throw err
            if (isUniqueViolation(err)) refuse(v.row, v.label, [{ field: keyField, code: CODES.alreadyExists }])
            else outcomes.set(v.row.row, { row: v.row.row, label: v.label, cells: v.row.cells, error: SAVE_FAILED[s.lang] })
          }
        }
      }
      const ids2 = new Map(created.map((c) => [c.input, c.id]))
      for (const v of toWrite) {
        const id = ids2.get(v.input)
        if (id !== undefined) outcomes.set(v.row.row, { row: v.row.row, label: v.label, cells: v.row.cells, id })
      }
      await opts.record(t.db, chunk.map((row) => outcomes.get(row.row)!), from + chunk.length)
    })
    if (capacity) capacity.remaining -= created.length
    if (created.length && importer.afterCommit) await importer.afterCommit(s, created)
    await opts.afterChunk?.(from + chunk.length)
  }
}
