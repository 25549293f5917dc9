// An upload template: the first sheet holds the exact header row (the fields the upload reads), the second
// explains each column in the user's language, a hidden third one holds the allowed values of constrained
// columns. SheetJS (community edition) writes neither data validation nor column formats, so both are added
// to the written workbook's XML: drop-down lists on constrained columns (gender m/f, grade, section, school,
// library, report type and scope, yes/no), and the text format on code-like columns, so a code typed as
// 00012345 keeps its zeros.
import * as XLSX from 'xlsx'
import type { Lang } from './messages'

export type TemplateColumn = {
  header: string
  required: boolean
  /** What to enter, in the user's language. */
  description: string
  /** Allowed values: a drop-down list on the column. */
  list?: readonly string[]
  /** The list only suggests (several values may be written, comma-separated): other values are allowed. */
  suggestOnly?: boolean
  /** Typed values stay text (codes, phone numbers). */
  text?: boolean
}

export type TemplateText = {
  dataSheet: string
  instructionsSheet: string
  title: string
  intro: string[]
  columnHeaders: [string, string, string, string]
  yes: string
  no: string
}

/** Rows covered by validation and formats below the header. */
const DATA_ROWS = 50_000
const LISTS_SHEET = 'Lists'

const col = (i: number) => XLSX.utils.encode_col(i)
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Elements that must come after <dataValidations> in a worksheet (ECMA-376 CT_Worksheet order). */
const AFTER_VALIDATIONS = ['<hyperlinks', '<printOptions', '<pageMargins', '<pageSetup', '<headerFooter', '<rowBreaks', '<colBreaks',
  '<customProperties', '<cellWatches', '<ignoredErrors', '<smartTags', '<drawing', '<legacyDrawing', '<picture', '<oleObjects',
  '<controls', '<webPublishItems', '<tableParts', '<extLst', '</worksheet>']

function validationsXml(columns: TemplateColumn[], listColumn: Map<number, number>): string {
  const items = columns.flatMap((c, i) => {
    if (!c.list?.length) return []
    const range = `${col(i)}2:${col(i)}${DATA_ROWS + 1}`
    const inline = c.list.join(',')
    // A short list of plain values is written in the rule; a longer one refers to the hidden sheet.
    const formula = inline.length <= 200 && !c.list.some((v) => /[,"]/.test(v))
      ? `"${escapeXml(inline)}"`
      : `${LISTS_SHEET}!$${col(listColumn.get(i)!)}$2:$${col(listColumn.get(i)!)}$${c.list.length + 1}`
    const style = c.suggestOnly ? 'showErrorMessage="0"' : 'showErrorMessage="1" errorStyle="stop"'
    return [`<dataValidation type="list" allowBlank="1" showInputMessage="1" ${style} sqref="${range}"><formula1>${formula}</formula1></dataValidation>`]
  })
  return items.length ? `<dataValidations count="${items.length}">${items.join('')}</dataValidations>` : ''
}

function entryIndex(cfb: { FullPaths: string[] }, suffix: string): number {
  return cfb.FullPaths.findIndex((p) => p.endsWith(suffix))
}

/** Adds the text format (numFmtId 49, "@") as a cell style; answers its index. */
function addTextStyle(styles: string): { xml: string; index: number } {
  const match = /<cellXfs count="(\d+)">([\s\S]*?)<\/cellXfs>/.exec(styles)
  if (!match) return { xml: styles, index: -1 }
  const count = Number(match[1])
  const xml = styles.replace(match[0], `<cellXfs count="${count + 1}">${match[2]}<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>`)
  return { xml, index: count }
}

export function templateWorkbook(columns: TemplateColumn[], text: TemplateText, lang: Lang): Uint8Array {
  const data = XLSX.utils.aoa_to_sheet([columns.map((c) => c.header)])
  data['!cols'] = columns.map((c) => ({ wch: Math.max(14, c.header.length + 4) }))
  const instructions = XLSX.utils.aoa_to_sheet([
    [text.title],
    ...text.intro.map((line) => [line]),
    [],
    text.columnHeaders,
    ...columns.map((c) => [c.header, c.required ? text.yes : text.no, c.description, c.list?.join(', ') ?? '']),
  ])
  instructions['!cols'] = [{ wch: 22 }, { wch: 10 }, { wch: 70 }, { wch: 40 }]
  const listed = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.list?.length)
  const listColumn = new Map(listed.map(({ i }, n) => [i, n]))
  const lists = XLSX.utils.aoa_to_sheet([listed.map(({ c }) => c.header)])
  listed.forEach(({ c }, n) => XLSX.utils.sheet_add_aoa(lists, c.list!.map((v) => [v]), { origin: { r: 1, c: n } }))
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, data, text.dataSheet.slice(0, 31))
  XLSX.utils.book_append_sheet(book, instructions, text.instructionsSheet.slice(0, 31))
  XLSX.utils.book_append_sheet(book, lists, LISTS_SHEET)
  book.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 0 }, { Hidden: 1 }], ...(lang === 'ar' ? { Views: [{ RTL: true }] } : {}) }
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer

  const cfb = XLSX.CFB.read(written, { type: 'buffer' })
  const stylesAt = entryIndex(cfb, 'xl/styles.xml')
  const sheetAt = entryIndex(cfb, 'xl/worksheets/sheet1.xml')
  const files = cfb.FileIndex as { content: Uint8Array | number[] }[]
  const decode = (i: number) => Buffer.from(files[i]!.content as Uint8Array).toString('utf8')
  const { xml: styles, index: textStyle } = addTextStyle(decode(stylesAt))
  files[stylesAt]!.content = Buffer.from(styles, 'utf8')
  let sheet = decode(sheetAt)
  if (textStyle >= 0) {
    sheet = sheet.replace(/<col min="(\d+)" max="(\d+)"([^/]*)\/>/g, (whole, min: string, max: string, rest: string) =>
      (min === max && columns[Number(min) - 1]?.text ? `<col min="${min}" max="${max}"${rest} style="${textStyle}"/>` : whole))
  }
  const validations = validationsXml(columns, listColumn)
  if (validations) {
    const at = Math.min(...AFTER_VALIDATIONS.map((tag) => sheet.indexOf(tag)).filter((i) => i >= 0))
    sheet = `${sheet.slice(0, at)}${validations}${sheet.slice(at)}`
  }
  files[sheetAt]!.content = Buffer.from(sheet, 'utf8')
  return new Uint8Array(XLSX.CFB.write(cfb, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer)
}
