// The baselines of bench/bulk.ts: SheetJS reading the same file with nothing else, in a worker like the app's:
// with its default options (the bare parse), or with the options the app's reader uses (dense, no formatted
// text, number formats kept), which isolates what the row checks add.
import * as XLSX from 'xlsx'

const scope = self as unknown as { onmessage: ((e: MessageEvent<{ bytes: ArrayBuffer; lean: boolean }>) => void) | null; postMessage: (m: unknown) => void }

scope.onmessage = (event) => {
  const { bytes, lean } = event.data
  const book = XLSX.read(bytes, lean ? { type: 'array', dense: true, cellNF: true, cellText: false, cellDates: false, cellHTML: false } : { type: 'array' })
  scope.postMessage({ type: 'parsed', sheets: book.SheetNames.length })
}
