// Reading the PDF the user picks: checked here first (size, and bytes that really start like a PDF: the
// name and declared type are not trusted, as on the server, ADR 0022), then read as the data URL the JSON
// body carries through the outbox.
import { PDF_MAX_BYTES_DEFAULT, looksLikePdf } from '../../../shared/schemas/assessment'

export type PdfCheck =
  | { ok: true; name: string; size: number; dataUrl: string }
  | { ok: false; name: string; size: number; reason: 'not_pdf' | 'too_large' | 'unreadable' }

export const PDF_MAX_BYTES = PDF_MAX_BYTES_DEFAULT

export async function readPdfFile(file: File, maxBytes: number = PDF_MAX_BYTES): Promise<PdfCheck> {
  const base = { name: file.name, size: file.size }
  if (file.size > maxBytes) return { ...base, ok: false, reason: 'too_large' }
  try {
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer())
    if (!looksLikePdf(head)) return { ...base, ok: false, reason: 'not_pdf' }
    const bytes = new Uint8Array(await file.arrayBuffer())
    return { ...base, ok: true, dataUrl: pdfDataUrl(bytes, file.name) }
  } catch {
    return { ...base, ok: false, reason: 'unreadable' }
  }
}

/**
 * "data:application/pdf;name=…;base64,…". The name parameter (RFC 2397 allows attribute=value parameters)
 * carries the file's name for a server that reads it; the current one names JSON uploads "assessment.pdf".
 */
export function pdfDataUrl(bytes: Uint8Array, name: string): string {
  const safeName = encodeURIComponent(name).replace(/[;,]/g, '_')
  return `data:application/pdf;name=${safeName};base64,${toBase64(bytes)}`
}

/** Base64 in chunks, so large files do not overflow the argument list of fromCharCode. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  return btoa(binary)
}

/** A file size for people: "812 B", "12.4 kB", "3.1 MB", in the page's language. */
export function formatFileSize(size: number, locale: string): string {
  const [value, unit] = size < 1024 ? [size, 'byte'] : size < 1024 * 1024 ? [size / 1024, 'kilobyte'] : [size / 1024 / 1024, 'megabyte']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 }).format(value)
}
