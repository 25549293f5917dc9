// Report workbooks: real .xlsx with a bold-free but readable layout — header row frozen, column widths from
// the content, right-to-left sheets for Arabic — and every text cell neutralised against formula injection.
import * as XLSX from 'xlsx'
import type { Lang } from '../lib/messages'

export type Cell = string | number | null
export type SheetSpec = { name: string; rows: Cell[][]; /** Rows kept in view when scrolling (the header). */ frozenRows?: number }

/** Text a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading quote so it stays text. */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const safe = (v: Cell): string | number | null => (typeof v === 'string' ? safeText(v) : v)

/** Sheet names: at most 31 characters, none of []:*?/\ and unique in the workbook. */
function sheetNames(names: string[]): string[] {
  const used = new Set<string>()
  return names.map((raw) => {
    const base = (raw.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet').slice(0, 31)
    let name = base
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`
    used.add(name.toLowerCase())
    return name
  })
}

export function buildWorkbook(sheets: SheetSpec[], lang: Lang): Buffer {
  const book = XLSX.utils.book_new()
  const names = sheetNames(sheets.map((s) => s.name))
  sheets.forEach((spec, i) => {
    const rows = spec.rows.map((r) => r.map(safe))
    const sheet = XLSX.utils.aoa_to_sheet(rows.length ? rows : [['']])
    const width = Math.max(0, ...rows.map((r) => r.length))
    sheet['!cols'] = Array.from({ length: width }, (_, c) => ({
      wch: Math.min(50, Math.max(8, ...rows.map((r) => String(r[c] ?? '').length)) + 2),
    }))
    XLSX.utils.book_append_sheet(book, sheet, names[i])
  })
  if (lang === 'ar') book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] }
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
  return freezeRows(written, sheets.map((s) => s.frozenRows ?? 1))
}

/** SheetJS does not write frozen panes: add them to each sheet's XML inside the zip. */
function freezeRows(xlsx: Buffer, frozen: number[]): Buffer {
  const zip = XLSX.CFB.read(xlsx, { type: 'buffer' })
  frozen.forEach((n, i) => {
    if (n <= 0) return
    const entry = XLSX.CFB.find(zip, `/xl/worksheets/sheet${i + 1}.xml`)
    if (!entry) return
    const xml = Buffer.from(entry.content as Uint8Array).toString('utf8')
    const pane = `<pane ySplit="${n}" topLeftCell="A${n + 1}" activePane="bottomLeft" state="frozen"/>`
    entry.content = Buffer.from(xml.replace(/<sheetView ([^>]*?)\/>/, `<sheetView $1>${pane}</sheetView>`), 'utf8')
  })
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer
}

/** Content-Disposition with an ASCII fallback and the name in the requester's language. */
export function attachmentHeaders(filename: { en: string; ar: string }, lang: Lang): Record<string, string> {
  const ascii = filename.en.replace(/[^\w.-]+/g, '_')
  return {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename[lang])}`,
  }
}
