import { describe, expect, it } from 'vitest'
import { formatFileSize, readPdfFile, toBase64 } from './pdf-file'

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'

describe('readPdfFile', () => {
  it('accepts bytes that start like a PDF and reads them as a data URL carrying the name', async () => {
    const check = await readPdfFile(new File([PDF], 'قصة.pdf', { type: 'application/pdf' }))
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(check.size).toBe(PDF.length)
    expect(check.dataUrl).toMatch(/^data:application\/pdf;name=[^;,]+;base64,/)
    expect(atob(check.dataUrl.split(',')[1]!)).toBe(PDF)
  })

  it('refuses a file named .pdf whose content is not a PDF, whatever its declared type', async () => {
    const check = await readPdfFile(new File(['hello'], 'x.pdf', { type: 'application/pdf' }))
    expect(check).toMatchObject({ ok: false, reason: 'not_pdf', name: 'x.pdf' })
  })

  it('refuses a file above the limit before reading it', async () => {
    const check = await readPdfFile(new File([PDF], 'big.pdf'), 10)
    expect(check).toMatchObject({ ok: false, reason: 'too_large' })
  })
})

describe('helpers', () => {
  it('encodes large byte arrays in chunks', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256)
    expect(atob(toBase64(bytes)).length).toBe(100_000)
  })

  it('formats sizes', () => {
    expect(formatFileSize(812, 'en')).toBe('812 byte')
    expect(formatFileSize(2048, 'en')).toBe('2 kB')
    expect(formatFileSize(3 * 1024 * 1024, 'en')).toBe('3 MB')
  })
})
