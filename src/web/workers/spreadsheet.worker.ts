// The spreadsheet worker: SheetJS and the row checks run here, off the page's thread, so a 50,000-row file
// never freezes the screen. Only the upload screens start it; SheetJS stays out of the app's main chunks.
import { fixWorkbook, validRowsWorkbook } from '../../shared/bulk/fix-workbook'
import { prevalidate } from './prevalidate'
import type { WorkerAnswer, WorkerRequest } from './spreadsheet-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
  postMessage: (message: WorkerAnswer, transfer?: Transferable[]) => void
}

scope.onmessage = (event) => {
  const request = event.data
  try {
    if (request.type === 'check') {
      const result = prevalidate(request.bytes, request.kind, request.refs, request.ctx, (done, total) => scope.postMessage({ id: request.id, type: 'progress', done, total }))
      scope.postMessage({ id: request.id, type: 'checked', result })
    } else {
      const bytes = request.type === 'valid-file'
        ? validRowsWorkbook(request.headers, request.rows, request.sheetName)
        : fixWorkbook(request.headers, request.rows, request.text)
      scope.postMessage({ id: request.id, type: 'file', bytes }, [bytes.buffer])
    }
  } catch (error) {
    scope.postMessage({ id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error) })
  }
}
