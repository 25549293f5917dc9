// File downloads (spreadsheets): fetched through the api client so they carry the bearer token and the
// language, then saved under the name from Content-Disposition (spec §7: default 'untitled').
import { send, unwrap } from './api-client'
import type { ApiRequest } from './api-client'

export const DEFAULT_DOWNLOAD_NAME = 'untitled'

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first (it may carry
 * Arabic), then a plain or quoted `filename=`. Path separators are dropped; nothing usable gives null.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  if (extended) {
    try {
      const name = clean(decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, '')))
      if (name) return name
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header)
  if (plain) {
    const raw = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim()
    const name = clean(raw)
    if (name) return name
  }
  return null
}

function clean(name: string): string {
  // Separators would let a name point into another folder; control characters are never part of one.
  return [...name.replace(/[/\\]/g, '_')].filter((ch) => ch >= ' ').join('').trim()
}

export type DownloadRequest = Pick<ApiRequest, 'path' | 'query' | 'signal'>

/** What a download produced: the blob and the name it was saved under. */
export type DownloadedFile = { blob: Blob; filename: string }

/** GETs a file; a non-2xx answer throws ApiError (401/403 go to login / access denied like any call). */
export async function fetchFile(request: DownloadRequest): Promise<DownloadedFile> {
  const response = await send({ ...request, method: 'GET' })
  if (!response.ok) await unwrap<never>(response, [401, 403])
  const blob = await response.blob()
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? DEFAULT_DOWNLOAD_NAME
  return { blob, filename }
}

/** Hands a blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/** Fetches a file with the session's token and saves it; resolves with the name used. */
export async function downloadFile(request: DownloadRequest): Promise<string> {
  const { blob, filename } = await fetchFile(request)
  saveBlob(blob, filename)
  return filename
}
