// Multipart uploads (spreadsheet imports), sent through the api client like every other call.
import { apiRequest } from '../../lib/api/api-client'

/** POSTs one file as multipart/form-data under `field`; resolves with the unwrapped payload. */
export function postFile<T = unknown>(path: string, field: string, file: File): Promise<T> {
  const multipart = new FormData()
  multipart.append(field, file, file.name)
  return apiRequest<T>({ method: 'POST', path, multipart })
}
