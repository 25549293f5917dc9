// Spreadsheet downloads: a real .xlsx named through Content-Disposition, in the requester's language,
// with the sheet right-to-left for Arabic.
import * as XLSX from 'xlsx'
import type { Context } from 'hono'
import type { Lang } from './messages'

export type Column<T> = { header: { en: string; ar: string }; value: (row: T) => string | number | boolean | null }

/** A number or phone number written as text ("-5", "+971 50 123 4567"): shown as is. */
const NUMBER_LIKE = /^[+-]?[\d\s().-]+$/

/**
 * Text a spreadsheet program could run as a formula when a user edits or re-saves the cell ("=HYPERLINK(...)",
 * "+cmd|...", "@SUM(...)", or one starting with a tab or line break) gets a leading apostrophe, as OWASP advises
 * against CSV/formula injection: it then shows, and stays, as the text the user typed.
 */
export function neutraliseFormula(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value !== 'string' || !/^[=+\-@\t\r\n]/.test(value) || NUMBER_LIKE.test(value)) return value
  return `'${value}`
}

export function xlsxResponse<T>(c: Context, opts: { filename: { en: string; ar: string }; sheet: { en: string; ar: string }; columns: Column<T>[]; rows: T[]; lang: Lang }): Response {
  const { lang } = opts
  const data = [opts.columns.map((col) => col.header[lang]), ...opts.rows.map((row) => opts.columns.map((col) => neutraliseFormula(col.value(row) ?? '')))]
  const sheet = XLSX.utils.aoa_to_sheet(data)
  sheet['!cols'] = opts.columns.map((col, i) => ({ wch: Math.min(40, Math.max(col.header[lang].length, ...data.slice(1).map((r) => String(r[i] ?? '').length)) + 2) }))
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, opts.sheet[lang].slice(0, 31))
  if (lang === 'ar') book.Workbook = { ...(book.Workbook ?? {}), Views: [{ RTL: true }] }
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  return xlsxFileResponse(c, buffer, opts.filename, lang)
}

/** An .xlsx already written, as a download named in the requester's language. */
export function xlsxFileResponse(c: Context, bytes: Uint8Array, filename: { en: string; ar: string }, lang: Lang): Response {
  // The English name is the ASCII fallback for clients that ignore filename*.
  const ascii = filename.en.replace(/[^\w.-]+/g, '_')
  const name = filename[lang]
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  })
}
