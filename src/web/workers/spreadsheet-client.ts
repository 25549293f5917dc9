// The page's side of the spreadsheet worker: one worker per upload screen, each call a promise. Where no
// Worker exists (unit tests in jsdom) the same code runs in the page, loaded only then.
import type { SheetCell } from '../../shared/bulk/cell-values'
import type { BulkContext, BulkReferences } from '../../shared/bulk/row-checks'
import type { UploadKind } from '../../shared/bulk/upload-kinds'
import type { Prevalidation } from './prevalidate'
import type { FixFileText, WorkerAnswer, WorkerRequest } from './spreadsheet-messages'

type Pending = { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void; onProgress?: (done: number, total: number) => void }
type Body<T> = T extends unknown ? Omit<T, 'id'> : never

export type SpreadsheetWorker = {
  /** Reads and checks the file; `onProgress` hears how many rows are checked. */
  check(file: Blob, kind: UploadKind, refs: BulkReferences, ctx: BulkContext, onProgress?: (done: number, total: number) => void): Promise<Prevalidation>
  /** A workbook of the valid rows (with their original row numbers) to send. */
  validFile(headers: string[], rows: { row: number; cells: SheetCell[] }[], sheetName: string): Promise<Uint8Array>
  /** A workbook of rows to fix: their cells and the reason in an extra column. */
  fixFile(headers: string[], rows: { cells: SheetCell[]; error: string }[], text: FixFileText): Promise<Uint8Array>
  terminate(): void
}

/** Answers a request in the page (no Worker). */
async function inPage(request: WorkerRequest, onProgress?: (done: number, total: number) => void): Promise<WorkerAnswer> {
  if (request.type === 'check') {
    const { prevalidate } = await import('./prevalidate')
    return { id: request.id, type: 'checked', result: prevalidate(request.bytes, request.kind, request.refs, request.ctx, onProgress) }
  }
  const { fixWorkbook, validRowsWorkbook } = await import('../../shared/bulk/fix-workbook')
  const bytes = request.type === 'valid-file' ? validRowsWorkbook(request.headers, request.rows, request.sheetName) : fixWorkbook(request.headers, request.rows, request.text)
  return { id: request.id, type: 'file', bytes }
}

export function createSpreadsheetWorker(): SpreadsheetWorker {
  let worker: Worker | null = null
  let next = 1
  const pending = new Map<number, Pending>()

  const started = () => {
    if (worker) return worker
    worker = new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data
      const waiting = pending.get(answer.id)
      if (!waiting) return
      if (answer.type === 'progress') return waiting.onProgress?.(answer.done, answer.total)
      pending.delete(answer.id)
      waiting.resolve(answer)
    }
    worker.onerror = (event) => {
      for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'The spreadsheet worker failed'))
      pending.clear()
      worker?.terminate()
      worker = null
    }
    return worker
  }

  const ask = (request: Body<WorkerRequest>, onProgress?: (done: number, total: number) => void, transfer: Transferable[] = []): Promise<WorkerAnswer> => {
    const message = { ...request, id: next++ } as WorkerRequest
    if (typeof Worker === 'undefined') return inPage(message, onProgress)
    return new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject, onProgress })
      started().postMessage(message, transfer)
    })
  }

  const fileOf = (answer: WorkerAnswer): Uint8Array => {
    if (answer.type === 'failed') throw new Error(answer.message)
    if (answer.type !== 'file') throw new Error('unexpected answer')
    return answer.bytes
  }

  return {
    async check(file, kind, refs, ctx, onProgress) {
      const bytes = await file.arrayBuffer()
      const answer = await ask({ type: 'check', bytes, kind, refs, ctx }, onProgress, [bytes])
      if (answer.type === 'failed') throw new Error(answer.message)
      if (answer.type !== 'checked') throw new Error('unexpected answer')
      return answer.result
    },
    async validFile(headers, rows, sheetName) {
      return fileOf(await ask({ type: 'valid-file', headers, rows, sheetName }))
    },
    async fixFile(headers, rows, text) {
      return fileOf(await ask({ type: 'fix-file', headers, rows, text }))
    },
    terminate() {
      worker?.terminate()
      worker = null
      for (const waiting of pending.values()) waiting.reject(new Error('stopped'))
      pending.clear()
    },
  }
}
