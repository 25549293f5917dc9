// Matches a file's header row to the columns of an upload: case, spaces, underscores, hyphens and dots do
// not matter ("First Name", " first_name ", "FIRST-NAME"), nor Arabic diacritics, tatweel or the forms of
// alef; Arabic names and the English labels of the list downloads are accepted as aliases.
import { ERROR_HEADERS, ROW_NUMBER_HEADERS, UPLOAD_COLUMNS, type UploadColumn, type UploadKind } from './upload-kinds'

/** The comparable form of a header: lower case, no separators, Arabic letters in one spelling. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '') // Arabic diacritics (shadda, fatha …) and tatweel
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\s_\-./\\:()]+/g, '')
}

export type HeaderMap = {
  /** For each column of the file (by position): the field it fills, `row`/`error` for the app's own columns, or null (ignored). */
  fields: (string | null)[]
  /** Required fields no column provides: the file cannot be imported as it is. */
  missing: string[]
  /** Headers of columns that match no field (ignored: "Notes", "Room"). */
  ignored: string[]
  /** Fields named by more than one column: the first is used. */
  repeated: string[]
}

const lookups = new Map<UploadKind, Map<string, string>>()

function lookupFor(kind: UploadKind): Map<string, string> {
  let map = lookups.get(kind)
  if (!map) {
    map = new Map()
    for (const c of UPLOAD_COLUMNS[kind] as readonly UploadColumn[]) {
      for (const name of [c.field, ...c.aliases]) if (!map.has(normaliseHeader(name))) map.set(normaliseHeader(name), c.field)
    }
    for (const name of ROW_NUMBER_HEADERS) map.set(normaliseHeader(name), 'row')
    for (const name of ERROR_HEADERS) map.set(normaliseHeader(name), 'error')
    lookups.set(kind, map)
  }
  return map
}

/** The field a header names for this upload, or null. */
export function fieldOf(kind: UploadKind, header: unknown): string | null {
  if (header === null || header === undefined) return null
  const key = normaliseHeader(String(header))
  return key ? (lookupFor(kind).get(key) ?? null) : null
}

export function mapHeaders(kind: UploadKind, headers: readonly unknown[]): HeaderMap {
  const seen = new Set<string>()
  const repeated: string[] = []
  const ignored: string[] = []
  const fields = headers.map((header) => {
    const field = fieldOf(kind, header)
    if (field === null) {
      const text = header === null || header === undefined ? '' : String(header).trim()
      if (text) ignored.push(text)
      return null
    }
    if (seen.has(field)) {
      repeated.push(field)
      return null
    }
    seen.add(field)
    return field
  })
  const missing = UPLOAD_COLUMNS[kind].filter((c) => c.required && !seen.has(c.field)).map((c) => c.field)
  return { fields, missing, ignored, repeated }
}

/** How many of the cells name a column of this upload (finds the header row below a title). */
export function knownHeaderCount(kind: UploadKind, cells: readonly unknown[]): number {
  return cells.filter((cell) => {
    const field = fieldOf(kind, cell)
    return field !== null && field !== 'row' && field !== 'error'
  }).length
}
