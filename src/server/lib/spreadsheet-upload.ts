// Checks an uploaded spreadsheet BEFORE any parser unzips it: the declared type must match the first
// bytes (magic numbers), the upload must be small enough, and an .xlsx (a ZIP archive) must have few
// enough entries and inflate to a bounded size. The entries are inflated here with a hard output cap
// (zlib's maxOutputLength), so a zip bomb that lies about its sizes is stopped too.
import { inflateRawSync } from 'node:zlib'
import { HttpError } from './http-error'
import type { Lang, Text } from './messages'

export const SPREADSHEET_LIMITS = {
  /** Largest upload (the compressed file). */
  maxBytes: 10 * 1024 * 1024,
  /** Most entries in the archive (a real workbook has a few dozen). */
  maxEntries: 1000,
  /** Largest total once unzipped. */
  maxUncompressedBytes: 100 * 1024 * 1024,
}

const M = {
  notSheet: {
    en: 'Only .xls and .xlsx spreadsheets can be uploaded, and the file must really be one',
    ar: 'يمكن رفع جداول البيانات بصيغة .xls و.xlsx فقط، ويجب أن يكون الملف جدول بيانات فعلًا',
  },
  tooLarge: (mb: number) => ({ en: `The spreadsheet is larger than ${mb} MB`, ar: `جدول البيانات أكبر من ${mb} ميغابايت` }),
  bomb: (mb: number) => ({
    en: `The spreadsheet would unpack to more than ${mb} MB or has too many parts; it is refused as unsafe. Save it again as a plain .xlsx and retry.`,
    ar: `جدول البيانات سيتوسع إلى أكثر من ${mb} ميغابايت أو يحتوي على أجزاء كثيرة جدًا؛ لذلك رُفض لأنه غير آمن. احفظه من جديد بصيغة .xlsx عادية وحاول مرة أخرى.`,
  }),
  corrupt: { en: 'The spreadsheet file is damaged and cannot be read', ar: 'ملف جدول البيانات تالف ولا يمكن قراءته' },
} satisfies Record<string, Text | ((n: number) => Text)>

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b)

/** Throws a 400/413 with a clear message unless the bytes are a safe .xlsx or .xls named as such. */
export function assertSafeSpreadsheet(name: string, bytes: Uint8Array, lang: Lang, field: string, limits = SPREADSHEET_LIMITS): 'xlsx' | 'xls' {
  const lower = name.toLowerCase()
  const kind = lower.endsWith('.xlsx') ? 'xlsx' : lower.endsWith('.xls') ? 'xls' : null
  if (!kind || !startsWith(bytes, kind === 'xlsx' ? ZIP_LOCAL : OLE)) throw HttpError.say(400, M.notSheet, lang, field, 'invalid_choice')
  if (bytes.length > limits.maxBytes) throw HttpError.say(413, M.tooLarge(limits.maxBytes / 1024 / 1024), lang, field, 'too_large')
  if (kind === 'xlsx') checkZip(bytes, lang, field, limits)
  return kind
}

function checkZip(bytes: Uint8Array, lang: Lang, field: string, limits: typeof SPREADSHEET_LIMITS): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const bomb = () => HttpError.say(413, M.bomb(limits.maxUncompressedBytes / 1024 / 1024), lang, field, 'too_large')
  const corrupt = () => HttpError.say(400, M.corrupt, lang, field, 'invalid_choice')
  // End of central directory: the last 22..65557 bytes.
  let eocd = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw corrupt()
  const entries = view.getUint16(eocd + 10, true)
  const dirOffset = view.getUint32(eocd + 16, true)
  if (entries === 0xffff || dirOffset === 0xffffffff) throw bomb() // ZIP64: far beyond any real workbook here
  if (entries > limits.maxEntries) throw bomb()
  let total = 0
  let at = dirOffset
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw corrupt()
    const method = view.getUint16(at + 10, true)
    const compressed = view.getUint32(at + 20, true)
    const declared = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    total += declared
    if (total > limits.maxUncompressedBytes) throw bomb()
    // Inflate for real, with the remaining budget as a hard cap: declared sizes may lie.
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw corrupt()
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    const data = bytes.subarray(dataStart, dataStart + compressed)
    if (method === 8) {
      let out: Buffer
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, limits.maxUncompressedBytes - (total - declared)) })
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw bomb()
        throw corrupt()
      }
      if (out.length !== declared) throw corrupt()
    } else if (method !== 0) {
      throw corrupt()
    }
    at += 46 + nameLength + extraLength + commentLength
  }
}
