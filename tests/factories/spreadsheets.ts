// Spreadsheets for upload tests: the LibreOffice fixtures (tests/fixtures/spreadsheets), workbooks written
// with SheetJS, and ZIP archives written by hand so a test can make one lie about its sizes.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateRawSync } from 'node:zlib'
import * as XLSX from 'xlsx'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/spreadsheets')

/** A fixture file by name (e.g. students_messy.xlsx). */
export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name))
}

/** An .xlsx with one sheet holding these rows (the first is the header). */
export function workbook(rows: unknown[][], sheet = 'Sheet1'): Buffer {
  return workbookOfSheets({ [sheet]: rows })
}

/** An .xlsx with these sheets, in this order. */
export function workbookOfSheets(sheets: Record<string, unknown[][]>): Buffer {
  const book = XLSX.utils.book_new()
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name)
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/** The rows of a workbook's first sheet (or the named one), the header first. */
export function sheetRows(bytes: Uint8Array, sheet?: string): unknown[][] {
  const book = XLSX.read(bytes)
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet ?? book.SheetNames[0]!]!, { header: 1, defval: null })
}

/** A ZIP archive written by hand, so a test can make it lie about sizes or hold many entries. */
export function zip(entries: { name: string; data: Uint8Array; declaredSize?: number; store?: boolean }[]): Uint8Array {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const body = e.store ? Buffer.from(e.data) : deflateRawSync(e.data)
    const size = e.declaredSize ?? e.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(e.store ? 0 : 8, 8)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(e.store ? 0 : 8, 10)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += 30 + name.length + body.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

