// What the page and the spreadsheet worker say to each other (plain postMessage; one request, one answer,
// progress in between).
import type { SheetCell } from '../../shared/bulk/cell-values'
import type { BulkContext, BulkReferences } from '../../shared/bulk/row-checks'
import type { UploadKind } from '../../shared/bulk/upload-kinds'
import type { Prevalidation } from './prevalidate'

export type FixFileText = { sheet: string; errorColumn: string; rtl: boolean }

export type WorkerRequest =
  | { id: number; type: 'check'; bytes: ArrayBuffer; kind: UploadKind; refs: BulkReferences; ctx: BulkContext }
  | { id: number; type: 'valid-file'; headers: string[]; rows: { row: number; cells: SheetCell[] }[]; sheetName: string }
  | { id: number; type: 'fix-file'; headers: string[]; rows: { cells: SheetCell[]; error: string }[]; text: FixFileText }

export type WorkerAnswer =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'checked'; result: Prevalidation }
  | { id: number; type: 'file'; bytes: Uint8Array }
  | { id: number; type: 'failed'; message: string }
