// What a spreadsheet cell means for a field. Sheets written by Excel, LibreOffice or a person hold numbers
// where text is meant (a phone 971501000011, a code 12345678), text where numbers are meant ("6"), and
// booleans as TRUE, 1, "yes" or "نعم": each field type reads them the way a user would expect.

/** A cell as the sheet reader hands it over: dates are already "yyyy-mm-dd" text. */
export type SheetCell = string | number | boolean | null

/** A number as a person would type it: 12345678, not 12345678.0 or 1.2345678E+7; 0.1 + 0.2 stays 0.3. */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
  return String(Number(n.toPrecision(15)))
}

/** A text field: trimmed, numbers without decimals or exponents, booleans as TRUE/FALSE. */
export function cellText(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return numberText(cell)
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE'
  return cell.trim()
}

/** A comma-separated list (English or Arabic comma, semicolon or line break), empty items dropped. */
export function cellList(cell: SheetCell | undefined): string[] {
  return cellText(cell).split(/[,;،؛\n]+/).map((s) => s.trim()).filter(Boolean)
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', 'نعم', 'صح', 'صحيح'])
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'لا', 'خطأ', 'خطا'])

/** A boolean field: undefined when empty (the schema's default), null when it is no boolean at all. */
export function cellBoolean(cell: SheetCell | undefined): boolean | undefined | null {
  if (typeof cell === 'boolean') return cell
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : null
  const text = cellText(cell).toLowerCase()
  if (text === '') return undefined
  if (TRUE_WORDS.has(text)) return true
  if (FALSE_WORDS.has(text)) return false
  return null
}

/** A whole-number field: undefined when empty, NaN when it is no whole number. */
export function cellInteger(cell: SheetCell | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : Number.NaN
  const text = cellText(cell)
  if (text === '') return undefined
  return /^[+]?\d{1,9}$/.test(text) ? Number(text) : Number.NaN
}
